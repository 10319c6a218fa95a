import { memberRoutes as routes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';
import type { FastifyInstance } from 'fastify';
import { checkEmail } from '../../accounts/user-service.js';
import { InputError } from '../../input-error.js';
import { isRole, type Role } from '@orbis/scene/roles';
import type { Member } from '../../store/account-store.js';
import type { Project } from '../../store/store.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { grantOf, setAuditDetail } from './actor.js';
import { inviteToProject } from './invitations.js';
import { conditionalWrite, tagAnswer, versionTag } from '../transport/preconditions.js';

/** A member's version: the role (docs/collaboration.md). */
const memberTag = (m: Pick<Member, 'user' | 'role'>) => versionTag({ userId: m.user.id, role: m.role });

const memberRecord = (m: Member) => ({ userId: m.user.id, email: m.user.email, name: m.user.name, role: m.role });

function roleFrom(value: unknown): Role {
  if (!isRole(value)) throw new InputError('role', 'role must be one of reader, writer, maintainer, owner');
  return value;
}

/** docs/contract.md §12: only an owner grants or removes `owner` (the admin token is the owner of everything). */
function ownerOnly(held: Role | undefined, ...roles: (Role | undefined)[]): void {
  if (roles.includes('owner') && held !== 'owner') throw new ApiError('forbidden', 'only an owner grants or removes the role owner');
}

/** `/api/projects/{p}/members`: who is on a project's team, with which role (docs/contract.md §12). */
export function memberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const projectOf = (request: Parameters<typeof grantOf>[0]): Project => {
    const { project } = grantOf(request);
    if (!project) throw new ApiError('not_found', 'the project does not exist');
    return project;
  };
  const memberOr404 = async (project: Project, userId: string) => {
    const member = (await ctx.store.accounts.listMembers(project.id)).find((m) => m.user.id === userId);
    if (!member) throw new ApiError('not_found', `user "${userId.slice(0, 80)}" is not a member of "${project.alias}"`);
    return member;
  };
  /** Refuses a change that would leave the project without an owner. */
  const keepAnOwner = async (project: Project, member: Member, newRole?: Role) => {
    if (member.role === 'owner' && newRole !== 'owner' && (await ctx.store.accounts.countOwners(project.id)) <= 1) {
      throw new ApiError('conflict', `"${member.user.email}" is the only owner of "${project.alias}": make someone else owner first`);
    }
  };

  declaredRoute(app, routes.list, async (request) => {
    return (await ctx.store.accounts.listMembers(projectOf(request).id)).map(memberRecord);
  });

  declaredRoute(app, routes.get, async (request, reply) => {
    const member = await memberOr404(projectOf(request), request.params.userId);
    tagAnswer(reply, memberTag(member));
    return memberRecord(member);
  });

  declaredRoute(app, routes.add, async (request, reply) => {
    const project = projectOf(request);
    const email = checkEmail(request.body.email);
    const role = roleFrom(request.body.role);
    ownerOnly(grantOf(request).role, role);
    const user = await ctx.store.accounts.getUserByEmail(email);
    if (user && (await ctx.store.accounts.getRole(project.id, user.id)))
      throw new ApiError('conflict', `"${user.email}" is a member of "${project.alias}" already: change the role with PATCH`);
    // An account whose email nobody proved gains nothing by that email: an invitation goes to the address instead (docs/teams.md).
    if (!user || user.unproven) {
      const invitation = await inviteToProject(ctx, request, project, email, role);
      setAuditDetail(request, { email, role, invitation: invitation.id });
      return reply.code(201).send({ invitation });
    }
    setAuditDetail(request, { email: user.email, role, userId: user.id });
    await ctx.store.accounts.setMember(project.id, user.id, role);
    return reply.code(201).send(memberRecord({ user, role }));
  });

  declaredRoute(app, routes.setRole, async (request, reply) => {
    const project = projectOf(request);
    const role = roleFrom(request.body.role);
    const key = `member:${project.id}:${request.params.userId}`;
    const changed = await conditionalWrite(
      request,
      reply,
      key,
      async () => memberTag(await memberOr404(project, request.params.userId)),
      async () => {
        const member = await memberOr404(project, request.params.userId);
        ownerOnly(grantOf(request).role, role, member.role);
        await keepAnOwner(project, member, role);
        setAuditDetail(request, { email: member.user.email, role, was: member.role });
        await ctx.store.accounts.setMember(project.id, member.user.id, role);
        return { user: member.user, role };
      },
      memberTag,
    );
    return memberRecord(changed);
  });

  declaredRoute(app, routes.remove, async (request, reply) => {
    const project = projectOf(request);
    const key = `member:${project.id}:${request.params.userId}`;
    await conditionalWrite(
      request,
      reply,
      key,
      async () => memberTag(await memberOr404(project, request.params.userId)),
      async () => {
        const member = await memberOr404(project, request.params.userId);
        ownerOnly(grantOf(request).role, member.role);
        await keepAnOwner(project, member);
        await ctx.store.accounts.removeMember(project.id, member.user.id);
      },
    );
    return reply.code(204).send();
  });
}
