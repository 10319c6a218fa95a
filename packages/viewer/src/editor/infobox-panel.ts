import { INFOBOX_FORMATS, type Infobox, type InfoboxField, type InfoboxFormat, type Layer } from '@orbis/scene';
import { ArrowUp, RotateCcw } from 'lucide';
import type { EngineFeatures } from '../engine/engine-features.js';
import { button } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import type { EditorState } from './editor-state.js';
import { onePerLayer } from './layer-panels.js';
import { blockList } from './block-list.js';
import { propertyOfRef, propertyRef } from './style-rules.js';
import { formatNumber } from '../ui/i18n.js';
import { t } from '../ui/i18n.js';

/** How each format shows, by example in the page's language where it has one. */
const formatLabel = (format: InfoboxFormat): string =>
  format === 'number' ? formatNumber(1234.5) : format === 'integer' ? formatNumber(1235) : format === 'percent' ? formatNumber(0.25, { style: 'percent' }) : t(`infobox.formats.${format}`);

/** The property a field shows, when its value is one property as this panel writes it (`${name}`). */
const propertyOf = (field: InfoboxField) => propertyOfRef(field.value);

/** The layer's infobox panel (docs/contract.md §7 `infobox`, §14 formats; made once per layer, then reused). */
export const infoboxPanel = onePerLayer((state, engine, layerId) => makePanel(state, engine, layerId));

/**
 * What a click on the layer's features shows: a title (one property, or the feature's name), and
 * which properties, in which order, with which labels and formats. Until a property is switched
 * off or changed, every property shows as it is (no `fields`).
 */
function makePanel(state: EditorState, engine: Pick<EngineFeatures, 'featureProperties'>, layerId: string): HTMLElement {
  const layer = (): Layer | undefined => state.scene.layers.find((l) => l.id === layerId);
  const testid = (name: string) => `infobox-${name}-${layerId}`;
  const change = (fn: (infobox: Infobox) => void) =>
    state.update((s) => {
      const target = s.layers.find((l) => l.id === layerId);
      if (!target) return;
      const infobox = structuredClone(target.infobox ?? {});
      fn(infobox);
      if (infobox.blocks?.length === 0) delete infobox.blocks;
      if (infobox.title === undefined && infobox.fields === undefined && infobox.blocks === undefined) delete target.infobox;
      else target.infobox = infobox;
    });
  const title = h('select', { 'data-testid': testid('title') });
  title.addEventListener('change', () =>
    change((i) => {
      if (title.value) i.title = propertyRef(title.value);
      else delete i.title;
    }),
  );
  const rows = h('ol', { class: 'infobox-fields', 'aria-label': t('infobox.properties') });
  const names = () => [...new Set(engine.featureProperties(layerId).flatMap((p) => Object.keys(p)))];

  /** The fields as the rows now say: the ticked ones, in the rows' order. */
  const write = () =>
    change((i) => {
      i.fields = [...rows.children].flatMap((row): InfoboxField[] => {
        const [show, label, format] = ['show', 'label', 'format'].map((k) => row.querySelector(`[data-role="${k}"]`)) as [HTMLInputElement, HTMLInputElement, HTMLSelectElement];
        if (!show.checked) return [];
        const name = (row as HTMLElement).dataset.property!;
        return [{ label: label.value.trim() || name, value: propertyRef(name), ...(format.value ? { format: format.value as InfoboxFormat } : {}) }];
      });
    });

  const row = (name: string, field: InfoboxField | undefined, shown: boolean) => {
    const show = h('input', { type: 'checkbox', checked: shown, 'data-role': 'show', 'aria-label': t('infobox.show', { name }), 'data-testid': `infobox-show-${layerId}-${name}` });
    const label = h('input', { class: 'input', value: field?.label ?? name, 'data-role': 'label', 'aria-label': t('infobox.labelOf', { name }), 'data-testid': `infobox-label-${layerId}-${name}` });
    const format = h('select', { 'data-role': 'format', 'aria-label': t('infobox.formatOf', { name }), 'data-testid': `infobox-format-${layerId}-${name}` },
      h('option', { value: '' }, t('infobox.asItIs')), ...INFOBOX_FORMATS.map((f) => h('option', { value: f, selected: field?.format === f }, formatLabel(f))));
    const item = h('li', { 'data-property': name });
    const up = button({ label: t('blocks.moveUp', { name }), icon: ArrowUp, iconOnly: true, variant: 'ghost', onClick: () => {
      item.previousElementSibling?.before(item);
      write();
    } });
    up.classList.add('infobox-up');
    for (const control of [show, label, format]) control.addEventListener('change', write);
    item.append(show, h('span', { class: 'infobox-name', title: name }, name), label, format, up);
    return item;
  };

  const refresh = () => {
    const all = names();
    const infobox = layer()?.infobox;
    const wasTitle = infobox?.title ? propertyOfRef(infobox.title) ?? '' : '';
    title.replaceChildren(h('option', { value: '' }, t('infobox.featureName')), ...all.map((n) => h('option', { value: n, selected: n === wasTitle }, n)));
    const fields = infobox?.fields;
    const listed = fields?.flatMap((f) => (propertyOf(f) ? [[propertyOf(f)!, f] as const] : [])) ?? [];
    const rest = all.filter((n) => !listed.some(([name]) => name === n));
    rows.replaceChildren(...listed.map(([n, f]) => row(n, f, true)), ...rest.map((n) => row(n, undefined, fields === undefined)));
    if (all.length === 0) rows.replaceChildren(h('li', { class: 'hint' }, t('infobox.noProperties')));
  };

  const blocks = blockList({
    kind: 'infobox',
    blocks: () => layer()?.infobox?.blocks ?? [],
    change: (fn) => change((i) => fn((i.blocks ??= []))),
    plugins: () => state.plugins,
    testid: testid('blocks'),
  });
  state.onChange(() => details.open && blocks.render());
  const details = h('details', { class: 'style-panel infobox-panel', 'data-testid': testid('panel') },
    h('summary', {}, t('infobox.title')),
    h('label', {}, t('infobox.titleField'), ' ', title),
    rows,
    button({ label: t('infobox.showAll'), icon: RotateCcw, variant: 'ghost', onClick: () => {
      change((i) => delete i.fields);
      refresh();
    } }),
    blocks.element,
  );
  details.addEventListener('toggle', () => {
    if (!details.open) return;
    refresh();
    blocks.render();
  });
  return details;
}
