import type { FastifyInstance } from 'fastify';
import { ApiError } from '../api-error.js';
import type { AppContext } from '../app-context.js';
import { adminSecurity, empty, failure, params } from '../schemas.js';
import { grantOf } from './actor.js';
import { invitationStands } from './invitations.js';

type P = { Params: { project: string } };
type PI = { Params: { project: string; id: string } };

const invitationShape = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'the public id (not the link, which is never shown again)' },
    email: { type: 'string' },
    role: { type: 'string' },
    invitedBy: { type: ['object', 'null'], description: 'null: the operator, by the admin token', properties: { id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } } },
    mailed: { type: 'boolean', description: 'the link went only by e-mail to the address (ORBIS_SMTP_URL)' },
    createdAt: { type: 'string' },
    expiresAt: { type: 'string' },
  },
};

/** `/api/projects/{p}/invitations`: the invitations that still stand, and revoking one (docs/teams.md). */
export function projectInvitationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const projectOf = (request: Parameters<typeof grantOf>[0]) => {
    const { project } = grantOf(request);
    if (!project) throw new ApiError('not_found', 'the project does not exist');
    return project;
  };

  app.get<P>('/api/projects/:project/invitations', { schema: { summary: "The project's invitations that can still be accepted, oldest first", security: adminSecurity, params: params.project, response: { 200: { description: 'the invitations', type: 'array', items: invitationShape }, 404: failure('not_found') } } }, async (request) => {
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

  app.delete<PI>('/api/projects/:project/invitations/:id', { schema: { summary: 'Revoke an invitation: its link stops working', security: adminSecurity, params: { type: 'object', properties: { project: { type: 'string' }, id: { type: 'string' } } }, response: { 204: empty('revoked'), 404: failure('not_found') } } }, async (request, reply) => {
    const project = projectOf(request);
    if (!(await ctx.store.accounts.deleteInvitation(project.id, request.params.id))) throw new ApiError('not_found', `no invitation "${request.params.id.slice(0, 80)}" on this project`);
    return reply.code(204).send();
  });
}
