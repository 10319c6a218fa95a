import { PALETTES, type Palette, spread } from './palettes.js';
import { literal, propertyOfRef, propertyRef } from '../../../layers/expression-text.js';
import { t } from '../../../ui/i18n.js';

export { propertyOfRef, propertyRef } from '../../../layers/expression-text.js';

/** What features outside every category get. */
export const OTHER_COLOUR = '#999999';
/** The class methods of a colour ramp: classes of about as many features, of equal width, or between breaks the map maker types. */
export const CLASS_METHODS = ['quantile', 'equal', 'breaks'] as const;
export type ClassMethod = (typeof CLASS_METHODS)[number];

/** How colour rules are drawn: the palette, the colours' opacity (0–1), and for numbers the classes. */
export interface ColourRuleOptions {
  palette?: Palette;
  opacity?: number;
  classes?: number;
  method?: ClassMethod;
  /** Where the classes begin from the second on, for the `breaks` method: see {@link parseBreaks}. */
  breaks?: readonly number[];
}

/** A colour as an expression of the styling language, with its opacity when it is not opaque. */
export function colourExpression(hex: string, opacity = 1): string {
  const alpha = Math.round(Math.min(1, Math.max(0, opacity)) * 100) / 100;
  return alpha >= 1 ? `color('${hex}')` : `color('${hex}', ${alpha})`;
}

/** One colour per distinct value (the most frequent first, at most as many as the palette has), then the rest grey. */
export function categoricalConditions(property: string, values: readonly unknown[], options: ColourRuleOptions = {}): [string, string][] {
  const { palette = PALETTES[0]!, opacity = 1 } = options;
  const counts = new Map<string, { value: unknown; n: number }>();
  for (const v of values) {
    if (v === null || v === undefined || v === '' || literal(v) === undefined) continue;
    const key = JSON.stringify(v);
    const entry = counts.get(key) ?? { value: v, n: 0 };
    entry.n += 1;
    counts.set(key, entry);
  }
  const top = [...counts.values()].sort((a, b) => b.n - a.n).slice(0, palette.colours.length);
  return [
    ...top.map(({ value }, i): [string, string] => [`${propertyRef(property)} === ${literal(value)!}`, colourExpression(palette.colours[i]!, opacity)]),
    ['true', colourExpression(OTHER_COLOUR, opacity)],
  ];
}

/** A break of equal intervals rounded to two digits finer than the interval, so that it reads well. */
function roundBreak(value: number, step: number): number {
  const digits = Math.max(0, 1 - Math.floor(Math.log10(step)));
  return Number(value.toFixed(Math.min(digits, 12)));
}

/**
 * Where `classes` classes of sorted numbers begin, from the second class on: quantiles (each class
 * holds about as many features; breaks are values of the data) or equal intervals from the least
 * to the greatest. Breaks that coincide, or that equal the least value, are dropped.
 */
export function classBreaks(sorted: readonly number[], classes: number, method: Exclude<ClassMethod, 'breaks'> = 'quantile'): number[] {
  if (sorted.length === 0) return [];
  const min = sorted[0]!;
  const max = sorted[sorted.length - 1]!;
  const step = (max - min) / classes;
  const raw = Array.from({ length: classes - 1 }, (_, i) =>
    method === 'equal' ? roundBreak(min + (i + 1) * step, step) : sorted[Math.floor(((i + 1) * sorted.length) / classes)]!,
  );
  return [...new Set(raw)].filter((b) => b > min && b <= max);
}

/**
 * Breaks as the map maker types them ("3, 4.5" or "3 4.5"): in order, each once; or why not.
 */
export function parseBreaks(text: string): { breaks: number[] } | { error: string } {
  const words = text.split(/[\s,;]+/).filter(Boolean);
  if (words.length === 0) return { error: t('style.breaksEmpty') };
  const bad = words.find((w) => !Number.isFinite(Number(w)));
  if (bad !== undefined) return { error: t('style.breaksNotNumber', { word: bad }) };
  return { breaks: [...new Set(words.map(Number))].sort((a, b) => a - b) };
}

