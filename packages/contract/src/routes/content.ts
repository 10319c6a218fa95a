import type { ItemRecord, ItemVersionRecord } from '@orbis/content-model';
import { ACTION_ROLES } from '@orbis/scene/roles';
import { Type } from '@sinclair/typebox';
import { FieldSchema, ItemSchema, ItemVersionSchema, ListingSchema, ModelSchema } from '../records.js';
import { declare } from '../route.js';
import { answer, bodyOf, empty, failure, itemListingQuery, listOf, oneOf, paginationQuery, params, shaped } from '../schema-parts.js';

const READ = ACTION_ROLES['project.read'];
const M = '/api/projects/:project/models';
const I = `${M}/:model/items`;
const V = `${I}/:id/versions`;

// The shapes only: the rules of keys, types and limits are the server's (models/field.ts), whose errors name the field.
const fields = Type.Array(shaped<(typeof FieldSchema)['static']>({ $ref: `${FieldSchema.$id}#` }));
const modelFields = {
  name: Type.Optional(Type.String()),
  public: Type.Optional(Type.Boolean()),
  review: Type.Optional(Type.Boolean({ description: 'item writes are drafts that a request publishes (docs/content-workflow.md, "Review")' })),
  fields: Type.Optional(fields),
};
const itemBody = bodyOf({
  fields: Type.Optional(shaped<Record<string, unknown>>({ type: 'object', description: 'values by field key; null clears a field (PATCH)' })),
  public: Type.Optional(Type.Boolean({ description: 'POST: without it, the item is as public as its model' })),
});
const item = (description: string) => answer(ItemSchema, description);
const page = <T>(description: string) =>
  shaped<{ results: T[]; totalCount: number; hasMore: boolean; page: number; limit: number }>({ description, $ref: `${ListingSchema.$id}#` });
// The editor's preview of a model layer (docs/contract.md §10: a layer shows a model's public items): the
// public export's answer, behind the management credentials.
const preview = (format: string) => ({
  summary: `A public model's public items as ${format}, as {model}.${format === 'GeoJSON' ? 'geojson' : 'csv'} exports them, for the editor's layer (a private project too)`,
  least: READ,
  params: params.model,
  query: itemListingQuery,
  answers: {
    200: shaped<unknown>({ description: 'a FeatureCollection (or a page of one) or CSV; with an ETag', $ref: 'Listing#' }),
    304: empty('not modified'),
    404: failure('not_found: no such model, not public, or (GeoJSON) no geometry field'),
  },
});

/** `/api/projects/{p}/models…`: content models and their items (docs/contract.md §10, management API). */
export const modelRoutes = {
  create: declare({
    method: 'POST',
    path: M,
    summary: 'Create a content model',
    least: ACTION_ROLES['model.create'],
    action: 'model.create',
    params: params.project,
    body: bodyOf({ key: Type.String(), ...modelFields }),
    answers: { 201: answer(ModelSchema, 'the model'), 400: failure('invalid_body naming the field'), 409: failure('conflict: the key exists') },
  }),
  list: declare({
    method: 'GET',
    path: M,
    summary: "The project's content models",
    least: READ,
    params: params.project,
    answers: { 200: listOf(ModelSchema, 'the models, by key') },
  }),
  get: declare({
    method: 'GET',
    path: `${M}/:model`,
    summary: 'One content model',
    least: READ,
    params: params.model,
    answers: { 200: answer(ModelSchema, 'the model'), 404: failure('not_found') },
  }),
  update: declare({
    method: 'PATCH',
    path: `${M}/:model`,
    summary: 'Change a model; items keep the values of the fields that remain',
    least: ACTION_ROLES['model.update'],
    action: 'model.update',
    params: params.model,
    body: bodyOf(modelFields),
    answers: { 200: answer(ModelSchema, 'the model'), 404: failure('not_found'), 400: failure('invalid_body: a bad field, or an item that would not fit') },
  }),
  remove: declare({
    method: 'DELETE',
    path: `${M}/:model`,
    summary: 'Delete a model with its items',
    least: ACTION_ROLES['model.delete'],
    action: 'model.delete',
    params: params.model,
    answers: { 204: empty('deleted'), 404: failure('not_found') },
  }),
  // Read as a stream by the server: the schema documents the media types and checks nothing.
  import: declare({
    method: 'POST',
    path: `${M}/:model/import`,
    least: ACTION_ROLES['item.import'],
    action: 'item.import',
    params: params.model,
    summary:
      'Import items, all or nothing: CSV, a JSON array of field objects, a GeoJSON FeatureCollection, or a GIS file (shapefile zip, GeoPackage, FlatGeobuf, GeoJSON sequence; by Content-Type or the file name), as the body or the multipart field file',
    query: Type.Object({ public: Type.Optional(oneOf(['true', 'false'], "whether the items are public (default: the model's own visibility)")) }),
    bodyByType: {
      'text/csv': shaped<unknown>({
        description: 'a header row of field keys (a Point as {key}_lng, {key}_lat; a geometry cell as GeoJSON or WKT), then one item per row',
      }),
      'application/json': shaped<unknown>({ description: 'an array of field objects' }),
      'application/geo+json': shaped<unknown>({ description: 'a FeatureCollection' }),
      'application/zip': shaped<unknown>({ description: 'a shapefile: .shp, .shx, .dbf and .prj (any reference system), in a zip' }),
      'application/geopackage+sqlite3': shaped<unknown>({ description: 'a GeoPackage: every feature table' }),
      'application/flatgeobuf': shaped<unknown>({ description: 'a FlatGeobuf file' }),
      'application/geo+json-seq': shaped<unknown>({ description: 'one GeoJSON feature per line' }),
      'application/octet-stream': shaped<unknown>({
        description: 'any of these, by the Content-Disposition file name (.csv, .json, .geojson, .zip, .gpkg, .fgb, .geojsonl …)',
      }),
      'multipart/form-data': shaped<unknown>({
        properties: { file: { description: "any of these, by the part's media type, or by its file name where that is application/octet-stream" } },
      }),
    },
    answers: {
      201: Type.Object({ created: Type.Integer() }, { description: 'how many items were created' }),
      400: failure('invalid_body naming the first bad row'),
      404: failure('not_found'),
      413: failure('payload_too_large'),
    },
  }),
  geojson: declare({ method: 'GET', path: `${I}.geojson`, ...preview('GeoJSON') }),
  csv: declare({ method: 'GET', path: `${I}.csv`, ...preview('CSV') }),
};

