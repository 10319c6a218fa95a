import { FIELD_TYPES, type FieldType, type Layer, type LayerField } from '@orbis/scene';
import { fieldNameProblem, withPropertyRenamed } from '../../drawing/drawn-features.js';
import { Plus, Trash2 } from 'lucide';
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { Button } from '../../../ui/button.js';
import { t } from '../../../ui/i18n.js';
import type { EditorState } from '../../state/editor-state.js';
import { useEditorState } from '../../state/use-editor-state.js';
import './style-panel.css';

/**
 * A drawing layer's small schema (docs/viewer.md, "Drawing in the editor"; docs/contract.md §7 `data.fields`): the
 * property fields each drawn feature's form has, a name and a type (text, number, yes/no) each.
 * Removing a field keeps the values features already have (the infobox still shows them). Renaming
 * one renames its property in every feature, in the same change (so undo takes both back).
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
  const rename = (from: string, to: string) =>
    state.update((s) => {
      const target = s.layers.find((l) => l.id === layer.id);
      if (!target?.data) return;
      const value = target.data.value && withPropertyRenamed(target.data.value, from, to);
      target.data = { ...target.data, fields: fields.map((f) => (f.name === from ? { ...f, name: to } : f)), ...(value && { value }) };
    });
  const trimmed = name.trim();
  const problem = fieldNameProblem(fields, trimmed);
  const add = () => {
    if (problem) return;
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
    // The columns' names, seen; each box and list also names itself (with its field) to a screen reader.
    fields.length > 0 &&
      h('div', { class: 'drawn-fields-head', 'aria-hidden': 'true' }, h('span', {}, t('drawing.fields.name')), h('span', {}, t('drawing.fields.type'))),
    h(
      'ul',
      { class: 'drawn-fields' },
      fields.map((f, i) =>
        h(
          'li',
          { key: f.name },
          h('input', {
            class: 'input',
            'aria-label': t('drawing.fields.rename', { name: f.name }),
            'data-testid': testid(`rename-${f.name}`),
            value: f.name,
            maxLength: 200,
            // On commit (Enter or leaving the box): a name that is empty, taken or the height's goes back to the old one.
            onChange: (e: Event) => {
              const input = e.currentTarget as HTMLInputElement;
              const next = input.value.trim();
              if (next === f.name || fieldNameProblem(fields, next)) input.value = f.name;
              else rename(f.name, next);
            },
          }),
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
      h(Button, { label: t('drawing.fields.add'), icon: Plus, type: 'submit', testid: testid('add'), disabled: problem !== undefined }),
      (problem === 'taken' || problem === 'reserved') && h('p', { class: 'hint', role: 'alert' }, t(`drawing.fields.${problem}`, { name: trimmed })),
    ),
  );
}
