import { ACTION_ROLES } from '@orbis/scene/roles';
import { Type } from '@sinclair/typebox';
import { ReviewRequestSchema, WebhookDeliverySchema, WebhookSchema } from '../records.js';
import { declare } from '../route.js';
import { answer, bodyOf, empty, failure, listOf, oneOf, params, shaped } from '../schema-parts.js';

const READ = ACTION_ROLES['project.read'];
const R = '/api/projects/:project/requests';
const W = '/api/projects/:project/webhooks';

/** The states of a review request. */
export const REQUEST_STATES = ['open', 'approved', 'declined'] as const;
/**
 * The most items one review request names, once `{"model","drafts":"all"}` entries are resolved and
 * duplicates collapse. Measured (bench/review-approve.js; docs/content-workflow.md, "Review"): on
 * SQLite an approval holds the event loop for its transaction, about 1 s for 5,000 items and 3 s
 * for 10,000.
 */
export const REQUEST_ITEMS_MAX = 5_000;
/** How many of a webhook's deliveries its listing shows, newest first. */
export const RECENT_DELIVERIES = 50;

const closeBody = bodyOf({ comment: Type.Optional(Type.String({ description: 'at most 2,000 characters' })) });
const close = (verb: 'approve' | 'decline', summary: string) =>
  declare({
    method: 'POST',
    path: `${R}/:id/${verb}`,
    summary,
    least: ACTION_ROLES[`request.${verb}`],
    action: `request.${verb}`,
    params: params.request,
    body: closeBody,
    answers: {
      200: answer(ReviewRequestSchema, 'the request, closed'),
      400: failure('invalid_body'),
      404: failure('not_found'),
      409: failure('conflict: the request is closed already'),
    },
  });

/** An entry of a request's `items`: one item, or every draft of a model that is in no open request. */
export type RequestEntry = { model: string; id: string } | { model: string; drafts: 'all' };
const requestEntry = shaped<RequestEntry>({
  type: 'object',
  description: 'one item, {"model","id"}; or every draft of a model, {"model","drafts":"all"}',
  properties: {
    model: { type: 'string', description: 'a model key' },
    id: { type: 'string', description: 'the id of an item with a draft' },
    drafts: { enum: ['all'], description: 'every item of the model whose draft is in no open request, when the request opens' },
  },
  required: ['model'],
  additionalProperties: false,
  // One of the two, never both: an unknown `drafts` value is then named by its own field.
  oneOf: [{ required: ['id'] }, { required: ['drafts'] }],
});

/** `/api/projects/{p}/requests`: review requests over items' drafts (docs/content-workflow.md, "Review"). */
export const requestRoutes = {
  open: declare({
    method: 'POST',
    path: R,
    summary: "Ask for a review of items' drafts",
    least: ACTION_ROLES['request.create'],
    action: 'request.create',
    params: params.project,
    // The shapes only: the rules (items with drafts, reviewers who may approve) are the server's.
    body: bodyOf({
      title: Type.String(),
      items: Type.Array(requestEntry, {
        minItems: 1,
        maxItems: REQUEST_ITEMS_MAX,
        description: `at most ${REQUEST_ITEMS_MAX.toLocaleString('en')} items in all, once "drafts":"all" entries are resolved`,
      }),
      reviewers: Type.Array(Type.String({ description: 'a user id of a maintainer or owner' })),
    }),
    answers: {
      201: answer(ReviewRequestSchema, 'the request, open'),
      400: failure('invalid_body naming the field'),
      409: failure('conflict: an item has no draft, or is in another open request'),
    },
  }),
  list: declare({
    method: 'GET',
    path: R,
    summary: "The project's review requests, newest first (at most 100)",
    least: READ,
    params: params.project,
    query: Type.Object({ state: Type.Optional(oneOf(REQUEST_STATES)) }),
    answers: { 200: listOf(ReviewRequestSchema, 'the requests'), 400: failure('invalid_parameter: an unknown state') },
  }),
  get: declare({
    method: 'GET',
    path: `${R}/:id`,
    summary: 'One review request',
    least: READ,
    params: params.request,
    answers: { 200: answer(ReviewRequestSchema, 'the request'), 404: failure('not_found') },
  }),
  approve: close('approve', 'Approve a request: every item of it is published at once'),
  decline: close('decline', 'Decline a request: its drafts stay unpublished'),
};

// The shapes only: the rules (an allowed address, known triggers) are the server's, whose errors name the field.
const webhookFields = {
  url: Type.String({ description: 'http or https; not at a loopback, link-local or private address unless ORBIS_WEBHOOK_ALLOW_PRIVATE=1' }),
  triggers: Type.Array(Type.String()),
  active: Type.Optional(Type.Boolean()),
};
const WEBHOOK_READ = ACTION_ROLES['webhook.read'];

/** `/api/projects/{p}/webhooks`: a maintainer's webhooks and their recent deliveries (docs/content-workflow.md, "Webhooks"). */
export const webhookRoutes = {
  create: declare({
    method: 'POST',
    path: W,
    summary: 'Register a webhook: the only answer that shows its secret',
    least: ACTION_ROLES['webhook.create'],
    action: 'webhook.create',
    params: params.project,
    body: bodyOf(webhookFields),
    answers: {
      201: answer(WebhookSchema, 'the webhook with its secret'),
      400: failure('invalid_body naming the field: a refused address, an unknown trigger'),
      404: failure('not_found'),
    },
  }),
  list: declare({
    method: 'GET',
    path: W,
    summary: "The project's webhooks, without their secrets",
    least: WEBHOOK_READ,
    params: params.project,
    answers: { 200: listOf(WebhookSchema, 'the webhooks, oldest first'), 404: failure('not_found') },
  }),
  get: declare({
    method: 'GET',
    path: `${W}/:id`,
    summary: 'One webhook',
    least: WEBHOOK_READ,
    params: params.webhook,
    answers: { 200: answer(WebhookSchema, 'the webhook'), 404: failure('not_found') },
  }),
  update: declare({
    method: 'PATCH',
    path: `${W}/:id`,
    summary: "Change a webhook's URL, triggers, or whether it is active",
    least: ACTION_ROLES['webhook.update'],
    action: 'webhook.update',
    params: params.webhook,
    body: bodyOf({ url: Type.Optional(webhookFields.url), triggers: Type.Optional(webhookFields.triggers), active: webhookFields.active }),
    answers: { 200: answer(WebhookSchema, 'the webhook'), 400: failure('invalid_body naming the field'), 404: failure('not_found') },
  }),
  remove: declare({
    method: 'DELETE',
    path: `${W}/:id`,
    summary: 'Delete a webhook and its deliveries, sent or not',
    least: ACTION_ROLES['webhook.delete'],
    action: 'webhook.delete',
    params: params.webhook,
    answers: { 204: empty('deleted'), 404: failure('not_found') },
  }),
  deliveries: declare({
    method: 'GET',
    path: `${W}/:id/deliveries`,
    summary: `A webhook's ${RECENT_DELIVERIES} most recent deliveries, newest first, with their answers`,
    least: WEBHOOK_READ,
    params: params.webhook,
    answers: { 200: listOf(WebhookDeliverySchema, 'the deliveries'), 404: failure('not_found') },
  }),
};
