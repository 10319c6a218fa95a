import type { FastifyInstance } from 'fastify';
import { InvalidCursorError } from '../../assets/cursor.js';
import type { AuditEntry } from '../../store/account-store.js';
import type { AppContext } from '../app-context.js';
import { pageQueryOf } from '../listing-reply.js';
import { adminSecurity, answer, failure, paginationQuery, params } from '../schemas.js';
import { grantOf } from './actor.js';

/** The position a cursor names, when it was made for this listing. */
function afterIdIn(ctx: AppContext, cursor: string, scope: string): string {
  const position = ctx.cursors.decode(cursor);
  if (position.scope !== scope) throw new InvalidCursorError();
  return position.afterId;
}

/** An entry as SPEC §12 shows it: keys in a fixed order. */
const entryRecord = (e: AuditEntry) => ({ id: e.id, at: e.at, actor: e.actor, action: e.action, target: e.target, ip: e.ip });

/** `GET /api/projects/{p}/audit`: the project's audit log, newest first, with §2's pagination and envelopes. */
export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { project: string } }>('/api/projects/:project/audit', { schema: { summary: "The project's audit log, newest first: who did what, when, from where", security: adminSecurity, params: params.project, querystring: paginationQuery, response: { 200: answer('Listing', 'a list or a page of {id, at, actor, action, target, ip}'), 400: failure('invalid_parameter or invalid_cursor'), 404: failure('not_found') } } }, async (request, reply) => {
    const project = grantOf(request).project ?? (await ctx.store.getProjectByAlias(request.params.project));
    if (!project) return reply.callNotFound();
    const query = pageQueryOf(request);
    const totalCount = await ctx.store.accounts.countAudit(project.id);
    const scope = `audit:${project.id}`;
    if (query.mode === 'all') {
      return { results: (await ctx.store.accounts.listAudit(project.id, { offset: 0, limit: Number.MAX_SAFE_INTEGER })).map(entryRecord), totalCount };
    }
    const slice = query.mode === 'cursor' ? { beforeId: afterIdIn(ctx, query.cursor, scope), limit: query.limit + 1 } : { offset: query.offset, limit: query.limit + 1 };
    const rows = await ctx.store.accounts.listAudit(project.id, slice);
    const hasMore = rows.length > query.limit;
    const results = rows.slice(0, query.limit);
    const nextCursor = hasMore ? ctx.cursors.encode({ scope, afterId: results[results.length - 1]!.id }) : null;
    if (nextCursor) reply.header('Link', `<${ctx.publicUrl}/api/projects/${encodeURIComponent(project.alias)}/audit?start_cursor=${encodeURIComponent(nextCursor)}&limit=${query.limit}>; rel="next"`);
    const page = query.mode === 'cursor' ? {} : { page: query.page, offset: query.offset };
    return { results: results.map(entryRecord), totalCount, hasMore, limit: query.limit, nextCursor, ...page };
  });
}
