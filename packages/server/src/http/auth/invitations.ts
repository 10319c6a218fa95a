import { sessionRoutes as routes } from '@orbis/contract';
import { declaredRoute } from '../declared-route.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashSecret, newSecret } from '../../accounts/secret-token.js';
import { userRecord } from '../../accounts/user-service.js';
import { newId } from '../../records/ids.js';
import type { Role } from '@orbis/scene/roles';
import type { User } from '../../store/account-store.js';
import type { Project } from '../../store/store.js';
import { ApiError } from '../api-error.js';
import type { AppContext } from '../app-context.js';
import { userOf } from './actor.js';
import { signIn } from './sign-in.js';
import { sessionOf } from './authenticate.js';

const INVITATION_DAYS = 7;

/**
 * Invites an email that has no user yet. The invitation's id is a secret (the link is the
 * credential): the store keeps only its hash, and the answer, the only place it is shown, holds
 * the link for whoever invites to pass on.
 */
export async function inviteToProject(ctx: AppContext, request: FastifyRequest, project: Project, email: string, role: Role) {
  const id = newSecret();
  const now = Date.now();
  const expiresAt = new Date(now + INVITATION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  // The user who invites (a token's user too: the page names a person); null for the admin token.
  await ctx.store.accounts.createInvitation({ id: hashSecret(id), projectId: project.id, email, role, invitedBy: userOf(request)?.id ?? null, createdAt: new Date(now).toISOString(), expiresAt, acceptedAt: null });
  const url = `${ctx.publicUrl}/editor?invitation=${id}`;
  if (ctx.auth.mailer) {
    // The link is in the answer either way: a mail server that is down does not fail the invitation.
    await ctx.auth.mailer.send({ to: email, projectName: project.name, role, url, expiresAt }).catch((err: Error) => request.log.warn({ reason: err.message }, 'the invitation e-mail was not sent'));
  }
  return { id, url, expiresAt };
}


/**
 * `GET /api/auth/invitations/{id}`: what a live invitation is to (the link is the credential, as
 * for accepting it), and `POST …/accept`: with a name and password (a new user), or with a session.
 */
export function invitationRoutes(app: FastifyInstance, ctx: AppContext): void {
  declaredRoute(app, routes.invitation, async (request) => {
    const invitation = await ctx.store.accounts.getInvitation(hashSecret(request.params.id));
    const project = invitation && (await ctx.store.getProjectById(invitation.projectId));
    if (!invitation || !project || invitation.acceptedAt !== null || Date.parse(invitation.expiresAt) <= Date.now()) throw new ApiError('not_found', 'the invitation does not exist, expired, or was used');
    const inviter = invitation.invitedBy === null ? undefined : await ctx.store.accounts.getUser(invitation.invitedBy);
    return { project: { alias: project.alias, name: project.name }, role: invitation.role, email: invitation.email, invitedBy: inviter ? { name: inviter.name, email: inviter.email } : null, expiresAt: invitation.expiresAt };
  });
  declaredRoute(app, routes.accept, async (request, reply) => {
    const gone = new ApiError('not_found', 'the invitation does not exist, expired, or was used');
    const invitation = await ctx.store.accounts.getInvitation(hashSecret(request.params.id));
    if (!invitation || invitation.acceptedAt !== null || Date.parse(invitation.expiresAt) <= Date.now()) throw gone;
    const session = await sessionOf(ctx, request);
    let user: User;
    if (session && request.body?.password === undefined) {
      user = session.user;
    } else {
      user = await ctx.auth.users.create({ email: invitation.email, name: request.body?.name, password: request.body?.password ?? '' });
    }
    if (!(await ctx.store.accounts.markInvitationAccepted(invitation.id, new Date().toISOString()))) throw gone;
    await ctx.store.accounts.setMember(invitation.projectId, user.id, invitation.role);
    // Not behind the guard (the link is the credential), so recorded here as the guard records writes.
    const alias = (await ctx.store.accounts.listMemberships(user.id)).find((m) => m.projectId === invitation.projectId)?.alias ?? invitation.projectId;
    await ctx.store.accounts.addAudit({ id: newId(), projectId: invitation.projectId, at: new Date().toISOString(), actor: { type: 'user', id: user.id, email: user.email }, action: 'member.join', target: `/api/projects/${alias}/members/${user.id}`, ip: request.ip ?? 'unknown' });
    if (!session) await signIn(ctx, reply, user);
    return { user: userRecord(user) };
  });
}
