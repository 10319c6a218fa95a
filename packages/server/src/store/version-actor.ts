import type { AuditActor } from './account-store.js';

/**
 * Who wrote a version: the audit log's actor, or `system` for the versions that the migration
 * introducing versions made of the items it found (who wrote those is not known).
 */
export type VersionActor = AuditActor | { type: 'system' };
