import { keyRoutes as routes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { projectOr404 } from '../project-param.js';
import { checkDisplayText } from '../../display-text.js';

/** `/api/projects/{p}/keys`: create (the secret is shown once), list without secrets, revoke. */
export function keyRoutes(app: FastifyInstance, ctx: AppContext): void {
  declaredRoute(app, routes.create, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    const name = request.body?.name === undefined ? 'API key' : checkDisplayText(request.body.name, 'name', { max: 100 });
    return reply.code(201).send(await ctx.keys.create(project, name));
  });

  declaredRoute(app, routes.list, async (request) => {
    const project = await projectOr404(ctx, request.params.project);
    return ctx.keys.list(project);
  });

  declaredRoute(app, routes.revoke, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    if (!(await ctx.keys.revoke(project, request.params.id))) {
      throw new ApiError('not_found', `key "${request.params.id.slice(0, 80)}" does not exist`);
    }
    return reply.code(204).send();
  });
}
