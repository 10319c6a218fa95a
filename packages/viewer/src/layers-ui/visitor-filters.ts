import type { Appearance, Layer, LayerFilter } from '@orbis/scene';
import type { EngineFeatures } from '../engine/engine-features.js';
import { h } from '../ui/dom.js';
import { t } from '../ui/i18n.js';
import { SMALL_SCREEN } from './legend.js';
import {
  dateNumber,
  type FilterChoice,
  filteredAppearance,
  filterExpression,
  filterKey,
  filterRange,
  type FilterState,
  hiddenClass,
} from '../layers/layer-filters.js';

/** The most values a choice filter lists (the most frequent first). */
const MAX_CHOICES = 30;

/** What the filters need of the page: the layers' features, and a way to draw a layer with another appearance. */
export interface FilterServices {
  engine: Pick<EngineFeatures, 'featureProperties'>;
  /** Draws a layer with this appearance (its features restyled, not fetched again). */
  restyle(layerId: string, appearance: Appearance | undefined): void;
}

/** A choice filter's values, the most frequent first. */
function choicesOf(values: unknown[]): string[] {
  const counts = new Map<string, number>();
  for (const v of values) if (v !== null && v !== undefined && v !== '') counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_CHOICES)
    .map(([v]) => v);
}

const isoOfDay = (day: number) =>
  `${String(Math.floor(day / 10000)).padStart(4, '0')}-${String(Math.floor(day / 100) % 100).padStart(2, '0')}-${String(day % 100).padStart(2, '0')}`;

/**
 * The published page's filters (docs/contract.md §18 `filters`, docs/viewer.md "Filters"): for each
 * layer that has some, a range of a number or date (two fields) or choices among a text's values
 * (check boxes), and the legend's classes the visitor switched off. Each change narrows the layer's
 * `show` (layer-filters.ts) in the scene's layer (where plugins read it) and restyles the layer.
 */
export class VisitorFilters {
  readonly element: HTMLElement;
  private readonly body: HTMLElement;
  private readonly states = new Map<string, FilterState>();
  /** Each layer's own appearance, which the filters narrow. */
  private readonly own = new Map<string, Appearance | undefined>();
  private readonly built = new Set<string>();

  constructor(
    /** The scene's layers as plugins read them: a filtered layer's entry is replaced by one with the narrowed appearance. */
    private readonly layers: Layer[],
    private readonly services: FilterServices,
  ) {
    for (const layer of layers) this.own.set(layer.id, layer.appearance);
    this.body = h('div', { class: 'orbis-filters-body' });
    // Folded on a phone or a small window, as the legend is.
    const small = typeof matchMedia === 'function' ? matchMedia(SMALL_SCREEN) : undefined;
    const details = h('details', { open: !small?.matches }, h('summary', {}, t('filters.title')), this.body);
    small?.addEventListener('change', () => (details.open = !small.matches));
    this.element = h('section', { class: 'orbis-legend orbis-filters', 'data-testid': 'filters', 'aria-label': t('filters.title') }, details);
    this.element.hidden = true;
  }

  /** Builds the controls of the layers with filters whose features are loaded now (once each). */
  refresh(): void {
    for (const layer of this.layers) {
      if (!layer.filters?.length || this.built.has(layer.id)) continue;
      const properties = this.services.engine.featureProperties(layer.id);
      if (properties.length === 0) continue;
      this.built.add(layer.id);
      this.states.set(layer.id, { choices: {}, hiddenClasses: [] });
      this.body.append(
        h(
          'div',
          { class: 'orbis-filters-layer', 'data-layer': layer.id },
          h('h3', {}, layer.title),
          ...layer.filters.map((f) =>
            this.control(
              layer.id,
              f,
              properties.map((p) => p[f.property]),
            ),
          ),
        ),
      );
    }
    this.element.hidden = this.built.size === 0;
  }

  /** Switches a legend row's class off or on again (its conditions, in order, and its row); answers whether it is now hidden. */
  toggleClass(layerId: string, conditions: readonly string[], row: number): boolean {
    const state = this.states.get(layerId) ?? { choices: {}, hiddenClasses: [] };
    this.states.set(layerId, state);
    const hide = hiddenClass(conditions, row);
    const hidden = !state.hiddenClasses.includes(hide);
    state.hiddenClasses = hidden ? [...state.hiddenClasses, hide] : state.hiddenClasses.filter((c) => c !== hide);
    this.apply(layerId);
    return hidden;
  }

  private set(layerId: string, filter: LayerFilter, choice: FilterChoice): void {
    this.states.get(layerId)!.choices[filterKey(filter)] = choice;
    this.apply(layerId);
  }

  private apply(layerId: string): void {
    const index = this.layers.findIndex((l) => l.id === layerId);
    if (index < 0) return;
    const appearance = filteredAppearance(this.own.get(layerId), filterExpression(this.states.get(layerId)!));
    const { appearance: _old, ...rest } = this.layers[index]!;
    this.layers[index] = appearance ? { ...rest, appearance } : rest;
    this.services.restyle(layerId, appearance);
  }

  private control(layerId: string, filter: LayerFilter, values: unknown[]): HTMLElement {
    const label = filter.label ?? filter.property;
    const testid = (part: string) => `filter-${part}-${layerId}-${filter.property}`;
    if (filter.type === 'choice') {
      const kept = new Set(choicesOf(values));
      const boxes = [...kept].map((value) => {
        const box = h('input', { type: 'checkbox', checked: true, 'data-testid': `${testid('choice')}-${value}` });
        box.addEventListener('change', () => {
          if (box.checked) kept.add(value);
          else kept.delete(value);
          this.set(layerId, filter, { type: 'choice', values: [...kept] });
        });
        return h('label', { class: 'orbis-filter-choice' }, box, ` ${value}`);
      });
      return h('fieldset', { class: 'orbis-filter' }, h('legend', {}, label), ...boxes);
    }
    const range = filterRange(values);
    if (!range) return h('p', { class: 'orbis-filter' }, t('filters.noValues', { label }));
    const shown = (n: number) => (range.dates ? isoOfDay(n) : String(n));
    const read = (input: HTMLInputElement) => (input.value === '' ? undefined : range.dates ? dateNumber(input.value) : Number(input.value));
    const input = (end: 'min' | 'max') =>
      h('input', {
        class: 'input',
        type: range.dates ? 'date' : 'number',
        value: shown(range[end]),
        'aria-label': t(end === 'min' ? 'filters.from' : 'filters.to', { label }),
        'data-testid': testid(end),
      });
    const [min, max] = [input('min'), input('max')];
    const changed = () =>
      this.set(layerId, filter, { type: 'range', ...(range.dates ? { dates: true } : {}), ...withValue('min', read(min)), ...withValue('max', read(max)) });
    min.addEventListener('change', changed);
    max.addEventListener('change', changed);
    return h('fieldset', { class: 'orbis-filter' }, h('legend', {}, label), min, ' – ', max);
  }
}

const withValue = (key: 'min' | 'max', value: number | undefined) => (value === undefined || Number.isNaN(value) ? {} : { [key]: value });
