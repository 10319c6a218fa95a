import type { FastifyInstance } from 'fastify';
import { ApiError } from '../api-error.js';
import type { AppContext } from '../app-context.js';
import { empty, failure, objectBody } from '../schemas.js';
import { userOf } from './actor.js';

const sessionOnly = [{ session: [] }];

/** `/api/tokens`: a signed-in user's personal access tokens (docs/contract.md §12). */
export function tokenRoutes(app: FastifyInstance, ctx: AppContext): void {
  const body = objectBody({ name: { type: 'string' }, expiresAt: { type: 'string', description: 'ISO 8601; absent: never' }, projects: { type: 'array', items: { type: 'string' }, description: 'aliases; absent: every project of the user' }, role: { enum: ['reader', 'writer', 'maintainer', 'owner'], description: 'the most it may do; absent: as much as its user' } }, ['name']);
  app.post('/api/tokens', { schema: { summary: 'Create a personal access token: the only time it is shown', security: sessionOnly, body, response: { 201: { description: '{id, name, token, expiresAt}', type: 'object' }, 400: failure('invalid_body') } } }, async (request, reply) => {
    return reply.code(201).send(await ctx.auth.tokens.create(userOf(request)!, request.body as Record<string, unknown>));
  });

  app.get('/api/tokens', { schema: { summary: "One's personal access tokens, without their secrets", security: sessionOnly, response: { 200: { description: 'the tokens', type: 'array', items: { type: 'object' } } } } }, async (request) => ctx.auth.tokens.list(userOf(request)!));

  app.delete<{ Params: { id: string } }>('/api/tokens/:id', { schema: { summary: 'Revoke a personal access token, at once', security: sessionOnly, params: { type: 'object', properties: { id: { type: 'string' } } }, response: { 204: empty('revoked'), 404: failure('not_found') } } }, async (request, reply) => {
    if (!(await ctx.auth.tokens.revoke(userOf(request)!, request.params.id))) throw new ApiError('not_found', `token "${request.params.id.slice(0, 80)}" does not exist`);
    return reply.code(204).send();
  });
}
