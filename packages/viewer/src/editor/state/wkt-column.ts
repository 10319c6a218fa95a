import Papa from 'papaparse';

const WKT = /^\s*(SRID=\d+;\s*)?(MULTI)?(POINT|LINESTRING|POLYGON)\b|^\s*GEOMETRYCOLLECTION\b/i;

/**
 * The column of a CSV's first rows whose cells are WKT geometries, if any (docs/contract.md §13
 * `data.wktColumn`): what *Add as layer* sets for a CSV with no lat/lng columns. `head` may end
 * mid-row (the first kilobytes of the file); only whole rows are looked at.
 */
export function wktColumnOf(head: string): string | undefined {
  const lines = head.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<Record<string, unknown>>(lines.slice(0, lines.lastIndexOf('\n') + 1) || lines, { header: true, skipEmptyLines: true, preview: 5 });
  const first = parsed.data[0];
  if (!first) return undefined;
  return parsed.meta.fields?.find((field) => typeof first[field] === 'string' && WKT.test(first[field] as string));
}
