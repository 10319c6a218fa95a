/** The OpenAPI paths of content models (SPEC §10), merged into `openapi.ts`. */

const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const path = (name: string, description: string) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } });
const project = path('project', 'the project alias');
const model = path('model', 'the model key');
const id = path('id', 'the item id');
const admin = [{ adminToken: [] }];
const open = [{}, { apiKey: [] }];
const body = (description: string) => ({ required: true, description, content: { 'application/json': { schema: { type: 'object' } } } });
const ok = (description: string, status = 200) => ({ [status]: { description, content: { 'application/json': { schema: { type: 'object' } } } } });
const pagination = ['page', 'offset', 'limit', 'perPage', 'per_page', 'page_size', 'pageSize']
  .map((name) => ({ name, in: 'query', required: false, schema: { type: 'integer' } }))
  .concat([{ name: 'start_cursor', in: 'query', required: false, schema: { type: 'string' } } as never]);

export const modelPaths = {
  '/api/p/{project}/{model}': {
    get: {
      summary: 'A public model: `{model}.json` (or `{model}`) lists its public items as assets.json does; `.geojson`, `.csv` and `.schema.json` export them',
      security: open,
      parameters: [{ ...model, description: 'the model key, with an optional suffix: .json, .geojson, .csv, .schema.json' }, project, ...pagination],
      responses: { ...ok('a list, a page, a FeatureCollection, CSV or a JSON Schema; with an ETag'), 304: { description: 'not modified' }, 400: error('invalid_parameter or invalid_cursor'), 401: error('api_key_required or invalid_api_key'), 404: error('not_found') },
    },
  },
  '/api/p/{project}/{model}/{id}': {
    get: { summary: 'One public item', security: open, parameters: [project, model, id], responses: { ...ok('the item, with an ETag'), 304: { description: 'not modified' }, 404: error('not_found') } },
  },
  '/api/projects/{project}/models': {
    get: { summary: 'The project\'s models', security: admin, parameters: [project], responses: ok('a list of models') },
    post: { summary: 'Create a model', security: admin, parameters: [project], requestBody: body('{"key","name","public"?,"fields":[…]}'), responses: { ...ok('the model', 201), 400: error('invalid_body'), 409: error('conflict') } },
  },
  '/api/projects/{project}/models/{model}': {
    get: { summary: 'One model', security: admin, parameters: [project, model], responses: { ...ok('the model'), 404: error('not_found') } },
    patch: { summary: 'Change a model; items keep the values of remaining fields', security: admin, parameters: [project, model], requestBody: body('name, public, fields'), responses: { ...ok('the model'), 400: error('invalid_body') } },
    delete: { summary: 'Delete a model and its items', security: admin, parameters: [project, model], responses: { 204: { description: 'deleted' }, 404: error('not_found') } },
  },
  '/api/projects/{project}/models/{model}/items': {
    get: { summary: 'Every item, public or not, in the envelopes of assets.json', security: admin, parameters: [project, model, ...pagination], responses: ok('a list or a page') },
    post: { summary: 'Create an item', security: admin, parameters: [project, model], requestBody: body('{"fields":{…},"public"?}'), responses: { ...ok('the item', 201), 400: error('invalid_body naming the field') } },
  },
  '/api/projects/{project}/models/{model}/import': {
    post: {
      summary: 'Import items, all or nothing: CSV (text/csv), a JSON array of field objects (application/json) or a GeoJSON FeatureCollection',
      security: admin,
      parameters: [project, model, { name: 'public', in: 'query', required: false, schema: { type: 'boolean' } }],
      requestBody: { required: true, content: { 'text/csv': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'array' } }, 'application/geo+json': { schema: { type: 'object' } } } },
      responses: { ...ok('{"created": n}', 201), 400: error('invalid_body naming the first bad row'), 413: error('payload_too_large') },
    },
  },
  '/api/projects/{project}/models/{model}/items/{id}': {
    get: { summary: 'One item', security: admin, parameters: [project, model, id], responses: { ...ok('the item'), 404: error('not_found') } },
    patch: { summary: 'Merge fields into an item (null clears one); set public', security: admin, parameters: [project, model, id], requestBody: body('fields, public'), responses: { ...ok('the item'), 400: error('invalid_body') } },
    delete: { summary: 'Delete an item', security: admin, parameters: [project, model, id], responses: { 204: { description: 'deleted' }, 404: error('not_found') } },
  },
} as const;
