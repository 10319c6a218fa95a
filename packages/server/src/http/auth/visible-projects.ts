import type { FastifyRequest } from 'fastify';
import type { Project } from '../../store/store.js';
import type { AppContext } from '../app-context.js';
import { grantOf } from './actor.js';

/** The projects a guarded request may see: every one for the admin token; a user's (a token's) own otherwise. */
export async function visibleProjects(ctx: AppContext, request: FastifyRequest): Promise<Project[]> {
  const { actor } = grantOf(request);
  const all = await ctx.store.listProjects();
  if (actor.type === 'admin') return all;
  const mine = new Set((await ctx.store.accounts.listMemberships(actor.user.id)).map((m) => m.projectId));
  const allowed = actor.type === 'token' && actor.token.projectIds ? new Set(actor.token.projectIds) : undefined;
  return all.filter((p) => mine.has(p.id) && (!allowed || allowed.has(p.id)));
}
