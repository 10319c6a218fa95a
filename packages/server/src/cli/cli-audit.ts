import type { AppContext } from '../http/app-context.js';
import { newId } from '../records/ids.js';

/**
 * Records a CLI change in the audit log as the operator's (the admin's), from the address `cli`,
 * under the action and path its HTTP twin is recorded by (docs/teams.md, "The audit log").
 */
export async function cliAudit(ctx: AppContext, projectId: string | null, action: string, target: string, detail?: Record<string, string>): Promise<void> {
  await ctx.store.accounts.addAudit({
    id: newId(),
    projectId,
    at: new Date().toISOString(),
    actor: { type: 'admin' },
    action,
    target,
    ip: 'cli',
    ...(detail ? { detail } : {}),
  });
}
