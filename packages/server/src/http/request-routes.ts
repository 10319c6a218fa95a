import type { FastifyInstance } from 'fastify';
import { isId } from '../records/ids.js';
import { REQUEST_STATES, requestRecord } from '../models/review-service.js';
import type { RequestState } from '../store/review-store.js';
import { ApiError } from './api-error.js';
import type { AppContext } from './app-context.js';
import { auditActor, grantOf } from './auth/actor.js';
import { projectOr404 } from './project-param.js';
import { adminSecurity, answer, failure, listOf, objectBody as bodyOf, params } from './schemas.js';

type P = { Params: { project: string } };
type PR = { Params: { project: string; id: string } };

/** How many requests a listing shows, newest first. */
const LISTED = 100;

/**
 * `/api/projects/{p}/requests`: review requests over items' drafts (docs/contract.md §16;
 * docs/content-workflow.md, "Review").
 */
export function requestRoutes(app: FastifyInstance, ctx: AppContext): void {
  const base = '/api/projects/:project/requests';
  const gone = (id: string) => new ApiError('not_found', `request "${id.slice(0, 80)}" does not exist`);
  // The shapes only: the rules (items with drafts, reviewers who may approve) are the domain's.
  const openBody = bodyOf({ title: { type: 'string' }, items: { type: 'array', items: { type: 'object', properties: { model: { type: 'string' }, id: { type: 'string' } } } }, reviewers: { type: 'array', items: { type: 'string', description: 'a user id of a maintainer or owner' } } }, ['title', 'items', 'reviewers']);
  const closeBody = bodyOf({ comment: { type: 'string', description: 'at most 2,000 characters' } });

  app.post<P>(base, { schema: { summary: 'Ask for a review of items\' drafts', security: adminSecurity, params: params.project, body: openBody, response: { 201: answer('ReviewRequest', 'the request, open'), 400: failure('invalid_body naming the field'), 409: failure('conflict: an item has no draft, or is in another open request') } } }, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    const opened = await ctx.reviews.open(project, request.body as Record<string, unknown>, auditActor(grantOf(request).actor));
    return reply.code(201).send(requestRecord(opened, await ctx.reviews.modelKeys(project)));
  });

  app.get<P & { Querystring: { state?: string } }>(base, { schema: { summary: `The project's review requests, newest first (at most ${LISTED})`, security: adminSecurity, params: params.project, querystring: { type: 'object', properties: { state: { enum: [...REQUEST_STATES] } } }, response: { 200: listOf('ReviewRequest', 'the requests'), 400: failure('invalid_parameter: an unknown state') } } }, async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    const keys = await ctx.reviews.modelKeys(project);
    return (await ctx.store.reviews.listRequests(project.id, request.query.state as RequestState | undefined, LISTED)).map((r) => requestRecord(r, keys));
  });

  app.get<PR>(`${base}/:id`, { schema: { summary: 'One review request', security: adminSecurity, params: params.request, response: { 200: answer('ReviewRequest', 'the request'), 404: failure('not_found') } } }, async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    const found = isId(request.params.id) ? await ctx.store.reviews.getRequest(project.id, request.params.id) : undefined;
    if (!found) throw gone(request.params.id);
    return requestRecord(found, await ctx.reviews.modelKeys(project));
  });

  for (const [verb, state, summary] of [
    ['approve', 'approved', 'Approve a request: every item of it is published at once'],
    ['decline', 'declined', 'Decline a request: its drafts stay unpublished'],
  ] as const) {
    app.post<PR>(`${base}/:id/${verb}`, { schema: { summary, security: adminSecurity, params: params.request, body: closeBody, response: { 200: answer('ReviewRequest', 'the request, closed'), 400: failure('invalid_body'), 404: failure('not_found'), 409: failure('conflict: the request is closed already') } } }, async (request) => {
      const project = await projectOr404(ctx, request.params.project);
      const closed = await ctx.reviews.close(project, request.params.id, state, request.body as Record<string, unknown> | undefined, auditActor(grantOf(request).actor));
      if (!closed) throw gone(request.params.id);
      return requestRecord(closed, await ctx.reviews.modelKeys(project));
    });
  }
}