/** `…/models/{m}/items`: items and their kept versions (docs/content-workflow.md). */
export const itemRoutes = {
  create: declare({
    method: 'POST',
    path: I,
    summary: 'Create an item',
    least: ACTION_ROLES['item.create'],
    action: 'item.create',
    params: params.model,
    body: itemBody,
    answers: { 201: item('the item'), 400: failure('invalid_body naming the field'), 404: failure('not_found') },
  }),
  list: declare({
    method: 'GET',
    path: I,
    summary: 'Every item, public or not, in the envelopes of assets.json',
    least: READ,
    params: params.model,
    query: itemListingQuery,
    answers: { 200: page<ItemRecord>('a list or a page'), 400: failure('invalid_parameter or invalid_cursor'), 404: failure('not_found') },
  }),
  get: declare({
    method: 'GET',
    path: `${I}/:id`,
    summary: 'One item',
    least: READ,
    params: params.item,
    answers: { 200: item('the item'), 404: failure('not_found') },
  }),
  update: declare({
    method: 'PATCH',
    path: `${I}/:id`,
    summary: 'Merge values into an item (null clears one); publish or unpublish it',
    least: ACTION_ROLES['item.update'],
    action: 'item.update',
    params: params.item,
    body: itemBody,
    answers: { 200: item('the item'), 404: failure('not_found'), 400: failure('invalid_body naming the field') },
  }),
  remove: declare({
    method: 'DELETE',
    path: `${I}/:id`,
    summary: 'Delete an item',
    least: ACTION_ROLES['item.delete'],
    action: 'item.delete',
    params: params.item,
    answers: { 204: empty('deleted'), 404: failure('not_found') },
  }),
  versions: declare({
    method: 'GET',
    path: V,
    summary: "An item's versions, newest first (also of a deleted item, until its model is deleted)",
    least: READ,
    params: params.item,
    query: paginationQuery,
    answers: {
      200: page<ItemVersionRecord>('a list or a page of {version, at, actor, public, fields}'),
      400: failure('invalid_parameter or invalid_cursor'),
      404: failure('not_found'),
    },
  }),
  version: declare({
    method: 'GET',
    path: `${V}/:version`,
    summary: 'One version of an item',
    least: READ,
    params: params.version,
    answers: {
      200: answer(ItemVersionSchema, '{version, at, actor, public, fields}'),
      400: failure('invalid_parameter: not a version number'),
      404: failure('not_found'),
    },
  }),
  restore: declare({
    method: 'POST',
    path: `${V}/:version/restore`,
    summary: "Make an old version's values the item's again, as a new version",
    least: ACTION_ROLES['item.restore'],
    action: 'item.restore',
    params: params.version,
    answers: {
      200: item('the item'),
      400: failure('invalid_parameter, or invalid_body: the version does not fit the model as it is now'),
      404: failure('not_found'),
      409: failure('conflict: the item was deleted'),
      412: failure('precondition_failed: If-Match names an older version of the item'),
    },
  }),
};
