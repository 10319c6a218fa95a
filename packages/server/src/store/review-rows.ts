import type { ItemDraft, RequestItem, RequestState, ReviewRequest } from './review-store.js';
import type { VersionActor } from './version-actor.js';

/** An `item_drafts` row as a driver reads it: timestamps as `T`, flags as `B`. */
export interface DraftRow<T, B> {
  item_id: string;
  public: B;
  fields: string;
  at: T;
  actor: string;
  request_id: string | null;
  published: B;
}

/** A `review_requests` row as a driver reads it, timestamps as `T`. */
export interface RequestRow<T> {
  id: string;
  project_id: string;
  title: string;
  items: string;
  reviewers: string;
  state: string;
  created_by: string;
  created_at: T;
  closed_by: string | null;
  closed_at: T | null;
  comment: string | null;
}

export const DRAFT_COLUMNS = 'item_id, public, fields, at, actor, request_id, published';

/** How a driver's timestamps and flags read. */
export interface RowReading<T, B> {
  time: (t: T) => string;
  flag: (b: B) => boolean;
}

export function toDraft<T, B>(row: DraftRow<T, B>, read: RowReading<T, B>): ItemDraft {
  return {
    public: read.flag(row.public),
    fields: JSON.parse(row.fields) as Record<string, unknown>,
    at: read.time(row.at),
    actor: JSON.parse(row.actor) as VersionActor,
    requestId: row.request_id,
    published: read.flag(row.published),
  };
}

export function toRequest<T>(row: RequestRow<T>, time: (t: T) => string): ReviewRequest {
  return {
    id: row.id,
    projectId: row.project_id,
    title: row.title,
    items: JSON.parse(row.items) as RequestItem[],
    reviewers: JSON.parse(row.reviewers) as string[],
    state: row.state as RequestState,
    createdBy: JSON.parse(row.created_by) as VersionActor,
    createdAt: time(row.created_at),
    closedBy: row.closed_by === null ? null : (JSON.parse(row.closed_by) as VersionActor),
    closedAt: row.closed_at === null ? null : time(row.closed_at),
    comment: row.comment,
  };
}

/** A request's items grouped by model, each model's item ids in the request's order: what a store checks and publishes a batch at a time. */
export function itemsByModel(items: RequestItem[]): Map<string, string[]> {
  const grouped = new Map<string, string[]>();
  for (const { modelId, itemId } of items) {
    const ids = grouped.get(modelId) ?? [];
    if (ids.length === 0) grouped.set(modelId, ids);
    ids.push(itemId);
  }
  return grouped;
}

/**
 * Why an item cannot join a request, given the open request of each of its model's drafts
 * (`null`: a draft in none; absent: no draft); undefined when it can.
 */
export function requestConflict(itemId: string, requestOf: Map<string, string | null>): string | undefined {
  if (!requestOf.has(itemId)) return `item ${itemId} has no draft to review`;
  const open = requestOf.get(itemId);
  return open ? `item ${itemId} is in request ${open}, still open` : undefined;
}

/** The columns of a request, in `requestValues`' order. */
export const REQUEST_COLUMNS = 'id, project_id, title, items, reviewers, state, created_by, created_at, closed_by, closed_at, comment';

/** A request's values for an INSERT of REQUEST_COLUMNS. */
export function requestValues(r: ReviewRequest): unknown[] {
  return [
    r.id,
    r.projectId,
    r.title,
    JSON.stringify(r.items),
    JSON.stringify(r.reviewers),
    r.state,
    JSON.stringify(r.createdBy),
    r.createdAt,
    r.closedBy && JSON.stringify(r.closedBy),
    r.closedAt,
    r.comment,
  ];
}
