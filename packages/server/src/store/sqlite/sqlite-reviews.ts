import type Database from 'better-sqlite3';
import {
  DRAFT_COLUMNS,
  type DraftRow,
  itemsByModel,
  REQUEST_COLUMNS,
  type RequestRow,
  requestConflict,
  requestValues,
  toDraft,
  toRequest,
} from '../review-rows.js';
import type { ItemDraft, RequestClose, RequestState, RestoredDraft, ReviewRequest, ReviewStore } from '../review-store.js';
import { StoreConflictError, type VersionActor } from '../store.js';
import type { SqliteContent } from './sqlite-content.js';
import type { WriteGate } from './write-gate.js';

type Draft = DraftRow<string, number>;
const read = { time: (t: string) => t, flag: (b: number) => b === 1 };
const asRequest = (row: RequestRow<string>) => toRequest(row, read.time);

/** The SQLite store's drafts and review requests (docs/content-workflow.md, "Review"). */
export class SqliteReviews implements ReviewStore {
  private readonly s;

  constructor(
    private readonly db: Database.Database,
    private readonly content: SqliteContent,
    private readonly gate: WriteGate,
  ) {
    this.s = {
      draft: db.prepare(`SELECT ${DRAFT_COLUMNS} FROM item_drafts WHERE model_id = ? AND item_id = ?`),
      drafts: db.prepare(`SELECT ${DRAFT_COLUMNS} FROM item_drafts WHERE model_id = ? AND item_id IN (SELECT value FROM json_each(?))`),
      putDraft: db.prepare(
        `INSERT INTO item_drafts (model_id, item_id, public, fields, at, actor, request_id, published) VALUES (?, ?, ?, ?, ?, ?, NULL, 1)
         ON CONFLICT (model_id, item_id) DO UPDATE SET public = excluded.public, fields = excluded.fields, at = excluded.at, actor = excluded.actor`,
      ),
      joinRequest: db.prepare('UPDATE item_drafts SET request_id = ? WHERE model_id = ? AND item_id IN (SELECT value FROM json_each(?))'),
      leaveRequest: db.prepare('UPDATE item_drafts SET request_id = NULL WHERE request_id = ?'),
      deleteDrafts: db.prepare('DELETE FROM item_drafts WHERE model_id = ? AND item_id IN (SELECT value FROM json_each(?))'),
      existing: db.prepare('SELECT id FROM items WHERE model_id = ? AND id IN (SELECT value FROM json_each(?))'),
      freeDrafts: db.prepare('SELECT item_id FROM item_drafts WHERE model_id = ? AND request_id IS NULL ORDER BY item_id LIMIT ?'),
      insertRequest: db.prepare(`INSERT INTO review_requests (${REQUEST_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      request: db.prepare(`SELECT ${REQUEST_COLUMNS} FROM review_requests WHERE project_id = ? AND id = ?`),
      requests: db.prepare(
        `SELECT ${REQUEST_COLUMNS} FROM review_requests WHERE project_id = ? AND (? IS NULL OR state = ?) ORDER BY created_at DESC, id DESC LIMIT ?`,
      ),
      close: db.prepare('UPDATE review_requests SET state = ?, closed_by = ?, closed_at = ?, comment = ? WHERE id = ?'),
      restoreDraft: db.prepare('INSERT INTO item_drafts (model_id, item_id, public, fields, at, actor, request_id, published) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
    };
  }

  async restore(drafts: RestoredDraft[], requests: ReviewRequest[]): Promise<void> {
    await this.gate.write(() =>
      this.db
        .transaction(() => {
          for (const r of requests) this.s.insertRequest.run(...requestValues(r));
          for (const { modelId, itemId, draft: d } of drafts)
            this.s.restoreDraft.run(
              modelId,
              itemId,
              d.public ? 1 : 0,
              JSON.stringify(d.fields),
              d.at,
              JSON.stringify(d.actor),
              d.requestId,
              d.published ? 1 : 0,
            );
        })
        .immediate(),
    );
  }

  async getDraft(modelId: string, itemId: string): Promise<ItemDraft | undefined> {
    const row = this.s.draft.get(modelId, itemId) as Draft | undefined;
    return row && toDraft(row, read);
  }

  async existing(modelId: string, itemIds: string[]): Promise<Set<string>> {
    return new Set((this.s.existing.all(modelId, JSON.stringify(itemIds)) as { id: string }[]).map((r) => r.id));
  }

  async freeDrafts(modelId: string, limit: number): Promise<string[]> {
    return (this.s.freeDrafts.all(modelId, limit) as { item_id: string }[]).map((r) => r.item_id);
  }

  async draftsOf(modelId: string, itemIds: string[]): Promise<Map<string, ItemDraft>> {
    const rows = this.s.drafts.all(modelId, JSON.stringify(itemIds)) as Draft[];
    return new Map(rows.map((r) => [r.item_id, toDraft(r, read)]));
  }

  async putDraft(
    modelId: string,
    itemId: string,
    values: { public: boolean; fields: Record<string, unknown> },
    at: string,
    actor: VersionActor,
  ): Promise<ItemDraft | undefined> {
    return this.gate.write(() =>
      this.db
        .transaction(() => {
          if (!this.content.getItem(modelId, itemId)) return undefined;
          // An item without a draft is published: its first draft says so.
          this.s.putDraft.run(modelId, itemId, values.public ? 1 : 0, JSON.stringify(values.fields), at, JSON.stringify(actor));
          this.content.versions.add(modelId, itemId, at, actor, values.public, values.fields);
          return toDraft(this.s.draft.get(modelId, itemId) as Draft, read);
        })
        .immediate(),
    );
  }

  async openRequest(request: ReviewRequest): Promise<ReviewRequest> {
    return this.gate.write(() =>
      this.db
        .transaction(() => {
          for (const [modelId, itemIds] of itemsByModel(request.items)) {
            const requestOf = new Map((this.s.drafts.all(modelId, JSON.stringify(itemIds)) as Draft[]).map((r) => [r.item_id, r.request_id]));
            for (const itemId of itemIds) {
              const conflict = requestConflict(itemId, requestOf);
              if (conflict) throw new StoreConflictError(conflict);
            }
            this.s.joinRequest.run(request.id, modelId, JSON.stringify(itemIds));
          }
          this.s.insertRequest.run(...requestValues(request));
          return request;
        })
        .immediate(),
    );
  }

  async getRequest(projectId: string, id: string): Promise<ReviewRequest | undefined> {
    const row = this.s.request.get(projectId, id) as RequestRow<string> | undefined;
    return row && asRequest(row);
  }

  async listRequests(projectId: string, state: RequestState | undefined, limit: number): Promise<ReviewRequest[]> {
    return (this.s.requests.all(projectId, state ?? null, state ?? null, limit) as RequestRow<string>[]).map(asRequest);
  }

  async closeRequest(projectId: string, id: string, close: RequestClose): Promise<ReviewRequest | undefined> {
    return this.gate.write(() =>
      this.db
        .transaction(() => {
          const row = this.s.request.get(projectId, id) as RequestRow<string> | undefined;
          if (!row) return undefined;
          if (row.state !== 'open') throw new StoreConflictError(`request ${id} is ${row.state} already`);
          const request = asRequest(row);
          if (close.state === 'approved') {
            // Every item at once, a model's drafts at a time: they become the published values (an item deleted since is skipped).
            for (const [modelId, itemIds] of itemsByModel(request.items)) {
              const drafts = (this.s.drafts.all(modelId, JSON.stringify(itemIds)) as Draft[]).map((row) => ({ itemId: row.item_id, ...toDraft(row, read) }));
              this.s.deleteDrafts.run(modelId, JSON.stringify(itemIds));
              this.content.publishDrafts(modelId, drafts, close.at, close.by);
            }
          } else {
            this.s.leaveRequest.run(id);
          }
          this.s.close.run(close.state, JSON.stringify(close.by), close.at, close.comment, id);
          return { ...request, state: close.state, closedBy: close.by, closedAt: close.at, comment: close.comment };
        })
        .immediate(),
    );
  }
}
