/**
 * The records of the management API, declared once (docs/contract.md): the server answers them,
 * `/openapi.json` shows them (each has its `$id`, added to the app once and referred to as
 * `{"$ref": "Name#"}`), and the editor reads them, all as typed here.
 */
import type { ActorRecord, ItemRecord, ItemVersionRecord, ModelRecord, ReviewRequestRecord, WebhookDeliveryRecord, WebhookRecord } from '@orbis/content-model';
import { FIELD_TYPES, WEBHOOK_TRIGGERS, type WebhookTrigger } from '@orbis/content-model';
import { ALIAS_PATTERN } from '@orbis/scene/checks';
import { ROLES } from '@orbis/scene/roles';
import { type Static, Type } from '@sinclair/typebox';
import { oneOf, shaped, text } from './schema-parts.js';

const at = () => Type.String({ format: 'date-time' });
const ref = (id: string) => ({ $ref: `${id}#` });

/** Who may read a project's content without a key (docs/contract.md §1). */
export const VISIBILITIES = ['public', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const VisibilitySchema = oneOf(VISIBILITIES);

/** What a webhook may be told of: declared in @orbis/content-model beside the webhook records. */
export { WEBHOOK_TRIGGERS, type WebhookTrigger };

/** A model's key (docs/contract.md §10): lower case, digits, `_` and `-`, at most 63. */
export const MODEL_KEY_PATTERN = /^[a-z][a-z0-9_-]{0,62}$/;
/** A field's key (docs/contract.md §10): a letter or `_`, then letters, digits and `_`, at most 63. */
export const FIELD_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
export { ALIAS_PATTERN };

export const ErrorSchema = Type.Object({ error: Type.Object({ code: text('one of the codes of docs/contract.md §2'), message: text() }) }, { $id: 'Error' });

export const ProjectSchema = Type.Object(
  {
    id: text(),
    alias: Type.String({ pattern: ALIAS_PATTERN.source }),
    name: text(),
    visibility: VisibilitySchema,
    description: text("what the project shows; the published page's og:description; empty when none was given"),
    assetCount: Type.Integer(),
    publicAssetCount: Type.Integer(),
    createdAt: at(),
    updatedAt: at(),
  },
  { $id: 'Project' },
);
/** A project as the management API answers it. */
export type ProjectRecord = Static<typeof ProjectSchema>;

export const AssetSchema = Type.Object(
  {
    type: Type.Literal('asset'),
    id: text('ULID: ascending id is creation order'),
    name: text(),
    url: Type.String({ format: 'uri' }),
    contentType: text(),
    size: Type.Integer(),
    createdAt: at(),
    updatedAt: at(),
    files: Type.Optional(Type.Array(Type.String({ format: 'uri' }), { description: 'archives only' })),
    public: Type.Optional(Type.Boolean({ description: 'management API only' })),
  },
  { $id: 'Asset' },
);
/** An asset as the API answers it; `public` on the management API only. */
export type AssetRecord = Static<typeof AssetSchema>;
/** An asset as the management API answers it: with `public`. */
export type ManagedAssetRecord = AssetRecord & { public: boolean };

export const ListingSchema = Type.Object(
  {
    results: Type.Array(Type.Object({})),
    totalCount: Type.Integer(),
    hasMore: Type.Optional(Type.Boolean()),
    limit: Type.Optional(Type.Integer()),
    nextCursor: Type.Optional(shaped<string | null>({ type: ['string', 'null'] })),
    page: Type.Optional(Type.Integer({ description: 'page and offset modes' })),
    offset: Type.Optional(Type.Integer({ description: 'page and offset modes' })),
  },
  { $id: 'Listing', description: 'without pagination parameters every entry, streamed, as {results, totalCount}; with any, one page' },
);

export const KeySchema = Type.Object({ id: text(), name: text(), key: Type.Optional(text('only when created')), createdAt: text() }, { $id: 'Key' });
/** A project API key; `key` (its secret) only in the answer that created it. */
export type KeyRecord = Static<typeof KeySchema>;

export const MemberSchema = Type.Object({ userId: text(), email: text(), name: text(), role: oneOf(ROLES) }, { $id: 'Member' });
/** A member of a project (docs/contract.md §12). */
export type MemberRecord = Static<typeof MemberSchema>;

export const FieldSchema = shaped<ModelRecord['fields'][number]>({
  $id: 'Field',
  type: 'object',
  required: ['key', 'type'],
  properties: {
    key: { type: 'string', pattern: FIELD_KEY_PATTERN.source },
    type: { enum: [...FIELD_TYPES] },
    name: { type: 'string' },
    required: { type: 'boolean' },
    multiple: { type: 'boolean' },
    options: { type: 'array', items: { type: 'string' } },
  },
});

export const ModelSchema = shaped<ModelRecord>({
  $id: 'Model',
  type: 'object',
  properties: {
    id: { type: 'string' },
    key: { type: 'string', pattern: MODEL_KEY_PATTERN.source },
    name: { type: 'string' },
    public: { type: 'boolean' },
    review: { type: 'boolean' },
    fields: { type: 'array', items: ref('Field') },
    itemCount: { type: 'integer' },
    publicItemCount: { type: 'integer' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
});

export const ItemVersionSchema = shaped<ItemVersionRecord>({
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
});

export const ItemSchema = shaped<ItemRecord>({
  $id: 'Item',
  description: '{"id", the fields in the model\'s order (null when empty), "createdAt", "updatedAt"}; "public" on the management API',
  type: 'object',
  required: ['id', 'createdAt', 'updatedAt'],
  properties: { id: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' }, updatedAt: { type: 'string', format: 'date-time' } },
});

export const ReviewRequestSchema = shaped<ReviewRequestRecord>({
  $id: 'ReviewRequest',
  description: 'a request to review and publish items\' drafts (docs/content-workflow.md, "Review")',
  type: 'object',
  required: ['id', 'title', 'state', 'items', 'reviewers', 'createdBy', 'createdAt', 'closedBy', 'closedAt', 'comment'],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    state: { enum: ['open', 'approved', 'declined'] },
    items: { type: 'array', items: { type: 'object', properties: { model: { type: ['string', 'null'] }, id: { type: 'string' } } } },
    reviewers: { type: 'array', items: { type: 'string', description: 'a user id' } },
    createdBy: { type: 'object', description: 'the actor of the audit log' },
    createdAt: { type: 'string', format: 'date-time' },
    closedBy: { type: ['object', 'null'] },
    closedAt: { type: ['string', 'null'], format: 'date-time' },
    comment: { type: ['string', 'null'] },
  },
});

export const WebhookSchema = shaped<WebhookRecord>({
  $id: 'Webhook',
  description: 'a webhook (docs/content-workflow.md, "Webhooks"); "secret" only in the answer that created it',
  type: 'object',
  required: ['id', 'url', 'triggers', 'active', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string' },
    url: { type: 'string', format: 'uri' },
    triggers: { type: 'array', items: { enum: [...WEBHOOK_TRIGGERS] } },
    active: { type: 'boolean' },
    secret: { type: 'string', description: 'whsec_…: the Standard Webhooks signing secret, shown once' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
});

export const WebhookDeliverySchema = shaped<WebhookDeliveryRecord>({
  $id: 'WebhookDelivery',
  description: 'one event sent (or to send) to a webhook, and how its receiver answered the last try',
  type: 'object',
  required: ['id', 'type', 'status', 'attempts', 'statusCode', 'error', 'attemptedAt', 'nextAttemptAt', 'createdAt'],
  properties: {
    id: { type: 'string', description: 'msg_…: the webhook-id header, the same on every try' },
    type: { enum: [...WEBHOOK_TRIGGERS] },
    status: { enum: ['pending', 'delivered', 'failed'] },
    attempts: { type: 'integer' },
    statusCode: { type: ['integer', 'null'], description: "the last answer's HTTP status; null when none came" },
    error: { type: ['string', 'null'], description: 'why no answer came (a refused address, a timeout)' },
    attemptedAt: { type: ['string', 'null'], format: 'date-time' },
    nextAttemptAt: { type: ['string', 'null'], format: 'date-time' },
    createdAt: { type: 'string', format: 'date-time' },
  },
});

export type { ActorRecord };

/** The shapes that several routes answer or take, each with its `$id`: added to the app once. */
export const SHARED_SCHEMAS = [
  ErrorSchema,
  AssetSchema,
  ListingSchema,
  ProjectSchema,
  KeySchema,
  MemberSchema,
  FieldSchema,
  ModelSchema,
  ItemVersionSchema,
  ItemSchema,
  ReviewRequestSchema,
  WebhookSchema,
  WebhookDeliverySchema,
];
