import { userRoutes as routes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';
import type { FastifyInstance } from 'fastify';
import { userRecord } from '../../accounts/user-service.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';

/** `/api/users`: the operator's (admin token) list of users (docs/contract.md §12). */
export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  declaredRoute(app, routes.create, async (request, reply) => {
    const user = await ctx.auth.users.create(request.body);
    return reply.code(201).send(userRecord(user));
  });

  declaredRoute(app, routes.list, async () => (await ctx.store.accounts.listUsers()).map(userRecord));

  // docs/teams.md, "Invitations, and emails nobody proved": the operator's way out for an account made from a link passed on by hand.
  declaredRoute(app, routes.prove, async (request) => {
    const user = await ctx.store.accounts.updateUser(request.params.id, { proven: true });
    if (!user) throw new ApiError('not_found', `user "${request.params.id.slice(0, 80)}" does not exist`);
    return userRecord(user);
  });

  declaredRoute(app, routes.remove, async (request, reply) => {
    // The last-owner rule holds for a deleted user as for a removed member: a project is never left without an owner.
    for (const membership of await ctx.store.accounts.listMemberships(request.params.id)) {
      if (membership.role === 'owner' && (await ctx.store.accounts.countOwners(membership.projectId)) <= 1) {
        throw new ApiError('conflict', `the user is the only owner of "${membership.alias}": make someone else owner first, or delete the project`);
      }
    }
    if (!(await ctx.store.accounts.deleteUser(request.params.id))) throw new ApiError('not_found', `user "${request.params.id.slice(0, 80)}" does not exist`);
    return reply.code(204).send();
  });
}
