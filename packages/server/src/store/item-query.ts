/**
 * A query on a model's items, as the stores translate it to SQL (docs/content-workflow.md,
 * "Queries"); `models/item-query-parser.ts` makes it from a request's parameters.
 */

/** The operators of `filter[field][op]` (docs/content-workflow.md, "Queries"). */
export const QUERY_OPS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'contains', 'exists'] as const;
export type QueryOp = (typeof QUERY_OPS)[number];

/** How a queried value compares: as text (binary order), as a number, as a boolean, or as an instant (the item's own times). */
export type QueryKind = 'text' | 'number' | 'bool' | 'time';

/** What a query may name: a model field, or the item's `createdAt` and `updatedAt`. */
export interface QueryField {
  key: string;
  kind: QueryKind;
  /** The item's own column (`createdAt`, `updatedAt`) rather than a value of its fields. */
  column?: 'created_at' | 'updated_at';
  /** A list (`multiple`) or a geometry: only `exists` applies. */
  existsOnly: boolean;
}

/** One condition: `value` is typed by the field's kind (a list for `in`, a boolean for `exists`). */
export interface Condition {
  field: QueryField;
  op: QueryOp;
  value: string | number | boolean | (string | number)[];
}

/**
 * A query on a model's items: every condition of `and` holds, and when `or` has groups, every
 * condition of at least one group holds; `words` must each appear in one of the `text` fields
 * (ASCII letters in any case); the geometry field's bounding box meets `bbox`. Sorted by `sort`,
 * then by id.
 */
export interface ItemQuery {
  and: Condition[];
  or: Condition[][];
  words: string[];
  text: QueryField[];
  bbox?: { field: string; west: number; south: number; east: number; north: number };
  sort: { field: QueryField; desc: boolean }[];
  /** The query's parameters in one canonical order, URL-encoded: what its cursors, ETags and links carry. */
  canonical: string;
  /** What the model's query indexes hold, whatever this query asks (the same for every query of the model). */
  index: QueryIndexShape;
}

/**
 * The values a model's queries are served from (docs/content-workflow.md, "Which indexes"): its
 * single-valued fields of short values (not `textArea`, `markdown`, `richtext`, lists, groups or
 * geometries), at most `MAX_INDEXED_FIELDS` in the model's order, and its first geometry field's
 * bounding box.
 */
export interface QueryIndexShape {
  fields: QueryField[];
  geometry?: string;
}

/** At most this many fields go into a model's query index (a later field is still queried, by reading the items). */
export const MAX_INDEXED_FIELDS = 30;
