import { auditRoutes as routes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';
import type { FastifyInstance } from 'fastify';
import type { AuditEntry } from '../../store/account-store.js';
import type { AppContext } from '../app-context.js';
import { type NewestFirstSource, sendNewestFirst } from '../listing/newest-first-listing.js';
import { grantOf } from './actor.js';

/** An entry as docs/contract.md §12 shows it (the API and the CLI's `audit`): keys in a fixed order. */
export const auditRecord = (e: AuditEntry) => ({
  id: e.id,
  at: e.at,
  actor: e.actor,
  action: e.action,
  target: e.target,
  ip: e.ip,
  ...(e.detail ? { detail: e.detail } : {}),
});

/** The audit entries of a project (or of none: `null`), newest first, as a listing at `url`. */
function auditListing(ctx: AppContext, projectId: string | null, url: string): NewestFirstSource<AuditEntry> {
  return {
    scope: `audit:${projectId ?? ''}`,
    url,
    count: () => ctx.store.accounts.countAudit(projectId),
    read: (slice) => ctx.store.accounts.listAudit(projectId, 'before' in slice ? { beforeId: slice.before, limit: slice.limit } : slice),
    positionOf: (entry) => entry.id,
    record: auditRecord,
  };
}

/**
 * `GET /api/projects/{p}/audit`: the project's audit log, and `GET /api/audit`: the operator's, of
 * what belongs to no project; newest first, with §2's pagination and envelopes.
 */
export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  declaredRoute(app, routes.list, async (request, reply) => {
    const project = grantOf(request).project ?? (await ctx.store.getProjectByAlias(request.params.project));
    if (!project) return reply.callNotFound();
    return sendNewestFirst(ctx, request, reply, auditListing(ctx, project.id, `${ctx.publicUrl}/api/projects/${encodeURIComponent(project.alias)}/audit`));
  });

  declaredRoute(app, routes.installation, (request, reply) => sendNewestFirst(ctx, request, reply, auditListing(ctx, null, `${ctx.publicUrl}/api/audit`)));
}
