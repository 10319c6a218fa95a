import type { Field } from '@orbis/content-model';

/** A public item as parsed from its record: `id`, field values, `createdAt`, `updatedAt`. */
export type ItemJson = { id: string; createdAt: string; updatedAt: string } & Record<string, unknown>;

/**
 * A public item as a GeoJSON Feature (docs/contract.md §10 `.geojson`): the value of `geometryKey` as its
 * geometry, the other fields (and the timestamps) as properties; undefined when the item has no
 * geometry there.
 */
export function itemFeature(item: ItemJson, geometryKey: string): object | undefined {
  const geometry = item[geometryKey];
  if (geometry === null || geometry === undefined) return undefined;
  const properties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(item)) if (key !== 'id' && key !== geometryKey) properties[key] = value;
  return { type: 'Feature', id: item.id, geometry, properties };
}

/**
 * The CSV columns of a model: `id`, each field (a geometry field as `{key}_lng`, `{key}_lat` for a
 * Point and `{key}` as GeoJSON text for any other geometry), `createdAt`, `updatedAt`.
 */
export function csvColumns(fields: Field[]): string[] {
  const columns = ['id'];
  for (const f of fields) {
    if (f.type === 'geometry' && !f.multiple) columns.push(`${f.key}_lng`, `${f.key}_lat`, f.key);
    else columns.push(f.key);
  }
  columns.push('createdAt', 'updatedAt');
  return columns;
}

/** A cell a spreadsheet would run as a formula: one that starts with = + - @, a TAB or a CR (OWASP "CSV injection"). */
const FORMULA = /^[=+\-@\t\r]/;
/** A cell {@link neutralised} guarded. */
const GUARDED = /^'[=+\-@\t\r]/;

/** Cells that a spreadsheet would run as a formula get a leading `'`. */
export function neutralised(cell: string): string {
  return FORMULA.test(cell) ? `'${cell}` : cell;
}

/** A cell as it was before {@link neutralised} guarded it: what an import of an export reads back. */
export function unguarded(cell: string): string {
  return GUARDED.test(cell) ? cell.slice(1) : cell;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return neutralised(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // Lists, asset records and non-Point geometries as JSON text; an asset as its URL.
  if (typeof value === 'object' && (value as { type?: unknown }).type === 'asset') return neutralised(String((value as { url: string }).url));
  return neutralised(JSON.stringify(value));
}

/** One item as the cells of `csvColumns`, in order. */
export function csvRow(fields: Field[], item: ItemJson): string[] {
  const row = [cell(item.id)];
  for (const f of fields) {
    const value = item[f.key];
    if (f.type === 'geometry' && !f.multiple) {
      const point = value as { type?: string; coordinates?: number[] } | null;
      if (point?.type === 'Point') row.push(String(point.coordinates![0]), String(point.coordinates![1]), '');
      else row.push('', '', cell(value));
    } else if (Array.isArray(value)) {
      row.push(neutralised(JSON.stringify(value)));
    } else {
      row.push(cell(value));
    }
  }
  row.push(cell(item.createdAt), cell(item.updatedAt));
  return row;
}
