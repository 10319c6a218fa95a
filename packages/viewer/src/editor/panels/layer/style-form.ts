import type { StyleValue } from '@orbis/scene';
import { PALETTES, type Palette, paletteOf, spread } from './palettes.js';
import {
  breaksOf,
  categoricalConditions,
  CLASS_METHODS,
  type ClassMethod,
  colourExpression,
  graduatedConditions,
  numericValues,
  OTHER_COLOUR,
  parseBreaks,
  propertyOfRef,
} from './style-rules.js';

/** How features are coloured: all alike, one colour per value, or classes of a number. */
export const COLOUR_MODES = ['single', 'categorical', 'graduated'] as const;
export type ColourMode = (typeof COLOUR_MODES)[number];

/** What the style panel's colour controls say (opacity 0–1; breaks as typed). */
export interface ColourForm {
  mode: ColourMode;
  property: string;
  colour: string;
  palette: string;
  classes: number;
  method: ClassMethod;
  breaks: string;
  opacity: number;
}

/** What the panel shows over a layer with no colour rule for the kind chosen. */
export const DEFAULT_FORM: ColourForm = {
  mode: 'categorical',
  property: '',
  colour: '#3388ff',
  palette: PALETTES[0]!.name,
  classes: 5,
  method: 'quantile',
  breaks: '',
  opacity: 1,
};
export const CLASS_COUNTS = [3, 4, 5, 6, 7] as const;

/** A property's values, by name: the layer's features, as the engine has them. */
export type Column = (property: string) => unknown[];
/** The colour rule a form gives: a style value, or why it gives none (a break that is not a number). */
export type ColourRule = { value: StyleValue<string> } | { error: string } | undefined;

/** The kind of palette a mode colours with. */
export const paletteKindOf = (mode: ColourMode): Palette['kind'] => (mode === 'graduated' ? 'sequential' : 'qualitative');

/** The rule the form gives for the features whose values `column` reads (undefined without a property to colour by). */
export function colourRule(form: ColourForm, column: Column): ColourRule {
  if (form.mode === 'single') return { value: { expression: colourExpression(form.colour, form.opacity) } };
  if (!form.property) return undefined;
  const values = column(form.property);
  const chosen = { palette: paletteOf(form.palette, paletteKindOf(form.mode)), opacity: form.opacity };
  if (form.mode === 'categorical') return { value: { conditions: categoricalConditions(form.property, values, chosen) } };
  const typed = form.method === 'breaks' ? parseBreaks(form.breaks) : { breaks: undefined };
  if ('error' in typed) return { error: typed.error };
  return { value: { conditions: graduatedConditions(form.property, values, { ...chosen, classes: form.classes, method: form.method, breaks: typed.breaks }) } };
}

/** Whether two style values say the same. */
export function sameStyleValue(a: StyleValue<string> | undefined, b: StyleValue<string> | undefined): boolean {
  if (typeof a !== 'object' || typeof b !== 'object') return a === b;
  if ('expression' in a || 'expression' in b) return 'expression' in a && 'expression' in b && a.expression === b.expression;
  return a.conditions.length === b.conditions.length && a.conditions.every(([c, e], i) => b.conditions[i]![0] === c && b.conditions[i]![1] === e);
}

const COLOUR = /^color\('(#[0-9a-fA-F]{6})'(?:, ([\d.]+))?\)$/;
/** A colour expression as {@link colourExpression} writes it: its colour and opacity. */
function colourOf(expression: string): { colour: string; opacity: number } | undefined {
  const match = COLOUR.exec(expression);
  return match ? { colour: match[1]!.toLowerCase(), opacity: match[2] === undefined ? 1 : Number(match[2]) } : undefined;
}

/** A condition's parts: the property it reads, how it compares and with what. */
function comparisons(condition: string): { property: string; parts: [string, string][] } | undefined {
  const parts = condition.split(' && ').map((part) => /^(\$\{.+\}) (===|<|>=) (.+)$/.exec(part));
  if (parts.some((p) => !p)) return undefined;
  const properties = new Set(parts.map((p) => propertyOfRef(p![1]!)));
  const [property] = properties;
  if (properties.size !== 1 || property === undefined) return undefined;
  return { property, parts: parts.map((p) => [p![2]!, p![3]!]) };
}

