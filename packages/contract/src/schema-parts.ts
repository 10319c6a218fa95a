/**
 * The small pieces the route declarations are made of. Each gives the JSON Schema Fastify checks
 * and `/openapi.json` shows, with the TypeScript type both sides take from it (TypeBox).
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';

/** A string, with what it holds. */
export const text = (description?: string) => Type.String(description ? { description } : {});

/** One of some strings, as `{"enum": […]}` (the error Ajv gives names the allowed values). */
export const oneOf = <const V extends readonly string[]>(values: V, description?: string) =>
  Type.Unsafe<V[number]>({ enum: [...values], ...(description ? { description } : {}) });

/** A schema that Fastify checks as written here, typed as `T` (shapes TypeBox would spell differently). */
export const shaped = <T>(schema: object) => Type.Unsafe<T>(schema);

/** An answer of a shared shape (one of `SHARED_SCHEMAS`, each with its `$id`), by reference. */
export const answer = <S extends TSchema>(shape: S, description: string) => Type.Unsafe<Static<S>>({ description, $ref: `${shape.$id}#` });

/** A list of a shared shape. */
export const listOf = <S extends TSchema>(shape: S, description: string) =>
  Type.Unsafe<Static<S>[]>({ description, type: 'array', items: { $ref: `${shape.$id}#` } });

/** An error answer; its description says which codes. */
export const failure = (description: string) => Type.Unsafe<{ error: { code: string; message: string } }>({ description, $ref: 'Error#' });

/** An answer with no body. */
export const empty = (description: string) => Type.Unsafe<undefined>({ description, type: 'null' });

/** A JSON object body with exactly these properties (any other is a 400 `invalid_body` naming it). */
export const bodyOf = <P extends Record<string, TSchema>>(properties: P) => Type.Object(properties, { additionalProperties: false });

/** A path parameter. */
export const param = (description: string) => Type.String({ description });

/** Path parameters, by the names the routes use. */
export const params = {
  none: Type.Object({}),
  project: Type.Object({ project: param('the project alias') }),
  asset: Type.Object({ project: param('the project alias'), id: param('the asset id') }),
  key: Type.Object({ project: param('the project alias'), id: param('the key id') }),
  plugin: Type.Object({ project: param('the project alias'), id: param('the plugin id') }),
  member: Type.Object({ project: param('the project alias'), userId: param('the user id') }),
  invitation: Type.Object({ project: param('the project alias'), id: param('the invitation id') }),
  model: Type.Object({ project: param('the project alias'), model: param('the model key') }),
  request: Type.Object({ project: param('the project alias'), id: param('the request id') }),
  webhook: Type.Object({ project: param('the project alias'), id: param('the webhook id') }),
  item: Type.Object({ project: param('the project alias'), model: param('the model key'), id: param('the item id') }),
  version: Type.Object({
    project: param('the project alias'),
    model: param('the model key'),
    id: param('the item id'),
    version: param('the version number, 1 for the creation'),
  }),
  id: Type.Object({ id: Type.String() }),
};

/** A query parameter left to the route's own rules: Fastify checks no type (and so coerces none). */
const loose = (description: string) => Type.Optional(Type.Unsafe<string>({ description }));

/**
 * The pagination parameters of docs/contract.md §2. Their rules (first value counts, empty is absent, whole
 * decimal integers, clamps) are applied by the server's `assets/page-query.ts`, so the schema
 * declares them without a type that Ajv would check or coerce.
 */
export const paginationQuery = Type.Object({
  page: loose('integer; page number; 0 or less is 1; ignored when offset or start_cursor is given'),
  offset: loose('integer; entries to skip; below 0 is 0; ignored when start_cursor is given'),
  start_cursor: loose('a nextCursor from an earlier page of the same listing'),
  limit: loose('integer; page size: above 100 is 100, 0 or less is 50, absent is 50'),
  perPage: loose('alias of limit, checked second'),
  per_page: loose('alias of limit, checked third'),
  page_size: loose('alias of limit, checked fourth'),
  pageSize: loose('alias of limit, checked fifth'),
});

/** `?expand=` of the public item routes (docs/content-workflow.md, "Field types"). */
export const expandQuery = loose('reference fields (comma-separated) whose items are inlined, each as its public record (null when not public)');

/**
 * The pagination parameters and an item query's (docs/content-workflow.md, "Queries"), checked by
 * the server's `models/item-query-parser.ts` against the model; the names with brackets stand for a family.
 */
export const itemListingQuery = Type.Object({
  ...paginationQuery.properties,
  'filter[field][op]': loose(
    'a condition on a field (or createdAt, updatedAt); op: eq, ne, lt, lte, gt, gte, in (comma list), contains (text), exists (true/false); several are and-ed',
  ),
  'or[n][field][op]': loose('conditions of group n, and-ed within it; the groups are or-ed'),
  sort: loose('fields to sort by, comma-separated, "-" for descending (then by id)'),
  q: loose('words that must each appear in a text field (ASCII letters in any case)'),
  bbox: loose("west,south,east,north: items whose geometry's bounding box meets it"),
  expand: expandQuery,
});
