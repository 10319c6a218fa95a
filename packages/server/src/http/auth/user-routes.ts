import type { FastifyInstance } from 'fastify';
import { userRecord } from '../../accounts/user-service.js';
import { ApiError } from '../api-error.js';
import type { AppContext } from '../app-context.js';
import { empty, failure, objectBody } from '../schemas.js';

const adminOnly = [{ adminToken: [] }];
const userShape = { type: 'object', properties: { id: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' }, createdAt: { type: 'string' }, unproven: { type: 'boolean', description: 'present (true) when nobody proved the email is the user\'s: made from an invitation link passed on by hand (docs/teams.md)' } } };

/** `/api/users`: the operator's (admin token) list of users (docs/contract.md §12). */
export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/users', { schema: { summary: 'Create a user', security: adminOnly, body: objectBody({ email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } }, ['email']), response: { 201: { description: 'the user', ...userShape }, 400: failure('invalid_body'), 409: failure('conflict: the email exists') } } }, async (request, reply) => {
    const user = await ctx.auth.users.create(request.body as { email: unknown; name?: unknown; password?: unknown });
    return reply.code(201).send(userRecord(user));
  });

  app.get('/api/users', { schema: { summary: 'Every user', security: adminOnly, response: { 200: { description: 'the users, oldest first', type: 'array', items: userShape } } } }, async () => (await ctx.store.accounts.listUsers()).map(userRecord));

  app.delete<{ Params: { id: string } }>('/api/users/:id', { schema: { summary: "Delete a user: their sessions and tokens end at once", security: adminOnly, params: { type: 'object', properties: { id: { type: 'string' } } }, response: { 204: empty('deleted'), 404: failure('not_found'), 409: failure('conflict: the user is the only owner of a project') } } }, async (request, reply) => {
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
