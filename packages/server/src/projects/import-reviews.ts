import type { Field } from '@orbis/content-model';
import { InputError } from '../input-error.js';
import { newId } from '../records/ids.js';
import type { ItemDraft, RestoredDraft, ReviewRequest } from '../store/review-store.js';
import type { ContentModel, Store, VersionActor } from '../store/store.js';
import type { ExportedRequest } from './project-manifest.js';

/** What the drafts' and requests' import needs of the models' import: each model's new id and fields, and its items' new ids. */
export interface ImportedModels {
  models: Map<string, ContentModel>;
  /** An exported item's new id, by model key. */
  newId(model: string, id: string): string | undefined;
  /** Rewrites values as the items' were: asset ids and references to the new ones. */
  rewrite(fields: Record<string, unknown>, modelFields: Field[]): Record<string, unknown>;
}

/** A line of `models/{key}.drafts.ndjson`. */
function draftOf(row: string, value: unknown): ItemDraft & { id: string } {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const actor = v.actor as { type?: unknown } | null | undefined;
  const ok =
    typeof v.id === 'string' &&
    typeof v.public === 'boolean' &&
    typeof v.fields === 'object' &&
    v.fields !== null &&
    !Array.isArray(v.fields) &&
    typeof v.at === 'string' &&
    !Number.isNaN(Date.parse(v.at)) &&
    typeof actor === 'object' &&
    actor !== null &&
    typeof actor.type === 'string' &&
    (v.requestId === null || typeof v.requestId === 'string') &&
    typeof v.published === 'boolean';
  if (!ok) throw new InputError('file', `${row}: must be {"id", "public", "fields": {…}, "at", "actor": {"type", …}, "requestId": "…" or null, "published"}`);
  return {
    id: v.id as string,
    public: v.public as boolean,
    fields: v.fields as Record<string, unknown>,
    at: new Date(Date.parse(v.at as string)).toISOString(),
    actor: v.actor as VersionActor,
    requestId: v.requestId as string | null,
    published: v.published as boolean,
  };
}

/**
 * Writes the exported review requests and drafts (docs/operations.md, "Import a project"): each
 * request with a new id, its items' new ids (an item not in the export left out) and its reviewers
 * matched by email with this server's users (one without an account here left out); each draft on
 * its item's new id, in its request. Requests and their history (who opened and closed them,
 * when, the comment) are kept as they were: an approved request is not approved again.
 */
export async function importReviews(
  store: Store,
  imported: ImportedModels,
  projectId: string,
  requests: ExportedRequest[],
  drafts: { key: string; lines: AsyncIterable<{ row: string; value: unknown }> }[],
): Promise<void> {
  const requestIds = new Map<string, string>();
  const made: ReviewRequest[] = [];
  for (const r of requests) {
    const reviewers: string[] = [];
    for (const email of r.reviewers) {
      const user = await store.accounts.getUserByEmail(email);
      if (user) reviewers.push(user.id);
    }
    const items = r.items.flatMap((i) => {
      const model = imported.models.get(i.model);
      const id = imported.newId(i.model, i.id);
      return model && id ? [{ modelId: model.id, itemId: id }] : [];
    });
    requestIds.set(r.id, newId());
    made.push({
      id: requestIds.get(r.id)!,
      projectId,
      title: r.title,
      items,
      reviewers,
      state: r.state,
      createdBy: r.createdBy,
      createdAt: r.createdAt,
      closedBy: r.closedBy,
      closedAt: r.closedAt,
      comment: r.comment,
    });
  }
  const restored: RestoredDraft[] = [];
  for (const { key, lines } of drafts) {
    const model = imported.models.get(key)!;
    for await (const { row, value } of lines) {
      const { id, ...draft } = draftOf(row, value);
      const itemId = imported.newId(key, id);
      if (itemId === undefined) throw new InputError('file', `${row}: "${id.slice(0, 40)}" is no item of the model's items`);
      restored.push({
        modelId: model.id,
        itemId,
        draft: {
          ...draft,
          fields: imported.rewrite(draft.fields, model.fields),
          requestId: draft.requestId === null ? null : (requestIds.get(draft.requestId) ?? null),
        },
      });
    }
  }
  await store.reviews.restore(restored, made);
}
