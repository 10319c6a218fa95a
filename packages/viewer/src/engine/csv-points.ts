import type { LayerData } from '@orbis/scene';
import Papa from 'papaparse';

/** One row of a CSV layer as a point: where it is, and every other column as a property. */
export interface CsvPoint {
  lng: number;
  lat: number;
  height?: number;
  properties: Record<string, unknown>;
}

const LAT = /^(lat|latitude)$/i;
const LNG = /^(lng|lon|longitude)$/i;

/**
 * The columns that hold a CSV layer's positions (docs/contract.md §7 `data`): the named ones, or the first
 * header called `lat`/`latitude` and `lng`/`lon`/`longitude`, in any case. Throws an error that
 * names what is missing.
 */
export function csvColumns(headers: string[], data: LayerData = {}): { lat: string; lng: string; height?: string } {
  const named = (key: 'latColumn' | 'lngColumn' | 'heightColumn') => {
    const name = data[key];
    if (name !== undefined && !headers.includes(name)) throw new Error(`data.${key}: the CSV has no column "${name}" (its columns: ${headers.join(', ')})`);
    return name;
  };
  const lat = named('latColumn') ?? headers.find((h) => LAT.test(h.trim()));
  const lng = named('lngColumn') ?? headers.find((h) => LNG.test(h.trim()));
  if (!lat || !lng) {
    throw new Error(`the CSV needs a latitude and a longitude column (lat/latitude and lng/lon/longitude, or data.latColumn and data.lngColumn); its columns: ${headers.join(', ')}`);
  }
  const height = named('heightColumn');
  return height === undefined ? { lat, lng } : { lat, lng, height };
}

/**
 * Parses CSV text with PapaParse (quotes, embedded commas and line breaks, BOM; numbers typed)
 * into points. Rows whose position is not a number in range are skipped and counted.
 */
export function csvPoints(text: string, data: LayerData = {}): { points: CsvPoint[]; skipped: number } {
  const parsed = Papa.parse<Record<string, unknown>>(text.replace(/^\uFEFF/, ''), { header: true, dynamicTyping: true, skipEmptyLines: true });
  const headers = parsed.meta.fields ?? [];
  const columns = csvColumns(headers, data);
  const points: CsvPoint[] = [];
  let skipped = 0;
  for (const row of parsed.data) {
    const lat = Number(row[columns.lat]);
    const lng = Number(row[columns.lng]);
    const cell = columns.height === undefined ? null : row[columns.height];
    const rawHeight = cell === null || cell === undefined || cell === '' ? undefined : Number(cell);
    if (row[columns.lat] === null || row[columns.lng] === null || !(Math.abs(lat) <= 90) || !(Math.abs(lng) <= 180)) {
      skipped++;
      continue;
    }
    const properties: Record<string, unknown> = {};
    for (const key of headers) if (key !== columns.lat && key !== columns.lng && key !== columns.height) properties[key] = row[key];
    points.push({ lng, lat, ...(rawHeight !== undefined && Number.isFinite(rawHeight) ? { height: rawHeight } : {}), properties });
  }
  return { points, skipped };
}
