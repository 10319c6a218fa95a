import { type InvitationLink, sessionRoutes as routes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashSecret, newSecret } from '../../accounts/secret-token.js';
import { checkNewUser, userRecord } from '../../accounts/user-service.js';
import { newId } from '../../records/ids.js';
import { mayDo, roleAtLeast, roleToGrant, type Role } from '@orbis/scene/roles';
import type { Invitation, User } from '../../store/account-store.js';
import type { Project } from '../../store/store.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { userOf } from './actor.js';
import { signIn } from './sign-in.js';
import { sessionOf } from './authenticate.js';

const INVITATION_DAYS = 7;

/** What whoever invites is told: `url` only when the link is theirs to pass on (no mail set up). */
export type InvitationAnswer = InvitationLink;

/**
 * Invites an email to a project (docs/teams.md, "Invitations"). The link's secret is the
 * credential: the store keeps only its hash, which is also the invitation's public id. With
 * `ORBIS_SMTP_URL` the link goes only to the address, by mail, and accepting it proves the
 * address; without, it is in the answer for whoever invites to pass on, and the account it makes
 * is unproven. A mail that cannot be sent leaves no invitation (503), since no one would hold its link.
 */
export async function inviteToProject(ctx: AppContext, request: FastifyRequest, project: Project, email: string, role: Role): Promise<InvitationAnswer> {
  const secret = newSecret();
  const id = hashSecret(secret);
  const now = Date.now();
  const expiresAt = new Date(now + INVITATION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const mailer = ctx.auth.mailer;
  // The user who invites (a token's user too: the page names a person); null for the admin token.
  await ctx.store.accounts.createInvitation({
    id,
    projectId: project.id,
    email,
    role,
    invitedBy: userOf(request)?.id ?? null,
    createdAt: new Date(now).toISOString(),
    expiresAt,
    acceptedAt: null,
    ...(mailer ? { mailed: true } : {}),
  });
  const url = `${ctx.publicUrl}/editor?invitation=${secret}`;
  if (!mailer) return { id, url, expiresAt };
  try {
    await mailer.send({ to: email, projectName: project.name, role, url, expiresAt });
  } catch (err) {
    await ctx.store.accounts.deleteInvitation(project.id, id);
    request.log.warn({ reason: (err as Error).message }, 'the invitation e-mail was not sent');
    throw new ApiError('unavailable', 'the invitation e-mail could not be sent, so no invitation was made: try again later');
  }
  return { id, expiresAt };
}

/**
 * Whether an invitation still stands: not used, not expired, and its inviter still on the project
 * with the right to grant its role (a removed, lowered or deleted inviter's links die with the
 * right; the admin token's stand).
 */
export async function invitationStands(ctx: AppContext, invitation: Invitation, now = Date.now()): Promise<boolean> {
  if (invitation.acceptedAt !== null || Date.parse(invitation.expiresAt) <= now) return false;
  if (invitation.invitedBy === null) return true;
  const held = await ctx.store.accounts.getRole(invitation.projectId, invitation.invitedBy);
  return held !== undefined && mayDo(held, 'member.add') && roleAtLeast(held, roleToGrant(invitation.role));
}

/**
 * `GET /api/auth/invitations/{secret}`: what a standing invitation is to (the link is the
 * credential, as for accepting it), and `POST …/accept`: with a name and password (a new user),
 * or with a session.
 */
export function invitationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const gone = () => new ApiError('not_found', 'the invitation does not exist, expired, was used or revoked, or whoever sent it may no longer invite');
  const standing = async (secret: string) => {
    const invitation = await ctx.store.accounts.getInvitation(hashSecret(secret));
    if (!invitation || !(await invitationStands(ctx, invitation))) throw gone();
    return invitation;
  };

  declaredRoute(app, routes.invitation, async (request) => {
    const invitation = await standing(request.params.id);
    const project = await ctx.store.getProjectById(invitation.projectId);
    if (!project) throw gone();
    const inviter = invitation.invitedBy === null ? undefined : await ctx.store.accounts.getUser(invitation.invitedBy);
    return {
      project: { alias: project.alias, name: project.name },
      role: invitation.role,
      email: invitation.email,
      invitedBy: inviter ? { name: inviter.name, email: inviter.email } : null,
      expiresAt: invitation.expiresAt,
    };
  });

  declaredRoute(app, routes.accept, async (request, reply) => {
    const invitation = await standing(request.params.id);
    const session = await sessionOf(ctx, request);
    const asSignedIn = session !== undefined && request.body?.password === undefined;
    let newUser: ReturnType<typeof checkNewUser> | undefined;
    if (asSignedIn) {
      // Accepting never lowers or raises a role held already (nor so skips the last-owner rule).
      const held = await ctx.store.accounts.getRole(invitation.projectId, session.user.id);
      if (held) throw new ApiError('conflict', `you are a member of this project already, as ${held}: the invitation is left unused`);
    } else {
      newUser = checkNewUser({ email: invitation.email, name: request.body?.name, password: request.body?.password ?? '' });
      if (await ctx.store.accounts.getUserByEmail(newUser.email))
        throw new ApiError('conflict', `a user with the email "${newUser.email}" exists: sign in first, then accept`);
    }
    // Used first, then the user made: of two accepts at once one wins, and the other makes no user.
    if (!(await ctx.store.accounts.markInvitationAccepted(invitation.id, new Date().toISOString()))) throw gone();
    // Only a link that went by mail to the address proves that the new user holds it.
    const user: User = newUser ? await ctx.auth.users.create({ ...newUser, unproven: !invitation.mailed }) : session!.user;
    await ctx.store.accounts.setMember(invitation.projectId, user.id, invitation.role);
    // Not behind the guard (the link is the credential), so recorded here as the guard records writes.
    const alias = (await ctx.store.getProjectById(invitation.projectId))?.alias ?? invitation.projectId;
    await ctx.store.accounts.addAudit({
      id: newId(),
      projectId: invitation.projectId,
      at: new Date().toISOString(),
      actor: { type: 'user', id: user.id, email: user.email },
      action: 'member.join',
      target: `/api/projects/${alias}/members/${user.id}`,
      ip: request.ip ?? 'unknown',
      detail: { email: user.email, role: invitation.role, invitation: invitation.id, invited: invitation.email },
    });
    if (!session) await signIn(ctx, reply, user);
    return { user: userRecord(user) };
  });
}
