import type { Appearance, FilterType, LayerFilter, StyleValue } from '@orbis/scene';
import { literal, propertyRef } from './expression-text.js';

/** What a visitor chose for one filter: a range (inclusive; either end open), or the text values kept. */
export type FilterChoice = { type: 'range'; min?: number; max?: number; dates?: boolean } | { type: 'choice'; values: string[] };

/** A layer's filters as the visitor set them (by `filterKey`), and the legend's classes the visitor hid (hiddenClass). */
export interface FilterState {
  choices: Record<string, FilterChoice>;
  hiddenClasses: string[];
}

/** A filter's key in a FilterState: its type and property. */
export const filterKey = (filter: Pick<LayerFilter, 'type' | 'property'>) => `${filter.type}:${filter.property}`;

/**
 * An ISO date property as a number the styling language compares (`20260102` for 2 January 2026):
 * the language compares numbers only, and has no dates, but its `regExp(…).exec(…)` gives the first
 * captured group. A value that is no ISO date gives 0.
 */
export function dateNumberExpression(property: string): string {
  const ref = propertyRef(property);
  const part = (pattern: string) => `Number(regExp('${pattern}').exec(String(${ref})))`;
  return `(${part('^(\\d{4})-')} * 10000 + ${part('^\\d{4}-(\\d{2})')} * 100 + ${part('^\\d{4}-\\d{2}-(\\d{2})')})`;
}

/** A day as dateNumberExpression counts it: `2026-01-02` → 20260102. */
export const dateNumber = (isoDate: string) => Number(isoDate.slice(0, 10).replaceAll('-', ''));

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;
const present = (values: unknown[]) => values.filter((v) => v !== null && v !== undefined && v !== '');
const isDate = (v: unknown): v is string => typeof v === 'string' && ISO_DATE.test(v);
const isNumber = (v: unknown) => typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)));

/** A range filter's bounds in a property's values: numbers, or days of ISO dates (`dates`); undefined when none is either. */
export function filterRange(values: unknown[]): { min: number; max: number; dates: boolean } | undefined {
  const kept = present(values);
  const dates = kept.length > 0 && kept.every(isDate);
  // A loop, not Math.min(...): a layer's million values would overflow the call's arguments.
  let [min, max] = [Infinity, -Infinity];
  for (const v of kept) {
    const n = dates ? dateNumber(v as string) : Number(v);
    if (!Number.isFinite(n)) continue;
    if (n < min) min = n;
    if (n > max) max = n;
  }
  return min <= max ? { min, max, dates } : undefined;
}

/**
 * The filter a property's values call for (the editor's default until its user picks one): a range
 * where every value is a number or every one an ISO date, choices otherwise (names, kinds, codes).
 */
export function filterTypeFor(values: unknown[]): FilterType {
  const kept = present(values);
  return kept.every(isNumber) || kept.every(isDate) ? 'range' : 'choice';
}

/** The condition that holds for a filter's kept features, or undefined when it keeps every feature. */
function keepCondition(property: string, choice: FilterChoice): string | undefined {
  if (choice.type === 'choice') {
    const quoted = choice.values.map(literal).filter((v): v is string => v !== undefined);
    if (quoted.length === 0) return 'false';
    return quoted.map((v) => `${propertyRef(property)} === ${v}`).join(' || ');
  }
  const value = choice.dates ? dateNumberExpression(property) : `Number(${propertyRef(property)})`;
  const ends = [choice.min !== undefined ? `${value} >= ${choice.min}` : undefined, choice.max !== undefined ? `${value} <= ${choice.max}` : undefined].filter(
    (c) => c !== undefined,
  );
  return ends.length ? ends.join(' && ') : undefined;
}

/**
 * The `show` expression of a layer's filters as the visitor set them (docs/contract.md §18
 * `filters`; docs/viewer.md "Filters"): a feature shows when it is in every range and among every
 * choice, and in no class of the legend the visitor hid. Undefined when nothing is filtered.
 */
export function filterExpression(state: FilterState): string | undefined {
  const keep = Object.entries(state.choices).flatMap(([key, choice]) => {
    const condition = keepCondition(key.slice(key.indexOf(':') + 1), choice);
    return condition === undefined ? [] : [`(${condition})`];
  });
  const hidden = state.hiddenClasses.map((hide) => `!(${hide})`);
  const all = [...keep, ...hidden];
  return all.length ? all.join(' && ') : undefined;
}

/**
 * A legend row's class as FilterState.hiddenClasses holds it: the row's condition holds and none
 * before it does (conditions are tried in order; docs/contract.md §7).
 */
export function hiddenClass(conditions: readonly string[], row: number): string {
  return [...conditions.slice(0, row).map((c) => `!(${c})`), `(${conditions[row]})`].join(' && ');
}

/** One `show` field narrowed by `filter`: a feature shows where it did and the filter keeps it. */
function narrowed(show: StyleValue<boolean> | undefined, filter: string): StyleValue<boolean> {
  if (show === undefined || show === true) return { expression: filter };
  if (show === false) return false;
  if ('expression' in show) return { expression: `(${show.expression}) && (${filter})` };
  // Conditions: each value narrowed, and where none holds, the default (shown) narrowed.
  const conditions = show.conditions.map(([c, e]): [string, string] => [c, `(${e}) && (${filter})`]);
  return { conditions: show.conditions.at(-1)?.[0] === 'true' ? conditions : [...conditions, ['true', filter]] };
}

/**
 * The appearance a layer is drawn with under a filter expression: the `show` of its markers, lines
 * and polygons narrowed by it, so that plugins read the filter where Re:Earth's do (the layer's
 * appearance), and a plugin's own `show` narrows it the same way.
 */
export function filteredAppearance(appearance: Appearance | undefined, filter: string | undefined): Appearance | undefined {
  if (filter === undefined) return appearance;
  const out: Appearance = structuredClone(appearance ?? {});
  out.marker = { ...out.marker, show: narrowed(out.marker?.show, filter) };
  out.polyline = { ...out.polyline, show: narrowed(out.polyline?.show, filter) };
  out.polygon = { ...out.polygon, show: narrowed(out.polygon?.show, filter) };
  return out;
}
