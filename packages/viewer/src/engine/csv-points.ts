import type { LayerData } from '@orbis/scene';
import Papa from 'papaparse';

/** One row of a CSV layer as a point: where it is, its id (from an id column), and every other column as a property. */
export interface CsvPoint {
  lng: number;
  lat: number;
  height?: number;
  id?: string;
  properties: Record<string, unknown>;
}

/** A column by its header, or by its 0-based index (Re:Earth's form allows both). */
type Column = string | number;

/** Re:Earth's `data.csv` (docs/plugin-api.md, `layers.add`): which columns hold what, and whether the file has a header row. */
export interface ReearthCsv {
  latColumn?: Column;
  lngColumn?: Column;
  heightColumn?: Column;
  idColumn?: Column;
  noHeader?: boolean;
  /** Keep every cell a string (positions are still read as numbers). */
  disableTypeConversion?: boolean;
}

/** A CSV layer's settings: the scene's (docs/contract.md §7 `data`) and, for a plugin's layer, Re:Earth's `csv`, which wins. */
export type CsvSettings = Pick<LayerData, 'latColumn' | 'lngColumn' | 'heightColumn'> & { csv?: ReearthCsv };

const LAT = /^(lat|latitude)$/i;
const LNG = /^(lng|lon|longitude)$/i;

/**
 * The columns that hold a CSV layer's positions and ids (docs/contract.md §7 `data`, and Re:Earth's
 * `data.csv`): the named ones (by header or index), or the first header called `lat`/`latitude`
 * and `lng`/`lon`/`longitude`, in any case. Throws an error that names what is missing.
 */
export function csvColumns(headers: string[], data: CsvSettings = {}): { lat: string; lng: string; height?: string; id?: string } {
  const named = (key: 'latColumn' | 'lngColumn' | 'heightColumn' | 'idColumn') => {
    const reearth = data.csv?.[key];
    const given = reearth ?? (key === 'idColumn' ? undefined : data[key]);
    if (given === undefined) return undefined;
    const name = typeof given === 'number' ? headers[given] : given;
    const path = reearth === undefined ? `data.${key}` : `data.csv.${key}`;
    if (name === undefined || !headers.includes(name))
      throw new Error(`${path}: the CSV has no column ${JSON.stringify(given)} (its columns: ${headers.join(', ')})`);
    return name;
  };
  const lat = named('latColumn') ?? headers.find((h) => LAT.test(h.trim()));
  const lng = named('lngColumn') ?? headers.find((h) => LNG.test(h.trim()));
  if (!lat || !lng) {
    throw new Error(
      `the CSV needs a latitude and a longitude column (lat/latitude and lng/lon/longitude, or data.latColumn and data.lngColumn); its columns: ${headers.join(', ')}`,
    );
  }
  const height = named('heightColumn');
  const id = named('idColumn');
  return { lat, lng, ...(height === undefined ? {} : { height }), ...(id === undefined ? {} : { id }) };
}

/** Parses the text: rows keyed by header, or (Re:Earth's `noHeader`) by column index, "0", "1", …. */
function parseRows(text: string, { noHeader = false, disableTypeConversion = false }: ReearthCsv): { headers: string[]; rows: Record<string, unknown>[] } {
  const options = { dynamicTyping: !disableTypeConversion, skipEmptyLines: true } as const;
  if (!noHeader) {
    const parsed = Papa.parse<Record<string, unknown>>(text, { ...options, header: true });
    return { headers: parsed.meta.fields ?? [], rows: parsed.data };
  }
  const parsed = Papa.parse<unknown[]>(text, { ...options, header: false });
  const width = Math.max(0, ...parsed.data.map((row) => row.length));
  const headers = Array.from({ length: width }, (_, i) => String(i));
  return { headers, rows: parsed.data.map((row) => Object.fromEntries(headers.map((h, i) => [h, row[i] ?? null]))) };
}

/** A cell with nothing in it: none, null (a typed empty cell) or blank text. */
const empty = (cell: unknown) => cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');

/**
 * Parses CSV text with PapaParse (quotes, embedded commas and line breaks, BOM; numbers typed)
 * into points. Rows whose position is not a number in range are skipped and counted.
 */
export function csvPoints(text: string, data: CsvSettings = {}): { points: CsvPoint[]; skipped: number } {
  const { headers, rows } = parseRows(text.replace(/^\uFEFF/, ''), data.csv ?? {});
  const columns = csvColumns(headers, data);
  const points: CsvPoint[] = [];
  let skipped = 0;
  for (const row of rows) {
    const lat = Number(row[columns.lat]);
    const lng = Number(row[columns.lng]);
    const cell = columns.height === undefined ? null : row[columns.height];
    const rawHeight = empty(cell) ? undefined : Number(cell);
    if (empty(row[columns.lat]) || empty(row[columns.lng]) || !(Math.abs(lat) <= 90) || !(Math.abs(lng) <= 180)) {
      skipped++;
      continue;
    }
    const idCell = columns.id === undefined ? null : row[columns.id];
    const properties: Record<string, unknown> = {};
    for (const key of headers) if (key !== columns.lat && key !== columns.lng && key !== columns.height) properties[key] = row[key];
    points.push({
      lng,
      lat,
      ...(rawHeight !== undefined && Number.isFinite(rawHeight) ? { height: rawHeight } : {}),
      ...(empty(idCell) ? {} : { id: String(idCell) }),
      properties,
    });
  }
  return { points, skipped };
}
