// Text of the styling language (docs/contract.md §7) that the editor's panels and the published page's filters write.

/**
 * A value as a literal of the styling language: numbers as they are, text quoted. CesiumJS sets
 * backslashes aside before parsing, so a quote cannot be escaped: text with a `'` takes `"`, and
 * text with both cannot be written (undefined).
 */
export function literal(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  const text = String(value);
  if (!text.includes("'")) return `'${text}'`;
  return text.includes('"') ? undefined : `"${text}"`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * `${name}` for a property, in the form the styling language reads (docs/contract.md §7); a name that is not
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
