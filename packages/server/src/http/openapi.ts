/** The OpenAPI 3.1 description of every route, served at `/openapi.json`. */
import { modelPaths } from './openapi-models.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });
const error = (description: string) => ({ description, content: json(ref('Error')) });
const projectParam = { name: 'project', in: 'path', required: true, description: 'the project alias', schema: { type: 'string' } };
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const integer = (name: string, description: string) => ({ name, in: 'query', required: false, description, schema: { type: 'integer' } });
const pagination = [
  integer('page', 'page number; 0 or less is 1; ignored when offset or start_cursor is given'),
  integer('offset', 'assets to skip; below 0 is 0; ignored when start_cursor is given'),
  { name: 'start_cursor', in: 'query', required: false, description: 'a nextCursor from an earlier page', schema: { type: 'string' } },
  integer('limit', 'page size: above 100 is 100, 0 or less is 50, absent is 50'),
  integer('perPage', 'alias of limit, checked second'),
  integer('per_page', 'alias of limit, checked third'),
  integer('page_size', 'alias of limit, checked fourth'),
  integer('pageSize', 'alias of limit, checked fifth'),
];
const listing = {
  description: 'without pagination parameters: every asset, streamed; with any: one page',
  headers: { Link: { description: '<…>; rel="next" when there is a next page', schema: { type: 'string' } } },
  content: json({ oneOf: [ref('AssetList'), ref('AssetPage')] }),
};
const admin = [{ adminToken: [] }];

function listOperation(summary: string, security: object[]) {
  return {
    get: {
      summary,
      security,
      parameters: [projectParam, ...pagination],
      responses: {
        200: listing,
        400: error('invalid_parameter or invalid_cursor'),
        401: error('api_key_required, invalid_api_key or unauthorized'),
        404: error('not_found or no_assets'),
      },
    },
  };
}

