import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.js';
import type { AppContext } from './app-context.js';
import { projectOr404 } from './project-param.js';
import { adminSecurity, answer, empty, failure, listOf, objectBody as bodyOf, params } from './schemas.js';
import { checkDisplayText } from '../display-text.js';

type P = { Params: { project: string } };

/** `/api/projects/{p}/keys`: create (the secret is shown once), list without secrets, revoke. */
export function keyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const body = { content: { 'application/json': { schema: bodyOf({ name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } }) } } };
  app.post<P & { Body: { name?: string } | undefined }>('/api/projects/:project/keys', { schema: { summary: 'Create an API key: the only time its secret is shown', security: adminSecurity, params: params.project, body, response: { 201: answer('Key', 'the key with its secret'), 400: failure('invalid_body') } } }, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    const name = request.body?.name === undefined ? 'API key' : checkDisplayText(request.body.name, 'name', { max: 100 });
    return reply.code(201).send(await ctx.keys.create(project, name));
  });

  app.get<P>('/api/projects/:project/keys', { schema: { summary: 'The keys, without their secrets', security: adminSecurity, params: params.project, response: { 200: listOf('Key', 'the keys') } } }, async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    return ctx.keys.list(project);
  });

  app.delete<{ Params: { project: string; id: string } }>('/api/projects/:project/keys/:id', { schema: { summary: 'Revoke a key, at once', security: adminSecurity, params: params.key, response: { 204: empty('revoked'), 404: failure('not_found') } } }, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    if (!(await ctx.keys.revoke(project, request.params.id))) {
      throw new ApiError('not_found', `key "${request.params.id.slice(0, 80)}" does not exist`);
    }
    return reply.code(204).send();
  });
}
