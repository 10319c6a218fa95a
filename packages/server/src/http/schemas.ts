/**
 * The JSON Schemas of the service's routes, one source for Fastify's validation (Ajv) and for
 * `/openapi.json` (@fastify/swagger). Shared shapes are added to the app once (`sharedSchemas`)
 * and referred to as `{ $ref: 'Name#' }`.
 */

import { FIELD_TYPES } from '@orbis/content-model';
import { ALIAS_PATTERN } from '@orbis/scene/checks';
import { WEBHOOK_TRIGGERS } from '../store/webhook-store.js';

const ref = (name: string) => ({ $ref: `${name}#` });
const text = (description?: string) => ({ type: 'string', ...(description ? { description } : {}) });

/** The shapes that several routes answer or take, each with its `$id`. */
export const sharedSchemas = [
  {
    $id: 'Error',
    type: 'object',
    required: ['error'],
    properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: text('one of the codes of docs/contract.md §2'), message: text() } } },
  },
  {
    $id: 'Asset',
    type: 'object',
    required: ['type', 'id', 'name', 'url', 'contentType', 'size', 'createdAt', 'updatedAt'],
    properties: {
      type: { const: 'asset' },
      id: text('ULID: ascending id is creation order'),
      name: text(),
      url: { type: 'string', format: 'uri' },
      contentType: text(),
      size: { type: 'integer' },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
      files: { type: 'array', items: { type: 'string', format: 'uri' }, description: 'archives only' },
      public: { type: 'boolean', description: 'management API only' },
    },
  },
  {
    $id: 'Listing',
    description: 'without pagination parameters every entry, streamed, as {results, totalCount}; with any, one page',
    type: 'object',
    required: ['results', 'totalCount'],
    properties: {
      results: { type: 'array', items: { type: 'object' } },
      totalCount: { type: 'integer' },
      hasMore: { type: 'boolean' },
      limit: { type: 'integer' },
      nextCursor: { type: ['string', 'null'] },
      page: { type: 'integer', description: 'page and offset modes' },
      offset: { type: 'integer', description: 'page and offset modes' },
    },
  },
  {
    $id: 'Project',
    type: 'object',
    properties: {
      id: text(),
      alias: { type: 'string', pattern: ALIAS_PATTERN.source },
      name: text(),
      visibility: { enum: ['public', 'private'] },
      assetCount: { type: 'integer' },
      publicAssetCount: { type: 'integer' },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
    },
  },
  {
    $id: 'Key',
    type: 'object',
    properties: { id: text(), name: text(), key: text('only when created'), createdAt: text() },
  },
  {
    $id: 'Field',
    type: 'object',
    required: ['key', 'type'],
    properties: {
      key: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]{0,62}$' },
      type: { enum: [...FIELD_TYPES] },
      name: text(),
      required: { type: 'boolean' },
      multiple: { type: 'boolean' },
      options: { type: 'array', items: { type: 'string' } },
    },
  },
  {
    $id: 'Model',
    type: 'object',
    properties: {
      id: text(),
      key: { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,62}$' },
      name: text(),
      public: { type: 'boolean' },
      review: { type: 'boolean' },
      fields: { type: 'array', items: ref('Field') },
      itemCount: { type: 'integer' },
      publicItemCount: { type: 'integer' },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
    },
  },
  {
    $id: 'ItemVersion',
    description: 'one kept version of an item (docs/content-workflow.md)',
    type: 'object',
    required: ['version', 'at', 'actor', 'public', 'fields'],
    properties: {
      version: { type: 'integer', description: '1 for the creation, then one more per write' },
      at: { type: 'string', format: 'date-time' },
      actor: { type: 'object', description: '{"type": "admin" | "user" | "token" | "system", "id"?, "email"?}' },
      public: { type: 'boolean' },
      fields: { type: 'object', description: "the item's values in this version" },
    },
  },
  {
    $id: 'Item',
    description: '{"id", the fields in the model\'s order (null when empty), "createdAt", "updatedAt"}; "public" on the management API',
    type: 'object',
    required: ['id', 'createdAt', 'updatedAt'],
    properties: { id: text(), createdAt: { type: 'string', format: 'date-time' }, updatedAt: { type: 'string', format: 'date-time' } },
  },
  {
    $id: 'ReviewRequest',
    description: 'a request to review and publish items\' drafts (docs/content-workflow.md, "Review")',
    type: 'object',
    required: ['id', 'title', 'state', 'items', 'reviewers', 'createdBy', 'createdAt', 'closedBy', 'closedAt', 'comment'],
    properties: {
      id: text(),
      title: text(),
      state: { enum: ['open', 'approved', 'declined'] },
      items: { type: 'array', items: { type: 'object', properties: { model: { type: ['string', 'null'] }, id: text() } } },
      reviewers: { type: 'array', items: text('a user id') },
      createdBy: { type: 'object', description: 'the actor of the audit log' },
      createdAt: { type: 'string', format: 'date-time' },
      closedBy: { type: ['object', 'null'] },
      closedAt: { type: ['string', 'null'], format: 'date-time' },
      comment: { type: ['string', 'null'] },
    },
  },
  {
    $id: 'Webhook',
    description: 'a webhook (docs/content-workflow.md, "Webhooks"); "secret" only in the answer that created it',
    type: 'object',
    required: ['id', 'url', 'triggers', 'active', 'createdAt', 'updatedAt'],
    properties: {
      id: text(),
      url: { type: 'string', format: 'uri' },
      triggers: { type: 'array', items: { enum: [...WEBHOOK_TRIGGERS] } },
      active: { type: 'boolean' },
      secret: text('whsec_…: the Standard Webhooks signing secret, shown once'),
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
    },
  },
  {
    $id: 'WebhookDelivery',
    description: 'one event sent (or to send) to a webhook, and how its receiver answered the last try',
    type: 'object',
    required: ['id', 'type', 'status', 'attempts', 'statusCode', 'error', 'attemptedAt', 'nextAttemptAt', 'createdAt'],
    properties: {
      id: text('msg_…: the webhook-id header, the same on every try'),
      type: { enum: [...WEBHOOK_TRIGGERS] },
      status: { enum: ['pending', 'delivered', 'failed'] },
      attempts: { type: 'integer' },
      statusCode: { type: ['integer', 'null'], description: "the last answer's HTTP status; null when none came" },
      error: { type: ['string', 'null'], description: 'why no answer came (a refused address, a timeout)' },
      attemptedAt: { type: ['string', 'null'], format: 'date-time' },
      nextAttemptAt: { type: ['string', 'null'], format: 'date-time' },
      createdAt: { type: 'string', format: 'date-time' },
    },
  },
];

