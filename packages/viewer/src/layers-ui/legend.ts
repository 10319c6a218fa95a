import type { Appearance, Layer } from '@orbis/scene';
import type { EngineFeatures } from '../engine/engine-features.js';
import { h } from '../ui/dom.js';
import { legendLabels } from './legend-label.js';
import './layers-ui.css';
import { formatNumber, t } from '../ui/i18n.js';

/** Where the legend starts folded: the published page's phone layout (published.css), or a window too low for it beside the widgets. */
const SMALL_SCREEN = '(max-width: 700px), (max-height: 560px)';

/** Appearance fields that are colours: the ones a legend swatch can show. */
const COLOUR_FIELDS = new Set(['pointColor', 'fillColor', 'strokeColor', 'color', 'labelColor', 'pointOutlineColor']);

/** What the legend reads of a layer. */
export type LegendLayer = Pick<Layer, 'id' | 'title' | 'visible' | 'appearance'> & Partial<Pick<Layer, 'type' | 'data'>>;

/** One legend group: a layer's colour field styled by conditions, and its rows. */
export interface LegendGroup {
  layerId: string;
  title: string;
  rows: { label: string; colorExpression: string }[];
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
      ? i === 0 ? t('legend.low') : i === ramp.length - 1 ? t('legend.high') : ''
      : i === 0 ? `< ${n(breaks[0]!)}` : i === ramp.length - 1 ? `≥ ${n(breaks[i - 1]!)}` : `${n(breaks[i - 1]!)}–${n(breaks[i]!)}`;
    return { label, colorExpression: `color('${colour}')` };
  });
}

/** The legend element (`data-testid="legend"`); `update` redraws it for the layers now shown, hiding it when empty. */
export function createLegend(engine: Pick<EngineFeatures, 'expressionColor'>): { element: HTMLElement; update(layers: readonly LegendLayer[]): void } {
  const element = h('section', { class: 'orbis-legend', 'data-testid': 'legend', 'aria-label': t('legend.title') });
  element.hidden = true;
  // On a phone or a small window the legend is folded, so that the globe and the widgets stay in
  // view; a tap opens it. It folds or opens again when the window crosses that size (a phone turned).
  const small = typeof matchMedia === 'function' ? matchMedia(SMALL_SCREEN) : undefined;
  const body = h('div', { class: 'orbis-legend-body' });
  const details = h('details', { open: !small?.matches }, h('summary', {}, t('legend.title')), body);
  small?.addEventListener('change', () => (details.open = !small.matches));
  element.append(details);
  return {
    element,
    update(layers) {
      const groups = legendGroups(layers);
      element.hidden = groups.length === 0;
      body.replaceChildren(
        ...groups.map((g) =>
          h(
            'div',
            { class: 'orbis-legend-group', 'data-layer': g.layerId },
            h('h3', {}, g.title),
            h(
              'ul',
              {},
              ...g.rows.map((row) => {
                const color = engine.expressionColor(row.colorExpression) ?? 'transparent';
                const swatch = h('span', { class: 'orbis-legend-swatch', 'aria-hidden': 'true' });
                swatch.style.background = color;
                return h('li', { 'data-testid': 'legend-row', 'data-color': color }, swatch, h('span', {}, row.label));
              }),
            ),
          ),
        ),
      );
    },
  };
}
