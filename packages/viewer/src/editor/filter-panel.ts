import { FILTER_TYPES, type FilterType, type LayerFilter } from '@orbis/scene';
import { t } from '../ui/i18n.js';
import { Plus, Trash2 } from 'lucide';
import { button } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import type { EditorState } from './editor-state.js';
import type { PanelEngine } from './layer-panels.js';

/**
 * The filters a visitor may use on the published page (docs/contract.md §18 `filters`): one row per
 * filter (its property, its type, its label), added and removed here; the published page draws
 * their controls from the layer's data. `refresh` redraws it from the scene (the tools panel calls it
 * on each change).
 */
export function filterSection(state: EditorState, engine: Pick<PanelEngine, 'featureProperties'>, layerId: string): { element: HTMLElement; refresh(): void } {
  const testid = (name: string) => `filters-${name}-${layerId}`;
  const filtersOf = () => state.scene.layers.find((l) => l.id === layerId)?.filters ?? [];
  const write = (change: (filters: LayerFilter[]) => LayerFilter[]) =>
    state.update((s) => {
      const layer = s.layers.find((l) => l.id === layerId);
      if (!layer) return;
      const filters = change(structuredClone(layer.filters ?? []));
      if (filters.length) layer.filters = filters;
      else delete layer.filters;
    });
  const names = () => [...new Set(engine.featureProperties(layerId).flatMap((p) => Object.keys(p)))];
  const list = h('ul', { class: 'filter-rows', 'data-testid': testid('list') });
  const property = h('select', { 'aria-label': t('layerTools.filterProperty'), 'data-testid': testid('property') });
  const type = h(
    'select',
    { 'aria-label': t('layerTools.filterType'), 'data-testid': testid('type') },
    ...FILTER_TYPES.map((type) => h('option', { value: type }, t(`layerTools.filterTypes.${type}`))),
  );
  const label = h('input', {
    class: 'input',
    placeholder: t('layerTools.filterLabel'),
    'aria-label': t('layerTools.filterLabelAria'),
    'data-testid': testid('label'),
  });
  const add = button({
    label: t('layerTools.addFilter'),
    icon: Plus,
    testid: testid('add'),
    onClick: () => {
      if (!property.value) return;
      const filter: LayerFilter = { property: property.value, type: type.value as FilterType, ...(label.value.trim() ? { label: label.value.trim() } : {}) };
      write((filters) => [...filters.filter((f) => f.property !== filter.property || f.type !== filter.type), filter]);
      label.value = '';
    },
  });
  const refresh = () => {
    const chosen = property.value;
    property.replaceChildren(...names().map((n) => h('option', { value: n, selected: n === chosen }, n)));
    list.replaceChildren(
      ...filtersOf().map((f, i) =>
        h(
          'li',
          {},
          h('span', {}, t(`layerTools.filterRow.${f.type}`, { label: f.label ?? f.property, property: f.property })),
          button({
            label: t('layerTools.removeFilter', { property: f.property }),
            icon: Trash2,
            iconOnly: true,
            variant: 'ghost',
            onClick: () => write((filters) => filters.filter((_, j) => j !== i)),
          }),
        ),
      ),
    );
  };
  const element = h(
    'fieldset',
    { class: 'layer-tools-filters' },
    h('legend', {}, t('layerTools.filters')),
    list,
    h('div', { class: 'row' }, property, type, label, add),
  );
  return { element, refresh };
}
