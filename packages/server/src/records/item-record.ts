import type { Field } from '@orbis/content-model';

/**
 * Stands before an asset id in a stored item record: the listing replaces it with the asset's
 * public record (or `null`), which can change after the item was written. Like the assets'
 * ORIGIN_MARK it never appears raw in JSON text.
 */
export const ASSET_MARK = '\u0002';

/** The parts of an item its record shows. */
export interface RecordedItem {
  id: string;
  fields: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

function value(field: Field, raw: unknown): string {
  if (raw === undefined || raw === null) return 'null';
  if (field.type !== 'asset') return JSON.stringify(raw);
  const mark = (id: unknown) => `${ASSET_MARK}${JSON.stringify(id)}`;
  return Array.isArray(raw) ? `[${raw.map(mark).join(',')}]` : mark(raw);
}

/**
 * An item's public record as JSON text, made when the item (or its model) is written so that a
 * listing only joins stored texts: `id`, every field in the model's order (`null` when empty),
 * `createdAt`, `updatedAt` (docs/contract.md §10), with ASSET_MARK before each asset id.
 */
export function itemRecord(fields: Field[], item: RecordedItem): string {
  return `{"id":${JSON.stringify(item.id)}${itemRecordTail(fields, item)}`;
}

/**
 * An item's record after its id: what an import renders before its ids are known (they are
 * given when it commits, SQLite's `json_quote(id)` being `JSON.stringify(id)` for an id).
 */
export function itemRecordTail(fields: Field[], item: Omit<RecordedItem, 'id'>): string {
  let text = '';
  for (const field of fields) text += `,${JSON.stringify(field.key)}:${value(field, item.fields[field.key])}`;
  return `${text},"createdAt":${JSON.stringify(item.createdAt)},"updatedAt":${JSON.stringify(item.updatedAt)}}`;
}

const MARKED = new RegExp(`${ASSET_MARK}"([^"\\\\]*)"`, 'g');

/** The asset ids a chunk of item records names. */
export function markedAssetIds(records: string): Set<string> {
  const ids = new Set<string>();
  for (const m of records.matchAll(MARKED)) ids.add(m[1]!);
  return ids;
}

/**
 * Replaces each marked asset id: with `replacement(id)` (a record fragment, or 'null'), or the
 * plain id string when no replacement is given (the management API shows ids).
 */
export function spliceAssets(records: string, replacement?: (id: string) => string): string {
  if (!records.includes(ASSET_MARK)) return records;
  return records.replace(MARKED, (_, id: string) => (replacement ? replacement(id) : JSON.stringify(id)));
}

/** Keeps only the values of fields that a model still has: what changing a model does to its items. */
export function keptFields(fields: Field[], values: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const field of fields) if (values[field.key] !== undefined) kept[field.key] = values[field.key];
  return kept;
}
