import { type Scene, SceneSchema } from '@orbis/scene';
import { ACTION_ROLES } from '@orbis/scene/roles';
import { Type } from '@sinclair/typebox';
import { AssetSchema, KeySchema, ListingSchema, type ManagedAssetRecord, ProjectSchema, VisibilitySchema } from '../records.js';
import { declare } from '../route.js';
import { answer, bodyOf, empty, failure, listOf, paginationQuery, params, shaped } from '../schema-parts.js';

const READ = ACTION_ROLES['project.read'];
const P = '/api/projects/:project';
const projectFields = { name: Type.Optional(Type.String()), visibility: Type.Optional(VisibilitySchema), description: Type.Optional(Type.String()) };

/** `/api/projects` and `/api/projects/{p}`. */
export const projectRoutes = {
  create: declare({
    method: 'POST',
    path: '/api/projects',
    summary: 'Create a project',
    least: 'signed-in',
    action: 'project.create',
    body: bodyOf({ alias: Type.String(), ...projectFields }),
    answers: { 201: answer(ProjectSchema, 'the project'), 400: failure('invalid_body'), 409: failure('conflict: the alias exists') },
  }),
  list: declare({
    method: 'GET',
    path: '/api/projects',
    summary: 'Every project (for a user, the ones they are a member of)',
    least: 'signed-in',
    answers: { 200: listOf(ProjectSchema, 'the projects') },
  }),
  get: declare({
    method: 'GET',
    path: P,
    summary: 'One project',
    least: READ,
    params: params.project,
    answers: { 200: answer(ProjectSchema, 'the project'), 404: failure('not_found') },
  }),
  update: declare({
    method: 'PATCH',
    path: P,
    summary: 'Change a project',
    least: ACTION_ROLES['project.update'],
    action: 'project.update',
    params: params.project,
    body: bodyOf(projectFields),
    answers: { 200: answer(ProjectSchema, 'the project'), 400: failure('invalid_body'), 404: failure('not_found') },
  }),
  remove: declare({
    method: 'DELETE',
    path: P,
    summary: 'Delete a project with its assets, keys, models and files',
    least: ACTION_ROLES['project.delete'],
    action: 'project.delete',
    params: params.project,
    answers: { 204: empty('deleted'), 404: failure('not_found') },
  }),
};

const managedAsset = shaped<ManagedAssetRecord>({ description: 'the asset', $ref: `${AssetSchema.$id}#` });

/** `/api/projects/{p}/assets`. */
export const assetRoutes = {
  upload: declare({
    method: 'POST',
    path: `${P}/assets`,
    summary: 'Upload one or more files; written whole or not at all',
    least: ACTION_ROLES['asset.upload'],
    action: 'asset.upload',
    params: params.project,
    bodyByType: { 'multipart/form-data': shaped<unknown>({ properties: { file: { description: 'one or more files' }, public: { enum: ['true', 'false'] } } }) },
    answers: {
      201: shaped<ManagedAssetRecord | ManagedAssetRecord[]>({ description: 'the asset, or a list of them', $ref: 'Asset#' }),
      400: failure('invalid_body'),
      413: failure('payload_too_large'),
    },
  }),
  list: declare({
    method: 'GET',
    path: `${P}/assets`,
    summary: 'Every asset, public or not, in the envelopes of the public listing',
    least: READ,
    params: params.project,
    query: paginationQuery,
    answers: {
      200: shaped<{ results: ManagedAssetRecord[]; totalCount: number }>({ description: 'a list or a page', $ref: `${ListingSchema.$id}#` }),
      400: failure('invalid_parameter or invalid_cursor'),
    },
  }),
  get: declare({
    method: 'GET',
    path: `${P}/assets/:id`,
    summary: 'One asset',
    least: READ,
    params: params.asset,
    answers: { 200: managedAsset, 404: failure('not_found') },
  }),
  update: declare({
    method: 'PATCH',
    path: `${P}/assets/:id`,
    summary: 'Publish, unpublish or rename an asset',
    least: ACTION_ROLES['asset.update'],
    action: 'asset.update',
    params: params.asset,
    body: bodyOf({ public: Type.Optional(Type.Boolean()), name: Type.Optional(Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S' })) }),
    answers: { 200: managedAsset, 400: failure('invalid_body'), 404: failure('not_found') },
  }),
  remove: declare({
    method: 'DELETE',
    path: `${P}/assets/:id`,
    summary: 'Delete an asset and its file',
    least: ACTION_ROLES['asset.delete'],
    action: 'asset.delete',
    params: params.asset,
    answers: { 204: empty('deleted'), 404: failure('not_found') },
  }),
};

/** `/api/projects/{p}/keys`: the secret is shown once. */
export const keyRoutes = {
  create: declare({
    method: 'POST',
    path: `${P}/keys`,
    summary: 'Create an API key: the only time its secret is shown',
    least: ACTION_ROLES['key.create'],
    action: 'key.create',
    params: params.project,
    bodyByType: { 'application/json': bodyOf({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })) }) },
    answers: { 201: answer(KeySchema, 'the key with its secret'), 400: failure('invalid_body') },
  }),
  list: declare({
    method: 'GET',
    path: `${P}/keys`,
    summary: 'The keys, without their secrets',
    least: ACTION_ROLES['key.list'],
    params: params.project,
    answers: { 200: listOf(KeySchema, 'the keys') },
  }),
  revoke: declare({
    method: 'DELETE',
    path: `${P}/keys/:id`,
    summary: 'Revoke a key, at once',
    least: ACTION_ROLES['key.revoke'],
    action: 'key.revoke',
    params: params.key,
    answers: { 204: empty('revoked'), 404: failure('not_found') },
  }),
};