/** The palette of `kind` whose colours `colours` are (spread over `count` for a sequential one). */
function paletteOfColours(colours: string[], kind: Palette['kind']): Palette | undefined {
  const same = (a: readonly string[]) => a.length === colours.length && a.every((c, i) => c.toLowerCase() === colours[i]);
  return PALETTES.find((p) => p.kind === kind && (kind === 'qualitative' ? same(p.colours.slice(0, colours.length)) : same(spread(p, colours.length))));
}

/**
 * The form a stored colour rule reads as, so that the panel shows what the scene holds (docs/editor.md):
 * a colour, categories of a property on a palette, or classes of a number (quantiles or equal
 * intervals when the data gives those breaks, else the breaks as typed). A rule written by hand or
 * by a plugin that is none of these reads as an expression when it is one, else as nothing.
 */
export function colourFormOf(value: StyleValue<string> | undefined, column: Column): (Partial<ColourForm> & { expression?: string }) | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return /^#[0-9a-f]{6}$/i.test(value) ? { mode: 'single', colour: value.toLowerCase(), opacity: 1 } : undefined;
  if ('expression' in value) {
    const colour = colourOf(value.expression);
    return colour ? { mode: 'single', ...colour } : { expression: value.expression };
  }
  const rules = value.conditions.map(([condition, expression]) => ({
    test: condition === 'true' ? undefined : comparisons(condition),
    colour: colourOf(expression),
  }));
  if (rules.length === 0 || rules.some((r) => !r.colour)) return undefined;
  const opacity = rules[0]!.colour!.opacity;
  const colours = rules.map((r) => r.colour!.colour);
  const last = rules[rules.length - 1]!;
  const property = rules[0]!.test?.property;
  if (!property || rules.some((r) => r.test && r.test.property !== property)) return undefined;
  if (
    last.test === undefined &&
    colours[colours.length - 1] === OTHER_COLOUR &&
    rules.slice(0, -1).every((r) => r.test?.parts.length === 1 && r.test.parts[0]![0] === '===')
  ) {
    const palette = paletteOfColours(colours.slice(0, -1), 'qualitative');
    return palette && { mode: 'categorical', property, palette: palette.name, opacity };
  }
  const breaks = graduatedBreaks(rules.map((r) => r.test?.parts ?? []));
  const palette = breaks && paletteOfColours(colours, 'sequential');
  if (!breaks || !palette) return undefined;
  return { mode: 'graduated', property, palette: palette.name, opacity, ...classingOf(breaks, numericValues(column(property))) };
}

/** The breaks of `< a`, `>= a && < b`, …, `>= z`, in order; undefined when the conditions are not those. */
function graduatedBreaks(tests: [string, string][][]): number[] | undefined {
  if (tests.length < 2) return undefined;
  const breaks = tests.slice(0, -1).map((parts) => Number(parts[parts.length - 1]![1]));
  const fits = tests.every((parts, i) => {
    const expected: [string, number][] = [
      ...(i > 0 ? [['>=', breaks[i - 1]!] as [string, number]] : []),
      ...(i < breaks.length ? [['<', breaks[i]!] as [string, number]] : []),
    ];
    return parts.length === expected.length && parts.every(([op, n], j) => op === expected[j]![0] && Number(n) === expected[j]![1]);
  });
  return fits && breaks.every(Number.isFinite) ? breaks : undefined;
}

/** How classes with these breaks were made: quantiles or equal intervals of the data, if either gives them, else chosen breaks. */
function classingOf(breaks: number[], numbers: number[]): Pick<ColourForm, 'method' | 'classes' | 'breaks'> {
  for (const method of CLASS_METHODS.filter((m) => m !== 'breaks'))
    for (const classes of CLASS_COUNTS) {
      const made = breaksOf(numbers, { method, classes });
      if (numbers.length > 0 && made.length === breaks.length && made.every((b, i) => b === breaks[i])) return { method, classes, breaks: '' };
    }
  return { method: 'breaks', classes: DEFAULT_FORM.classes, breaks: breaks.join(', ') };
}
