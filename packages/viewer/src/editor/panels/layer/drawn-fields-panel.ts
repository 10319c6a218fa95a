import { FIELD_TYPES, type FieldType, type Layer, type LayerField } from '@orbis/scene';
import { Plus, Trash2 } from 'lucide';
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { Button } from '../../../ui/button.js';
import { t } from '../../../ui/i18n.js';
import type { EditorState } from '../../state/editor-state.js';
import { useEditorState } from '../../state/use-editor-state.js';

/**
 * A drawing layer's small schema (docs/viewer.md, "Drawing in the editor"; docs/contract.md §7 `data.fields`): the
 * property fields each drawn feature's form has, a name and a type (text, number, yes/no) each.
 * Removing a field keeps the values features already have (the infobox still shows them).
 */
export function DrawnFieldsPanel({ state, layer }: { state: EditorState; layer: Layer }) {
  useEditorState(state);
  const [name, setName] = useState('');
  const [type, setType] = useState<FieldType>('text');
  const fields = layer.data?.fields ?? [];
  const testid = (what: string) => `fields-${what}-${layer.id}`;
  const write = (next: LayerField[]) =>
    state.update((s) => {
      const target = s.layers.find((l) => l.id === layer.id);
      if (target?.data) target.data = { ...target.data, fields: next };
    });
  const trimmed = name.trim();
  const taken = fields.some((f) => f.name === trimmed);
  const add = () => {
    if (!trimmed || taken) return;
    write([...fields, { name: trimmed, type }]);
    setName('');
  };
  const typeSelect = (value: FieldType, label: string, onChange: (v: FieldType) => void, id: string) =>
    h(
      'select',
      { 'aria-label': label, 'data-testid': id, value, onChange: (e: Event) => onChange((e.currentTarget as HTMLSelectElement).value as FieldType) },
      FIELD_TYPES.map((ft) => h('option', { key: ft, value: ft }, t(`drawing.fields.${ft}`))),
    );
  return h(
    'details',
    { class: 'style-panel', 'data-testid': testid('panel') },
    h('summary', {}, t('drawing.fields.title')),
    fields.length === 0 && h('p', { class: 'hint' }, t('drawing.fields.none')),
    h(
      'ul',
      { class: 'drawn-fields' },
      fields.map((f, i) =>
        h(
          'li',
          { key: f.name },
          h('span', {}, f.name),
          ' ',
          typeSelect(
            f.type,
            t('drawing.fields.typeOf', { name: f.name }),
            (next) => write(fields.map((g, j) => (j === i ? { ...g, type: next } : g))),
            testid(`type-${f.name}`),
          ),
          h(Button, {
            label: t('drawing.fields.remove', { name: f.name }),
            icon: Trash2,
            iconOnly: true,
            variant: 'ghost',
            testid: testid(`remove-${f.name}`),
            onClick: () => write(fields.filter((_, j) => j !== i)),
          }),
        ),
      ),
    ),
    h(
      'form',
      {
        class: 'drawn-fields-add',
        onSubmit: (e: Event) => {
          e.preventDefault();
          add();
        },
      },
      h('input', {
        class: 'input',
        'aria-label': t('drawing.fields.name'),
        placeholder: t('drawing.fields.name'),
        'data-testid': testid('name'),
        value: name,
        maxLength: 200,
        onInput: (e: Event) => setName((e.currentTarget as HTMLInputElement).value),
      }),
      typeSelect(type, t('drawing.fields.type'), setType, testid('type')),
      h(Button, { label: t('drawing.fields.add'), icon: Plus, type: 'submit', testid: testid('add'), disabled: !trimmed || taken }),
      taken && h('p', { class: 'hint', role: 'alert' }, t('drawing.fields.taken', { name: trimmed })),
    ),
  );
}
