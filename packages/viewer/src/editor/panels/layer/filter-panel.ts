import { FILTER_TYPES, type FilterType, type Layer, type LayerFilter } from '@orbis/scene';
import { Plus, Trash2 } from 'lucide';
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { Button } from '../../../ui/button.js';
import type { EditorState } from '../../state/editor-state.js';
import { useEditorState } from '../../state/use-editor-state.js';
import { t } from '../../../ui/i18n.js';
import { filterTypeFor } from '../../../layers/layer-filters.js';

const valueOf = (event: Event) => (event.currentTarget as HTMLInputElement | HTMLSelectElement).value;

/**
 * The filters a visitor may use on the published page (docs/contract.md §18 `filters`): one row per
 * filter (its property, its type, its label), added and removed here; the published page draws
 * their controls from the layer's data. `names` are the layer's properties, `column` a property's
 * values: the type offered is the one they call for (filterTypeFor) until the user picks another.
 */
export function FilterSection({ state, layer, names, column }: { state: EditorState; layer: Layer; names: string[]; column: (name: string) => unknown[] }) {
  // The layer object is changed in place: the panel draws again on each change of the state.
  useEditorState(state);
  const [property, setProperty] = useState('');
  const [pickedType, setType] = useState<FilterType | undefined>(undefined);
  const [label, setLabel] = useState('');
  const testid = (name: string) => `filters-${name}-${layer.id}`;
  const write = (change: (filters: LayerFilter[]) => LayerFilter[]) =>
    state.update((s) => {
      const target = s.layers.find((l) => l.id === layer.id);
      if (!target) return;
      const filters = change(structuredClone(target.filters ?? []));
      if (filters.length) target.filters = filters;
      else delete target.filters;
    });
  const chosen = names.includes(property) ? property : (names[0] ?? '');
  const type = pickedType ?? (chosen ? filterTypeFor(column(chosen)) : FILTER_TYPES[0]);
  const add = () => {
    if (!chosen) return;
    const filter: LayerFilter = { property: chosen, type, ...(label.trim() ? { label: label.trim() } : {}) };
    write((filters) => [...filters.filter((f) => f.property !== filter.property || f.type !== filter.type), filter]);
    setLabel('');
  };
  return h(
    'fieldset',
    { class: 'layer-tools-filters' },
    h('legend', {}, t('layerTools.filters')),
    h(
      'ul',
      { class: 'filter-rows', 'data-testid': testid('list') },
      (layer.filters ?? []).map((f, i) =>
        h(
          'li',
          { key: `${f.property}/${f.type}` },
          h('span', {}, t(`layerTools.filterRow.${f.type}`, { label: f.label ?? f.property, property: f.property })),
          h(Button, {
            label: t('layerTools.removeFilter', { property: f.property }),
            icon: Trash2,
            iconOnly: true,
            variant: 'ghost',
            onClick: () => write((filters) => filters.filter((_, j) => j !== i)),
          }),
        ),
      ),
    ),
    h(
      'div',
      { class: 'row' },
      h(
        'select',
        {
          'aria-label': t('layerTools.filterProperty'),
          'data-testid': testid('property'),
          value: chosen,
          onChange: (e: Event) => {
            setProperty(valueOf(e));
            setType(undefined);
          },
        },
        names.map((n) => h('option', { key: n, value: n }, n)),
      ),
      h(
        'select',
        { 'aria-label': t('layerTools.filterType'), 'data-testid': testid('type'), value: type, onChange: (e: Event) => setType(valueOf(e) as FilterType) },
        FILTER_TYPES.map((ft) => h('option', { key: ft, value: ft }, t(`layerTools.filterTypes.${ft}`))),
      ),
      h('input', {
        class: 'input',
        placeholder: t('layerTools.filterLabel'),
        'aria-label': t('layerTools.filterLabelAria'),
        'data-testid': testid('label'),
        value: label,
        onInput: (e: Event) => setLabel(valueOf(e)),
      }),
      h(Button, { label: t('layerTools.addFilter'), icon: Plus, testid: testid('add'), onClick: add }),
    ),
  );
}
