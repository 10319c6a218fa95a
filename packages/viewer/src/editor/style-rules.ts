/** A colour for each category, distinct on imagery and for most colour-blind readers (Okabe–Ito, then Tableau). */
export const CATEGORY_COLOURS = ['#e69f00', '#56b4e9', '#009e73', '#f0e442', '#0072b2', '#d55e00', '#cc79a7', '#4e79a7', '#f28e2b', '#59a14f', '#edc948', '#b07aa1'];
/** Light to dark, for values from low to high (ColorBrewer YlOrRd, five classes). */
export const RAMP = ['#ffffb2', '#fecc5c', '#fd8d3c', '#f03b20', '#bd0026'];
/** What features outside every category get. */
export const OTHER_COLOUR = '#999999';

/**
 * A value as a literal of the styling language: numbers as they are, text quoted. CesiumJS sets
 * backslashes aside before parsing, so a quote cannot be escaped: text with a `'` takes `"`, and
 * text with both cannot be written (undefined).
 */
function literal(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  const text = String(value);
  if (!text.includes("'")) return `'${text}'`;
  return text.includes('"') ? undefined : `"${text}"`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * `${name}` for a property, in the form the styling language reads (SPEC §7); a name that is not
 * an identifier (`fill-opacity`, `人口`) as `${feature["fill-opacity"]}`, since `${fill-opacity}`
 * would read as a subtraction.
 */
export const propertyRef = (name: string) => {
  if (IDENTIFIER.test(name)) return `\${${name}}`;
  // The styling language has no escapes in strings: the quote the name does not hold.
  const quote = name.includes('"') ? "'" : '"';
  return `\${feature[${quote}${name}${quote}]}`;
};

/** The property an expression reads when it is one {@link propertyRef}, else undefined. */
export function propertyOfRef(expression: string): string | undefined {
  const match = /^\$\{(?:([A-Za-z_$][A-Za-z0-9_$]*)|feature\[(?:"([^"]*)"|'([^']*)')\])\}$/.exec(expression);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** One colour per distinct value (the most frequent first, at most as many as there are colours), then the rest grey. */
export function categoricalConditions(property: string, values: readonly unknown[]): [string, string][] {
  const counts = new Map<string, { value: unknown; n: number }>();
  for (const v of values) {
    if (v === null || v === undefined || v === '' || literal(v) === undefined) continue;
    const key = JSON.stringify(v);
    const entry = counts.get(key) ?? { value: v, n: 0 };
    entry.n += 1;
    counts.set(key, entry);
  }
  const top = [...counts.values()].sort((a, b) => b.n - a.n).slice(0, CATEGORY_COLOURS.length);
  return [
    ...top.map(({ value }, i): [string, string] => [`${propertyRef(property)} === ${literal(value)!}`, `color('${CATEGORY_COLOURS[i]}')`]),
    ['true', `color('${OTHER_COLOUR}')`],
  ];
}

/**
 * A colour ramp over numeric breaks (quantiles, so that each class holds about as many features),
 * highest class first as the first condition that holds wins.
 */
export function graduatedConditions(property: string, values: readonly unknown[], classes = RAMP.length): [string, string][] {
  const numbers = values.map(Number).filter((v, i) => values[i] !== null && values[i] !== '' && Number.isFinite(v)).sort((a, b) => a - b);
  if (numbers.length === 0) return [['true', `color('${OTHER_COLOUR}')`]];
  const ramp = RAMP.slice(RAMP.length - classes);
  const breaks = [...new Set(Array.from({ length: classes - 1 }, (_, i) => numbers[Math.floor(((i + 1) * numbers.length) / classes)]!))];
  const rows: [string, string][] = breaks
    .map((b, i): [string, string] => [`${propertyRef(property)} >= ${b}`, `color('${ramp[i + 1]}')`])
    .reverse();
  return [...rows, ['true', `color('${ramp[0]}')`]];
}
