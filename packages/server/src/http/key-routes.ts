import type { FastifyInstance } from 'fastify';
import { ApiError } from './api-error.js';
import type { AppContext } from './app-context.js';
import { objectBody, optionalString } from './json-body.js';
import { projectOr404 } from './project-param.js';

type P = { Params: { project: string } };

/** `/api/projects/{p}/keys`: create (the secret is shown once), list without secrets, revoke. */
export function keyRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post<P>('/api/projects/:project/keys', async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    const body = objectBody(request.body, ['name'], true);
    const name = optionalString(body, 'name', 100) ?? 'API key';
    return reply.code(201).send(await ctx.keys.create(project, name));
  });

  app.get<P>('/api/projects/:project/keys', async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    return ctx.keys.list(project);
  });

  app.delete<{ Params: { project: string; id: string } }>('/api/projects/:project/keys/:id', async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    if (!(await ctx.keys.revoke(project, request.params.id))) {
      throw new ApiError('not_found', `key "${request.params.id.slice(0, 80)}" does not exist`);
    }
    return reply.code(204).send();
  });
}