/** The numbers of a property's values, least first: what classes and the histogram are made of. */
export function numericValues(values: readonly unknown[]): number[] {
  return values
    .map(Number)
    .filter((v, i) => values[i] !== null && values[i] !== '' && typeof values[i] !== 'boolean' && Number.isFinite(v))
    .sort((a, b) => a - b);
}

/** Where the classes of `options` begin, from the second on: the chosen breaks, or those of the data. */
export function breaksOf(numbers: readonly number[], options: ColourRuleOptions): number[] {
  const { classes = 5, method = 'quantile' } = options;
  return method === 'breaks' ? [...(options.breaks ?? [])] : classBreaks(numbers, classes, method);
}

/**
 * A colour ramp over classes of a numeric property, lowest class first: `< a`, `>= a && < b`, …,
 * `>= z`. The classes do not overlap, so each reads as a legend row ("< 3", "3–4", "≥ 4"). Features
 * without a number match none and keep the layer's default colour. Chosen breaks hold even where
 * no value falls, so a ramp keeps its meaning as data comes and goes.
 */
export function graduatedConditions(property: string, values: readonly unknown[], options: ColourRuleOptions = {}): [string, string][] {
  const { palette = PALETTES.find((p) => p.kind === 'sequential')!, opacity = 1 } = options;
  const numbers = numericValues(values);
  const breaks = breaksOf(numbers, options);
  const ref = propertyRef(property);
  if (breaks.length === 0) {
    if (numbers.length === 0) return [['true', colourExpression(OTHER_COLOUR, opacity)]];
    return [[`${ref} >= ${numbers[0]}`, colourExpression(spread(palette, 1)[0]!, opacity)]];
  }
  const colours = spread(palette, breaks.length + 1);
  return [
    [`${ref} < ${breaks[0]}`, colourExpression(colours[0]!, opacity)],
    ...breaks.slice(1).map((b, i): [string, string] => [`${ref} >= ${breaks[i]} && ${ref} < ${b}`, colourExpression(colours[i + 1]!, opacity)]),
    [`${ref} >= ${breaks[breaks.length - 1]}`, colourExpression(colours[breaks.length]!, opacity)],
  ];
}

/** What {@link pointSizeExpression} takes: the sizes in pixels of the least and the greatest value. */
export interface SizeRange {
  minPixels: number;
  maxPixels: number;
}

/**
 * A point's size by a numeric property (docs/contract.md §7 `pointSize`, px): the least value of the data gets
 * `minPixels`, the greatest `maxPixels`, linearly between, clamped for values beyond them (data that
 * came later); a feature without a number gets `minPixels`.
 */
export function pointSizeExpression(property: string, values: readonly unknown[], { minPixels, maxPixels }: SizeRange): string {
  const numbers = numericValues(values);
  const ref = propertyRef(property);
  const least = numbers[0] ?? 0;
  const span = (numbers[numbers.length - 1] ?? 0) - least;
  const [lo, hi] = [Math.min(minPixels, maxPixels), Math.max(minPixels, maxPixels)];
  if (span === 0) return `isNaN(${ref}) ? ${minPixels} : ${maxPixels}`;
  const scale = Number(((maxPixels - minPixels) / span).toPrecision(6));
  return `isNaN(${ref}) ? ${minPixels} : clamp(${minPixels} + (${ref} - ${least}) * ${scale}, ${lo}, ${hi})`;
}

/** What {@link pointSizeExpression} wrote: the property and the pixel range; undefined for any other expression. */
export function pointSizeOf(expression: string): ({ property: string } & SizeRange) | undefined {
  const match = /^isNaN\((\$\{.+?\})\) \? ([\d.]+) : (?:([\d.]+)|clamp\([\d.]+ \+ \(\$\{.+?\} - [^)]+\) \* [^,]+, ([\d.]+), ([\d.]+)\))$/.exec(expression);
  const property = match ? propertyOfRef(match[1]!) : undefined;
  if (!match || property === undefined) return undefined;
  const minPixels = Number(match[2]);
  const maxPixels = match[3] !== undefined ? Number(match[3]) : Number(match[4]) === minPixels ? Number(match[5]) : Number(match[4]);
  return { property, minPixels, maxPixels };
}