/**
 * The scene document's schema (@orbis/scene, JSON Schema 2020-12) for /openapi.json. The server
 * checks the body against this same schema in its scene service, which names the JSON path of a bad value.
 */
const { $schema: _dialect, $id: _id, ...sceneBody } = JSON.parse(JSON.stringify(SceneSchema)) as Record<string, unknown>;

/** `/api/projects/{p}/scene` and `/api/projects/{p}/publish`. */
export const sceneRoutes = {
  get: declare({
    method: 'GET',
    path: `${P}/scene`,
    summary: 'The scene document (docs/contract.md §4)',
    least: READ,
    params: params.project,
    answers: { 200: shaped<Scene>({ description: 'the scene', ...sceneBody }) },
  }),
  put: declare({
    method: 'PUT',
    path: `${P}/scene`,
    summary: 'Replace the scene document; it is checked as a whole',
    least: ACTION_ROLES['scene.put'],
    action: 'scene.put',
    params: params.project,
    body: shaped<Scene>(sceneBody),
    answers: {
      200: shaped<Scene>({ description: 'the scene as stored', type: 'object' }),
      400: failure('invalid_body naming the path of the first bad value'),
      412: failure('precondition_failed: If-Match names an older version'),
    },
  }),
  publish: declare({
    method: 'POST',
    path: `${P}/publish`,
    summary: 'Publish: snapshot the scene and plugins (a public project only)',
    least: ACTION_ROLES['project.publish'],
    action: 'project.publish',
    params: params.project,
    // Optional: `{"image": "data:image/png;base64,…"}` from the editor (the sharing image).
    bodyByType: {
      'application/json': shaped<{ image?: string }>({ properties: { image: { type: 'string', description: 'the sharing image: a data: URL of a PNG' } } }),
    },
    answers: {
      200: Type.Object({ url: Type.String({ format: 'uri' }) }, { description: 'where the page is' }),
      409: failure('conflict: the project is private'),
    },
  }),
  unpublish: declare({
    method: 'DELETE',
    path: `${P}/publish`,
    summary: 'Take the published page down',
    least: ACTION_ROLES['project.unpublish'],
    action: 'project.unpublish',
    params: params.project,
    answers: { 204: empty('unpublished') },
  }),
};

/** A plugin package as installed (docs/contract.md §5): checked by the server's plugin package rules. */
export interface PluginPackageRecord {
  manifest: { id: string; name: string; version: string } & Record<string, unknown>;
  files: Record<string, string>;
}
const pluginAnswer = (description: string) => shaped<PluginPackageRecord>({ description, type: 'object' });

/** `/api/projects/{p}/plugins`: install (zip or JSON), list, remove. */
export const pluginRoutes = {
  install: declare({
    method: 'POST',
    path: `${P}/plugins`,
    summary: 'Install a plugin (zip, or JSON manifest and files); the same id again replaces it',
    least: ACTION_ROLES['plugin.install'],
    action: 'plugin.install',
    params: params.project,
    bodyByType: {
      'application/json': bodyOf({
        manifest: Type.Optional(shaped<unknown>({ type: 'object', description: 'plugin.json; absent for a Re:Earth package' })),
        files: Type.Optional(shaped<Record<string, string>>({ type: 'object', description: 'file name → code (checked by the plugin package rules)' })),
      }),
      'multipart/form-data': shaped<unknown>({ properties: { file: { description: 'the plugin zip' } } }),
    },
    answers: { 201: pluginAnswer('the plugin'), 400: failure('invalid_body') },
  }),
  // With an ETag (a hash of the list): an open editor polls with If-None-Match and restarts its
  // plugins when the answer is not a 304 (`orbis plugin dev` reinstalled one, docs/plugin-api.md).
  list: declare({
    method: 'GET',
    path: `${P}/plugins`,
    summary: 'The installed plugins, in install order (with an ETag; If-None-Match answers 304 when unchanged)',
    least: READ,
    params: params.project,
    answers: { 200: shaped<PluginPackageRecord[]>({ description: 'the plugins', type: 'array', items: { type: 'object' } }), 304: empty('unchanged') },
  }),
  get: declare({
    method: 'GET',
    path: `${P}/plugins/:id`,
    summary: 'One installed plugin (with the ETag that reinstalling and removing take in If-Match)',
    least: READ,
    params: params.plugin,
    answers: { 200: pluginAnswer('the plugin package'), 404: failure('not_found') },
  }),
  remove: declare({
    method: 'DELETE',
    path: `${P}/plugins/:id`,
    summary: 'Remove a plugin',
    least: ACTION_ROLES['plugin.remove'],
    action: 'plugin.remove',
    params: params.plugin,
    answers: { 204: empty('removed'), 404: failure('not_found') },
  }),
};
