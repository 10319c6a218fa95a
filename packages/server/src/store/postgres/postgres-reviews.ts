import type pg from 'pg';
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
import type { PostgresContent } from './postgres-content.js';
import type { Transaction } from './transaction.js';

type Draft = DraftRow<Date, boolean>;
const read = { time: (t: Date) => t.toISOString(), flag: (b: boolean) => b };
const asRequest = (row: RequestRow<Date>) => toRequest(row, read.time);

/** The PostgreSQL store's drafts and review requests (docs/content-workflow.md, "Review"). */
export class PostgresReviews implements ReviewStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly transaction: Transaction,
    private readonly content: PostgresContent,
  ) {}

  async getDraft(modelId: string, itemId: string): Promise<ItemDraft | undefined> {
    const { rows } = await this.pool.query<Draft>(`SELECT ${DRAFT_COLUMNS} FROM item_drafts WHERE model_id = $1 AND item_id = $2`, [modelId, itemId]);
    return rows[0] && toDraft(rows[0], read);
  }

  async existing(modelId: string, itemIds: string[]): Promise<Set<string>> {
    const { rows } = await this.pool.query<{ id: string }>('SELECT id FROM items WHERE model_id = $1 AND id = ANY($2::text[])', [modelId, itemIds]);
    return new Set(rows.map((r) => r.id));
  }

  async freeDrafts(modelId: string, limit: number): Promise<string[]> {
    const { rows } = await this.pool.query<{ item_id: string }>(
      'SELECT item_id FROM item_drafts WHERE model_id = $1 AND request_id IS NULL ORDER BY item_id LIMIT $2',
      [modelId, limit],
    );
    return rows.map((r) => r.item_id);
  }

  async draftsOf(modelId: string, itemIds: string[]): Promise<Map<string, ItemDraft>> {
    const { rows } = await this.pool.query<Draft>(`SELECT ${DRAFT_COLUMNS} FROM item_drafts WHERE model_id = $1 AND item_id = ANY($2::text[])`, [
      modelId,
      itemIds,
    ]);
    return new Map(rows.map((r) => [r.item_id, toDraft(r, read)]));
  }

  putDraft(
    modelId: string,
    itemId: string,
    values: { public: boolean; fields: Record<string, unknown> },
    at: string,
    actor: VersionActor,
  ): Promise<ItemDraft | undefined> {
    return this.transaction(async (client) => {
      const item = await client.query('SELECT 1 FROM items WHERE model_id = $1 AND id = $2 FOR UPDATE', [modelId, itemId]);
      if (item.rowCount === 0) return undefined;
      // An item without a draft is published: its first draft says so.
      const { rows } = await client.query<Draft>(
        `INSERT INTO item_drafts (model_id, item_id, public, fields, at, actor, request_id, published) VALUES ($1, $2, $3, $4, $5, $6, NULL, true)
         ON CONFLICT (model_id, item_id) DO UPDATE SET public = excluded.public, fields = excluded.fields, at = excluded.at, actor = excluded.actor
         RETURNING ${DRAFT_COLUMNS}`,
        [modelId, itemId, values.public, JSON.stringify(values.fields), at, JSON.stringify(actor)],
      );
      await this.content.versions.add(client, modelId, itemId, at, actor, values.public, values.fields);
      return toDraft(rows[0]!, read);
    });
  }

  restore(drafts: RestoredDraft[], requests: ReviewRequest[]): Promise<void> {
    return this.transaction(async (client) => {
      for (const r of requests)
        await client.query(`INSERT INTO review_requests (${REQUEST_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, requestValues(r));
      for (const { modelId, itemId, draft: d } of drafts) {
        await client.query(
          'INSERT INTO item_drafts (model_id, item_id, public, fields, at, actor, request_id, published) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
          [modelId, itemId, d.public, JSON.stringify(d.fields), d.at, JSON.stringify(d.actor), d.requestId, d.published],
        );
      }
    });
  }

  openRequest(request: ReviewRequest): Promise<ReviewRequest> {
    return this.transaction(async (client) => {
      for (const [modelId, itemIds] of itemsByModel(request.items)) {
        // Locked in id order, so two requests over the same drafts wait for each other rather than deadlock.
        const { rows } = await client.query<{ item_id: string; request_id: string | null }>(
          'SELECT item_id, request_id FROM item_drafts WHERE model_id = $1 AND item_id = ANY($2::text[]) ORDER BY item_id FOR UPDATE',
          [modelId, itemIds],
        );
        const requestOf = new Map(rows.map((r) => [r.item_id, r.request_id]));
        for (const itemId of itemIds) {
          const conflict = requestConflict(itemId, requestOf);
          if (conflict) throw new StoreConflictError(conflict);
        }
        await client.query('UPDATE item_drafts SET request_id = $1 WHERE model_id = $2 AND item_id = ANY($3::text[])', [request.id, modelId, itemIds]);
      }
      await client.query(`INSERT INTO review_requests (${REQUEST_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, requestValues(request));
      return request;
    });
  }

  async getRequest(projectId: string, id: string): Promise<ReviewRequest | undefined> {
    const { rows } = await this.pool.query<RequestRow<Date>>(`SELECT ${REQUEST_COLUMNS} FROM review_requests WHERE project_id = $1 AND id = $2`, [
      projectId,
      id,
    ]);
    return rows[0] && asRequest(rows[0]);
  }

  async listRequests(projectId: string, state: RequestState | undefined, limit: number): Promise<ReviewRequest[]> {
    const { rows } = await this.pool.query<RequestRow<Date>>(
      `SELECT ${REQUEST_COLUMNS} FROM review_requests WHERE project_id = $1 AND ($2::text IS NULL OR state = $2) ORDER BY created_at DESC, id DESC LIMIT $3`,
      [projectId, state ?? null, limit],
    );
    return rows.map(asRequest);
  }

  closeRequest(projectId: string, id: string, close: RequestClose): Promise<ReviewRequest | undefined> {
    return this.transaction(async (client) => {
      const { rows } = await client.query<RequestRow<Date>>(`SELECT ${REQUEST_COLUMNS} FROM review_requests WHERE project_id = $1 AND id = $2 FOR UPDATE`, [
        projectId,
        id,
      ]);
      if (!rows[0]) return undefined;
      if (rows[0].state !== 'open') throw new StoreConflictError(`request ${id} is ${rows[0].state} already`);
      const request = asRequest(rows[0]);
      if (close.state === 'approved') {
        // Every item at once, a model's drafts a batch at a time: they become the published values (an item deleted since is skipped).
        for (const [modelId, itemIds] of itemsByModel(request.items)) {
          const taken = await client.query<Draft>(`DELETE FROM item_drafts WHERE model_id = $1 AND item_id = ANY($2::text[]) RETURNING ${DRAFT_COLUMNS}`, [
            modelId,
            itemIds,
          ]);
          const drafts = taken.rows.map((row) => ({ itemId: row.item_id, ...toDraft(row, read) }));
          await this.content.publishDrafts(client, modelId, drafts, close.at, close.by);
        }
      } else {
        await client.query('UPDATE item_drafts SET request_id = NULL WHERE request_id = $1', [id]);
      }
      await client.query('UPDATE review_requests SET state = $1, closed_by = $2, closed_at = $3, comment = $4 WHERE id = $5', [
        close.state,
        JSON.stringify(close.by),
        close.at,
        close.comment,
        id,
      ]);
      return { ...request, state: close.state, closedBy: close.by, closedAt: close.at, comment: close.comment };
    });
  }
}
