import type { Appearance, Layer, LayerGroup } from '@orbis/scene';
import { HEATMAP_RAMP } from '@orbis/scene/checks';
import type { EngineFeatures } from '../engine/engine-features.js';
import { h } from '../ui/dom.js';
import { legendLabels } from './legend-label.js';
import './layers-ui.css';
import { formatNumber, t } from '../ui/i18n.js';

/** Where the legend starts folded: the published page's phone layout (published.css), or a window too low for it beside the widgets. */
export const SMALL_SCREEN = '(max-width: 700px), (max-height: 560px)';

/** Appearance fields that are colours: the ones a legend swatch can show. */
const COLOUR_FIELDS = new Set(['pointColor', 'fillColor', 'strokeColor', 'color', 'labelColor', 'pointOutlineColor']);

/** What the legend reads of a layer. */
export type LegendLayer = Pick<Layer, 'id' | 'title' | 'visible' | 'appearance'> & Partial<Pick<Layer, 'type' | 'data' | 'group' | 'heatmap'>>;

/** One legend group: a layer's colour field styled by conditions, and its rows. */
export interface LegendGroup {
  layerId: string;
  title: string;
  rows: { label: string; colorExpression: string }[];
  /** The conditions the rows are (a colour field's `conditions`, in order); none for a raster's ramp. */
  conditions?: string[];
  /** The layer's group (docs/contract.md §18 `group`). */
  group?: string;
}

/**
 * The legend of a set of layers (docs/contract.md §7): for every visible layer, every colour field whose value
 * is `{conditions}`, one row per condition.
 */
export function legendGroups(layers: readonly LegendLayer[]): LegendGroup[] {
  const groups: LegendGroup[] = [];
  for (const layer of layers) {
    const ramp = layer.type === 'geotiff' && layer.visible && !layer.data?.hillshade ? layer.data?.ramp : undefined;
    if (ramp) groups.push({ layerId: layer.id, title: layer.title, rows: rampLegendRows(ramp, layer.data?.breaks) });
    // A heat map (docs/contract.md §18): its ramp, low to high density.
    if (layer.visible && layer.heatmap)
      groups.push({
        layerId: layer.id,
        title: layer.title,
        rows: rampLegendRows(layer.heatmap.ramp ?? HEATMAP_RAMP),
        ...(layer.group !== undefined ? { group: layer.group } : {}),
      });
    if (!layer.visible || !layer.appearance) continue;
    for (const fields of Object.values(layer.appearance as Required<Appearance>)) {
      for (const [field, value] of Object.entries(fields ?? {})) {
        if (!COLOUR_FIELDS.has(field) || typeof value !== 'object' || value === null || !('conditions' in value)) continue;
        const conditions = (value as { conditions: [string, string][] }).conditions;
        const labels = legendLabels(conditions.map(([c]) => c));
        groups.push({
          layerId: layer.id,
          title: layer.title,
          rows: conditions.map(([, e], i) => ({ label: labels[i]!, colorExpression: e })),
          conditions: conditions.map(([c]) => c),
          ...(layer.group !== undefined ? { group: layer.group } : {}),
        });
      }
    }
  }
  return groups;
}

/**
 * The rows of a raster's colour ramp (docs/contract.md §17): one per class of its breaks (`< 0.5`,
 * `0.5–2`, `≥ 2`), or, spread over its values, its colours from low to high.
 */
export function rampLegendRows(ramp: readonly string[], breaks?: readonly number[]): LegendGroup['rows'] {
  const n = (v: number) => formatNumber(v);
  return ramp.map((colour, i) => {
    const label = !breaks
      ? i === 0
        ? t('legend.low')
        : i === ramp.length - 1
          ? t('legend.high')
          : ''
      : i === 0
        ? `< ${n(breaks[0]!)}`
        : i === ramp.length - 1
          ? `≥ ${n(breaks[i - 1]!)}`
          : `${n(breaks[i - 1]!)}–${n(breaks[i]!)}`;
    return { label, colorExpression: `color('${colour}')` };
  });
}

