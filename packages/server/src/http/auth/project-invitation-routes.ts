import { projectInvitationRoutes as routes } from '@orbis/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { declaredRoute } from '../transport/declared-route.js';
import { grantOf } from './actor.js';
import { invitationStands } from './invitations.js';

/** `/api/projects/{p}/invitations`: the invitations that still stand, and revoking one (docs/teams.md). */
export function projectInvitationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const projectOf = (request: Parameters<typeof grantOf>[0]) => {
    const { project } = grantOf(request);
    if (!project) throw new ApiError('not_found', 'the project does not exist');
    return project;
  };

  declaredRoute(app, routes.list, async (request) => {
    const project = projectOf(request);
    const now = Date.now();
    const answers = [];
    for (const invitation of await ctx.store.accounts.listInvitations(project.id)) {
      if (!(await invitationStands(ctx, invitation, now))) continue;
      const inviter = invitation.invitedBy === null ? undefined : await ctx.store.accounts.getUser(invitation.invitedBy);
      answers.push({
        id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        invitedBy: inviter ? { id: inviter.id, name: inviter.name, email: inviter.email } : null,
        mailed: invitation.mailed === true,
        createdAt: invitation.createdAt,
        expiresAt: invitation.expiresAt,
      });
    }
    return answers;
  });

  declaredRoute(app, routes.revoke, async (request, reply) => {
    const project = projectOf(request);
    if (!(await ctx.store.accounts.deleteInvitation(project.id, request.params.id)))
      throw new ApiError('not_found', `no invitation "${request.params.id.slice(0, 80)}" on this project`);
    return reply.code(204).send();
  });
}
