import { tokenRoutes as routes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { userOf } from './actor.js';

/** `/api/tokens`: a signed-in user's personal access tokens (docs/contract.md §12). */
export function tokenRoutes(app: FastifyInstance, ctx: AppContext): void {
  declaredRoute(app, routes.create, async (request, reply) => {
    return reply.code(201).send(await ctx.auth.tokens.create(userOf(request)!, request.body));
  });

  declaredRoute(app, routes.list, async (request) => ctx.auth.tokens.list(userOf(request)!));

  declaredRoute(app, routes.revoke, async (request, reply) => {
    if (!(await ctx.auth.tokens.revoke(userOf(request)!, request.params.id)))
      throw new ApiError('not_found', `token "${request.params.id.slice(0, 80)}" does not exist`);
    return reply.code(204).send();
  });
}