export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Orbis content service',
    version: '1',
    description: 'Projects, their assets and API keys; the public asset listing of every project.',
  },
  components: {
    securitySchemes: {
      apiKey: { type: 'http', scheme: 'bearer', description: 'a project API key: secret_…' },
      adminToken: { type: 'http', scheme: 'bearer', description: 'the server admin token' },
    },
    schemas: {
      Error: {
        type: 'object',
        required: ['error'],
        properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } } },
      },
      Asset: {
        type: 'object',
        required: ['type', 'id', 'name', 'url', 'contentType', 'size', 'createdAt', 'updatedAt'],
        properties: {
          type: { const: 'asset' },
          id: { type: 'string', description: 'ULID: ascending id is creation order' },
          name: { type: 'string' },
          url: { type: 'string', format: 'uri' },
          contentType: { type: 'string' },
          size: { type: 'integer' },
          createdAt: { type: 'string', format: 'date-time' },
          updatedAt: { type: 'string', format: 'date-time' },
          files: { type: 'array', items: { type: 'string', format: 'uri' }, description: 'archives only' },
          public: { type: 'boolean', description: 'management API only' },
        },
      },
      AssetList: {
        type: 'object',
        properties: { results: { type: 'array', items: ref('Asset') }, totalCount: { type: 'integer' } },
      },
      AssetPage: {
        type: 'object',
        properties: {
          results: { type: 'array', items: ref('Asset') },
          totalCount: { type: 'integer' },
          hasMore: { type: 'boolean' },
          limit: { type: 'integer' },
          nextCursor: { type: ['string', 'null'] },
          page: { type: 'integer', description: 'page and offset modes' },
          offset: { type: 'integer', description: 'page and offset modes' },
        },
      },
      Project: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          alias: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,62}$' },
          name: { type: 'string' },
          visibility: { enum: ['public', 'private'] },
          assetCount: { type: 'integer' },
          publicAssetCount: { type: 'integer' },
          createdAt: { type: 'string', format: 'date-time' },
          updatedAt: { type: 'string', format: 'date-time' },
        },
      },
      Scene: {
        type: 'object',
        required: ['property', 'camera', 'layers', 'widgets', 'story'],
        properties: {
          property: { type: 'object', description: 'ViewerProperty: globe, terrain, scene, tiles, sky, camera, render' },
          camera: { type: 'object', properties: { lng: { type: 'number' }, lat: { type: 'number' }, height: { type: 'number' }, heading: { type: 'number' }, pitch: { type: 'number' }, roll: { type: 'number' } } },
          layers: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, title: { type: 'string' }, type: { enum: ['geojson', 'czml', 'kml', '3dtiles', 'gltf', 'imagery'] }, url: { type: 'string' }, assetId: { type: 'string' }, visible: { type: 'boolean' } } } },
          widgets: { type: 'array', items: { type: 'object' } },
          story: { type: 'object', properties: { pages: { type: 'array', items: { type: 'object' } } } },
        },
      },
      Key: {
        type: 'object',
        properties: { id: { type: 'string' }, name: { type: 'string' }, key: { type: 'string', description: 'only when created' }, createdAt: { type: 'string' } },
      },
    },
  },
  paths: {
    ...modelPaths,
    '/api/p/{project}/assets.json': listOperation('List a project\'s public assets', [{}, { apiKey: [] }]),
    '/api/p/{project}/assets': listOperation('Alias of assets.json', [{}, { apiKey: [] }]),
    '/api/p/{project}/assets/{id}': {
      get: {
        summary: 'One public asset',
        security: [{}, { apiKey: [] }],
        parameters: [projectParam, idParam],
        responses: { 200: { description: 'the asset', content: json(ref('Asset')) }, 401: error('key problems'), 404: error('not_found') },
      },
    },
    '/files/{project}/{assetId}/{name}': {
      get: {
        summary: 'The bytes of a public asset; Range requests, ETag and If-None-Match',
        security: [{}, { apiKey: [] }],
        parameters: [projectParam, { ...idParam, name: 'assetId' }, { name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'the file' }, 206: { description: 'a range of it' }, 304: { description: 'not modified' }, 404: error('not_found'), 416: error('range_not_satisfiable') },
      },
    },
    '/editor/{project}': { get: { summary: 'The editor (HTML); it asks for the admin token', parameters: [projectParam], responses: { 200: { description: 'HTML' } } } },
    '/p/{project}': { get: { summary: 'The published page (HTML), or a 404 page', parameters: [projectParam], responses: { 200: { description: 'HTML' }, 404: { description: 'not published' } } } },
    '/app/{path}': { get: { summary: 'The viewer app\'s built files', parameters: [{ name: 'path', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'a file' } } } },
    '/cesium/{path}': { get: { summary: 'CesiumJS: its ES module, workers and assets', parameters: [{ name: 'path', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'a file' } } } },
    '/api/projects/{project}/files/{assetId}/{name}': {
      get: {
        summary: 'Any asset\'s bytes, public or not (the editor\'s preview)',
        security: admin,
        parameters: [projectParam, { ...idParam, name: 'assetId' }, { name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'the file' }, 206: { description: 'a range of it' }, 404: error('not_found') },
      },
    },
    '/openapi.json': { get: { summary: 'This document', responses: { 200: { description: 'OpenAPI 3.1' } } } },
    '/healthz': { get: { summary: 'Liveness: the process answers', responses: { 200: { description: '{"ok":true}' } } } },
    '/api/projects': {
      get: { summary: 'List projects', security: admin, responses: { 200: { description: 'projects', content: json({ type: 'array', items: ref('Project') }) }, 401: error('unauthorized') } },
      post: {
        summary: 'Create a project',
        security: admin,
        requestBody: { content: json({ type: 'object', required: ['alias'], properties: { alias: { type: 'string' }, name: { type: 'string' }, visibility: { enum: ['public', 'private'] } } }) },
        responses: { 201: { description: 'created', content: json(ref('Project')) }, 400: error('invalid_body'), 409: error('conflict') },
      },
    },
    '/api/projects/{project}': {
      get: { summary: 'One project', security: admin, parameters: [projectParam], responses: { 200: { description: 'project', content: json(ref('Project')) }, 404: error('not_found') } },
      patch: {
        summary: 'Rename or change visibility',
        security: admin,
        parameters: [projectParam],
        requestBody: { content: json({ type: 'object', properties: { name: { type: 'string' }, visibility: { enum: ['public', 'private'] } } }) },
        responses: { 200: { description: 'project', content: json(ref('Project')) }, 400: error('invalid_body') },
      },
      delete: { summary: 'Delete a project, its assets and keys', security: admin, parameters: [projectParam], responses: { 204: { description: 'deleted' } } },
    },
    '/api/projects/{project}/assets': {
      get: { ...listOperation('List every asset, public or not', admin).get },
      post: {
        summary: 'Upload one or more files (all or nothing)',
        security: admin,
        parameters: [projectParam],
        requestBody: {
          content: {
            'multipart/form-data': {
              schema: { type: 'object', properties: { file: { type: 'array', items: { type: 'string', format: 'binary' } }, public: { enum: ['true', 'false'] } } },
            },
          },
        },
        responses: {
          201: { description: 'the asset record, or an array of them for several files', content: json({ oneOf: [ref('Asset'), { type: 'array', items: ref('Asset') }] }) },
          400: error('invalid_body'),
          413: error('payload_too_large'),
        },
      },
    },
    '/api/projects/{project}/assets/{id}': {
      get: { summary: 'One asset', security: admin, parameters: [projectParam, idParam], responses: { 200: { description: 'asset', content: json(ref('Asset')) }, 404: error('not_found') } },
      patch: {
        summary: 'Publish, unpublish or rename an asset',
        security: admin,
        parameters: [projectParam, idParam],
        requestBody: { content: json({ type: 'object', properties: { public: { type: 'boolean' }, name: { type: 'string' } } }) },
        responses: { 200: { description: 'asset', content: json(ref('Asset')) }, 400: error('invalid_body'), 404: error('not_found') },
      },
      delete: { summary: 'Delete an asset and its file', security: admin, parameters: [projectParam, idParam], responses: { 204: { description: 'deleted' }, 404: error('not_found') } },
    },
    '/api/projects/{project}/keys': {
      get: { summary: 'List keys without secrets', security: admin, parameters: [projectParam], responses: { 200: { description: 'keys', content: json({ type: 'array', items: ref('Key') }) } } },
      post: {
        summary: 'Create a key; the only time its secret is shown',
        security: admin,
        parameters: [projectParam],
        requestBody: { content: json({ type: 'object', properties: { name: { type: 'string' } } }) },
        responses: { 201: { description: 'key with secret', content: json(ref('Key')) } },
      },
    },
    '/api/projects/{project}/scene': {
      get: { summary: 'The scene document (a default one until saved)', security: admin, parameters: [projectParam], responses: { 200: { description: 'scene', content: json(ref('Scene')) } } },
      put: {
        summary: 'Replace the scene document',
        security: admin,
        parameters: [projectParam],
        requestBody: { content: json(ref('Scene')) },
        responses: { 200: { description: 'scene', content: json(ref('Scene')) }, 400: error('invalid_body, naming the bad field') },
      },
    },
    '/api/projects/{project}/publish': {
      post: {
        summary: 'Snapshot the scene to /p/{project}',
        security: admin,
        parameters: [projectParam],
        responses: { 200: { description: 'the published URL', content: json({ type: 'object', properties: { url: { type: 'string' } } }) }, 400: error('invalid_body: a layer uses a private or deleted asset') },
      },
      delete: { summary: 'Take the published page down', security: admin, parameters: [projectParam], responses: { 204: { description: 'unpublished' } } },
    },
    '/api/projects/{project}/plugins': {
      get: { summary: 'Installed plugins, in install order', security: admin, parameters: [projectParam], responses: { 200: { description: 'plugins (manifest and files)' } } },
      post: {
        summary: 'Install a plugin (a zip with plugin.json, or JSON {manifest, files}); the same id again replaces it',
        security: admin,
        parameters: [projectParam],
        requestBody: {
          content: {
            'application/json': { schema: { type: 'object', properties: { manifest: { type: 'object' }, files: { type: 'object' } } } },
            'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } },
          },
        },
        responses: { 201: { description: 'the plugin' }, 400: error('invalid_body, naming what is wrong') },
      },
    },
    '/api/projects/{project}/plugins/{id}': {
      delete: { summary: 'Remove a plugin', security: admin, parameters: [projectParam, idParam], responses: { 204: { description: 'removed' }, 404: error('not_found') } },
    },
    '/api/projects/{project}/keys/{id}': {
      delete: { summary: 'Revoke a key, at once', security: admin, parameters: [projectParam, idParam], responses: { 204: { description: 'revoked' }, 404: error('not_found') } },
    },
  },
} as const;