/** What a legend does beyond showing (the published page): its groups, and what a click on a row or a group's box does. */
export interface LegendOptions {
  /** The scene's groups (docs/contract.md §18): the legend follows them, each with a box that shows or hides its layers. */
  groups?: readonly LayerGroup[];
  /** Whether each group shows now. */
  groupVisible?: (groupId: string) => boolean;
  onGroupVisible?: (groupId: string, visible: boolean) => void;
  /** A click on a row of conditions switches its class off or on; answers whether it is now hidden. */
  onToggleClass?: (layerId: string, conditions: readonly string[], row: number) => boolean;
}

/** The legend element (`data-testid="legend"`); `update` redraws it for the layers now shown, hiding it when empty. */
export function createLegend(
  engine: Pick<EngineFeatures, 'expressionColor'>,
  options: LegendOptions = {},
): { element: HTMLElement; update(layers: readonly LegendLayer[]): void } {
  const element = h('section', { class: 'orbis-legend', 'data-testid': 'legend', 'aria-label': t('legend.title') });
  element.hidden = true;
  // On a phone or a small window the legend is folded, so that the globe and the widgets stay in
  // view; a tap opens it. It folds or opens again when the window crosses that size (a phone turned).
  const small = typeof matchMedia === 'function' ? matchMedia(SMALL_SCREEN) : undefined;
  const body = h('div', { class: 'orbis-legend-body' });
  const details = h('details', { open: !small?.matches }, h('summary', {}, t('legend.title')), body);
  small?.addEventListener('change', () => (details.open = !small.matches));
  element.append(details);
  /** Rows switched off, as `layerId row`: kept across redraws. */
  const hidden = new Set<string>();
  const rowOf = (g: LegendGroup, row: LegendGroup['rows'][number], i: number) => {
    const color = engine.expressionColor(row.colorExpression) ?? 'transparent';
    const swatch = h('span', { class: 'orbis-legend-swatch', 'aria-hidden': 'true' });
    swatch.style.background = color;
    const toggle = options.onToggleClass;
    const conditions = g.conditions;
    if (!toggle || !conditions) return h('li', { 'data-testid': 'legend-row', 'data-color': color }, swatch, h('span', {}, row.label));
    const key = `${g.layerId} ${i}`;
    const button = h(
      'button',
      { type: 'button', class: 'orbis-legend-toggle', 'aria-pressed': String(!hidden.has(key)), title: t('legend.toggleClass') },
      swatch,
      h('span', {}, row.label),
    );
    button.addEventListener('click', () => {
      const off = toggle(g.layerId, conditions, i);
      if (off) hidden.add(key);
      else hidden.delete(key);
      button.setAttribute('aria-pressed', String(!off));
    });
    return h('li', { 'data-testid': 'legend-row', 'data-color': color }, button);
  };
  const section = (g: LegendGroup) =>
    h('div', { class: 'orbis-legend-group', 'data-layer': g.layerId }, h('h3', {}, g.title), h('ul', {}, ...g.rows.map((row, i) => rowOf(g, row, i))));
  return {
    element,
    update(layers) {
      const entries = legendGroups(layers);
      const groups = options.groups ?? [];
      const grouped = new Set(groups.map((g) => g.id));
      const groupSections = groups.map((group) => {
        const box = h('input', {
          type: 'checkbox',
          checked: options.groupVisible?.(group.id) ?? group.visible !== false,
          'data-testid': `legend-group-visible-${group.id}`,
        });
        box.addEventListener('change', () => options.onGroupVisible?.(group.id, box.checked));
        return h(
          'div',
          { class: 'orbis-legend-layer-group', 'data-group': group.id, 'data-testid': 'legend-group' },
          h('h2', {}, h('label', {}, box, ` ${group.title}`)),
          ...entries.filter((e) => e.group === group.id).map(section),
        );
      });
      element.hidden = entries.length === 0 && groups.length === 0;
      body.replaceChildren(...groupSections, ...entries.filter((e) => e.group === undefined || !grouped.has(e.group)).map(section));
    },
  };
}
