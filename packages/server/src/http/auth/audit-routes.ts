import { auditRoutes as routes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';
import type { FastifyInstance } from 'fastify';
import type { AuditEntry } from '../../store/account-store.js';
import type { AppContext } from '../app-context.js';
import { sendNewestFirst } from '../listing/newest-first-listing.js';
import { grantOf } from './actor.js';

/** An entry as docs/contract.md §12 shows it (the API and the CLI's `audit`): keys in a fixed order. */
export const auditRecord = (e: AuditEntry) => ({ id: e.id, at: e.at, actor: e.actor, action: e.action, target: e.target, ip: e.ip, ...(e.detail ? { detail: e.detail } : {}) });

/** `GET /api/projects/{p}/audit`: the project's audit log, newest first, with §2's pagination and envelopes. */
export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  declaredRoute(app, routes.list, async (request, reply) => {
    const project = grantOf(request).project ?? (await ctx.store.getProjectByAlias(request.params.project));
    if (!project) return reply.callNotFound();
    return sendNewestFirst(ctx, request, reply, {
      scope: `audit:${project.id}`,
      url: `${ctx.publicUrl}/api/projects/${encodeURIComponent(project.alias)}/audit`,
      count: () => ctx.store.accounts.countAudit(project.id),
      read: (slice) => ctx.store.accounts.listAudit(project.id, 'before' in slice ? { beforeId: slice.before, limit: slice.limit } : slice),
      positionOf: (entry) => entry.id,
      record: auditRecord,
    });
  });
}