const param = (description: string) => ({ type: 'string', description });

/** Path parameters, by the names the routes use. */
export const params = {
  project: { type: 'object', required: ['project'], properties: { project: param('the project alias') } },
  asset: { type: 'object', required: ['project', 'id'], properties: { project: param('the project alias'), id: param('the asset id') } },
  key: { type: 'object', required: ['project', 'id'], properties: { project: param('the project alias'), id: param('the key id') } },
  plugin: { type: 'object', required: ['project', 'id'], properties: { project: param('the project alias'), id: param('the plugin id') } },
  model: { type: 'object', required: ['project', 'model'], properties: { project: param('the project alias'), model: param('the model key') } },
  request: { type: 'object', required: ['project', 'id'], properties: { project: param('the project alias'), id: param('the request id') } },
  webhook: { type: 'object', required: ['project', 'id'], properties: { project: param('the project alias'), id: param('the webhook id') } },
  item: { type: 'object', required: ['project', 'model', 'id'], properties: { project: param('the project alias'), model: param('the model key'), id: param('the item id') } },
} as const;

/**
 * The pagination parameters of docs/contract.md §2. Their rules (first value counts, empty is absent, whole
 * decimal integers, clamps) are applied by `assets/page-query.ts`, so the schema declares them
 * without a type that Ajv would check or coerce.
 */
export const paginationQuery = {
  type: 'object',
  properties: {
    page: { description: 'integer; page number; 0 or less is 1; ignored when offset or start_cursor is given' },
    offset: { description: 'integer; entries to skip; below 0 is 0; ignored when start_cursor is given' },
    start_cursor: { description: 'a nextCursor from an earlier page of the same listing' },
    limit: { description: 'integer; page size: above 100 is 100, 0 or less is 50, absent is 50' },
    perPage: { description: 'alias of limit, checked second' },
    per_page: { description: 'alias of limit, checked third' },
    page_size: { description: 'alias of limit, checked fourth' },
    pageSize: { description: 'alias of limit, checked fifth' },
  },
} as const;

/** `?expand=` of the public item routes (docs/content-workflow.md, "Field types"). */
export const expandQuery = { description: 'reference fields (comma-separated) whose items are inlined, each as its public record (null when not public)' } as const;

/**
 * The pagination parameters and an item query's (docs/content-workflow.md, "Queries"), checked by
 * `models/item-query-parser.ts` against the model; the names with brackets stand for a family.
 */
export const itemListingQuery = {
  type: 'object',
  properties: {
    ...paginationQuery.properties,
    'filter[field][op]': { description: 'a condition on a field (or createdAt, updatedAt); op: eq, ne, lt, lte, gt, gte, in (comma list), contains (text), exists (true/false); several are and-ed' },
    'or[n][field][op]': { description: 'conditions of group n, and-ed within it; the groups are or-ed' },
    sort: { description: 'fields to sort by, comma-separated, "-" for descending (then by id)' },
    q: { description: 'words that must each appear in a text field (ASCII letters in any case)' },
    bbox: { description: "west,south,east,north: items whose geometry's bounding box meets it" },
    expand: expandQuery,
  },
} as const;

/** An answer of a shared shape. */
export const answer = (name: string, description: string) => ({ description, ...ref(name) });
/** An error answer. */
export const failure = (description: string) => ({ description, ...ref('Error') });
/** An answer with no body. */
export const empty = (description: string) => ({ description, type: 'null' });
/** A list of a shared shape. */
export const listOf = (name: string, description: string) => ({ description, type: 'array', items: ref(name) });

/** A JSON object body with exactly these properties (any other is a 400 `invalid_body` naming it). */
export function objectBody(properties: Record<string, object>, required: string[] = []) {
  return { type: 'object', properties, required, additionalProperties: false };
}

type Security = { [label: string]: string[] }[];
/** The admin token, or a user's session or personal access token with the role `auth/route-rules.ts` gives the route. */
export const adminSecurity: Security = [{ adminToken: [] }, { accessToken: [] }, { session: [] }];
/** No key on a public project, a project key on a private one. */
export const publicSecurity: Security = [{}, { apiKey: [] }];
