import type pg from 'pg';
import { newIdAfter } from '../../records/ids.js';
import type { Field } from '@orbis/content-model';
import { itemRecord, keptFields } from '../../records/item-record.js';
import {
  type ContentModel,
  type Item,
  type ItemPatch,
  type ModelPatch,
  type NewItem,
  type NewModel,
  StoreConflictError,
  StoreNotFoundError,
  type VersionActor,
} from '../store.js';
import { PostgresItemVersions } from './postgres-item-versions.js';
import { cursorStream, invalidateCheckpoints } from './postgres-listing.js';

/** A `models` row as pg reads it. */
export interface ModelRow {
  id: string;
  project_id: string;
  key: string;
  name: string;
  public: boolean;
  review: boolean;
  fields: string;
  item_count: string;
  public_item_count: string;
  version: string;
  last_item_id: string | null;
  created_at: Date;
  updated_at: Date;
}

interface ItemRow {
  id: string;
  model_id: string;
  public: boolean;
  fields: string;
  created_at: Date;
  updated_at: Date;
}

const ITEM_COLUMNS = 'id, model_id, public, fields, created_at, updated_at';

/** The columns of a `models` row, in ModelRow's order. */
export const MODEL_COLUMNS = [
  'id',
  'project_id',
  'key',
  'name',
  'public',
  'review',
  'fields',
  'item_count',
  'public_item_count',
  'version',
  'last_item_id',
  'created_at',
  'updated_at',
] as const;

export function toModel(row: ModelRow): ContentModel {
  return {
    id: row.id,
    projectId: row.project_id,
    key: row.key,
    name: row.name,
    public: row.public,
    review: row.review,
    fields: JSON.parse(row.fields) as Field[],
    itemCount: Number(row.item_count),
    publicItemCount: Number(row.public_item_count),
    version: Number(row.version),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function toItem(row: ItemRow): Item {
  return {
    id: row.id,
    modelId: row.model_id,
    public: row.public,
    fields: JSON.parse(row.fields) as Record<string, unknown>,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

import type { PostgresWebhooks } from './postgres-webhooks.js';
import { itemEventData, itemUpdateEvents, type WebhookEvent, webhookEvent } from '../webhook-event.js';
import type { DraftToPublish } from '../review-store.js';
import { FOREIGN_KEY_VIOLATION, type Transaction, UNIQUE_VIOLATION } from './transaction.js';

const REWRITE_BATCH = 500;

/** The PostgreSQL store's content models and items (docs/contract.md §10). */
export class PostgresContent {
  /** Each item's kept versions (docs/content-workflow.md). */
  readonly versions: PostgresItemVersions;

  constructor(
    private readonly pool: pg.Pool,
    private readonly transaction: Transaction,
    private readonly outbox: PostgresWebhooks,
  ) {
    this.versions = new PostgresItemVersions(pool);
  }

  async createModel(m: NewModel): Promise<ContentModel> {
    try {
      const { rows } = await this.pool.query<ModelRow>(
        'INSERT INTO models (id, project_id, key, name, public, fields, created_at, updated_at, review) VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8) RETURNING *',
        [m.id, m.projectId, m.key, m.name, m.public, JSON.stringify(m.fields), m.createdAt, m.review === true],
      );
      return toModel(rows[0]!);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === UNIQUE_VIOLATION) throw new StoreConflictError(`a model with key "${m.key}" exists`);
      if (code === FOREIGN_KEY_VIOLATION) throw new StoreNotFoundError(`project ${m.projectId} no longer exists`);
      throw err;
    }
  }

  async listModels(projectId: string): Promise<ContentModel[]> {
    const { rows } = await this.pool.query<ModelRow>('SELECT * FROM models WHERE project_id = $1 ORDER BY key COLLATE "C"', [projectId]);
    return rows.map(toModel);
  }

  async getModel(projectId: string, key: string): Promise<ContentModel | undefined> {
    const { rows } = await this.pool.query<ModelRow>('SELECT * FROM models WHERE project_id = $1 AND key = $2', [projectId, key]);
    return rows[0] && toModel(rows[0]);
  }

  updateModel(projectId: string, key: string, patch: ModelPatch): Promise<ContentModel | undefined> {
    return this.transaction(async (client) => {
      const found = await client.query<ModelRow>('SELECT * FROM models WHERE project_id = $1 AND key = $2 FOR UPDATE', [projectId, key]);
      if (!found.rows[0]) return undefined;
      const before = toModel(found.rows[0]);
      const fields = patch.fields ?? before.fields;
      const { rows } = await client.query<ModelRow>(
        'UPDATE models SET name = $1, public = $2, fields = $3, updated_at = $4, review = $6, version = version + 1 WHERE id = $5 RETURNING *',
        [patch.name ?? before.name, patch.public ?? before.public, JSON.stringify(fields), patch.updatedAt, before.id, patch.review ?? before.review],
      );
      if (patch.fields) {
        // Every item keeps the values of the fields that remain; its record follows the new order.
        let afterId = '';
        for (;;) {
          const batch = await client.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM items WHERE model_id = $1 AND id > $2 ORDER BY id LIMIT $3`, [
            before.id,
            afterId,
            REWRITE_BATCH,
          ]);
          for (const row of batch.rows) {
            const item = toItem(row);
            const kept = keptFields(fields, item.fields);
            await client.query('UPDATE items SET fields = $1, record = $2 WHERE id = $3', [
              JSON.stringify(kept),
              itemRecord(fields, { ...item, fields: kept }),
              item.id,
            ]);
          }
          if (batch.rows.length < REWRITE_BATCH) break;
          afterId = batch.rows[batch.rows.length - 1]!.id;
        }
      }
      return toModel(rows[0]!);
    });
  }

  async deleteModel(projectId: string, key: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM models WHERE project_id = $1 AND key = $2', [projectId, key]);
    return (rowCount ?? 0) > 0;
  }

  async insertItems(modelId: string, drafts: NewItem[], now: string, actor: VersionActor): Promise<Item[]> {
    const items: Item[] = [];
    await this.record(modelId, drafts, now, actor, (item) => items.push(item), true);
    return items;
  }

  importItems(modelId: string, drafts: Iterable<NewItem>, now: string, actor: VersionActor): Promise<number> {
    return this.record(modelId, drafts, now, actor);
  }

  /**
   * Records items in one transaction, REWRITE_BATCH rows per statement, handing each to `each`;
   * `announce`: with an `item.create` event each (not an import's).
   */
  private record(modelId: string, drafts: Iterable<NewItem>, now: string, actor: VersionActor, each?: (item: Item) => void, announce = false): Promise<number> {
    return this.transaction(async (client) => {
      // The row lock orders concurrent inserts of one model, across every process.
      const { rows } = await client.query<ModelRow>('SELECT * FROM models WHERE id = $1 FOR UPDATE', [modelId]);
      if (!rows[0]) throw new StoreNotFoundError(`model ${modelId} no longer exists`);
      const fields = JSON.parse(rows[0].fields) as Field[];
      // A model that requires review keeps a new item hidden, its values and flag as its draft.
      const review = rows[0].review;
      const wanted = new Map<string, boolean>();
      let last = rows[0].last_item_id;
      let count = 0;
      let publicCount = 0;
      let batch: Item[] = [];
      // One statement per batch of rows: an import of thousands is not thousands of round trips.
      const flush = async () => {
        if (batch.length === 0) return;
        await client.query(
          `INSERT INTO items (${ITEM_COLUMNS}, record) SELECT * FROM unnest($1::text[], $2::text[], $3::boolean[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::text[])`,
          [
            batch.map((x) => x.id),
            batch.map(() => modelId),
            batch.map((x) => x.public),
            batch.map((x) => JSON.stringify(x.fields)),
            batch.map(() => now),
            batch.map(() => now),
            batch.map((x) => itemRecord(fields, x)),
          ],
        );
        // Each item's first version (docs/content-workflow.md), in the same transaction.
        await client.query(
          'INSERT INTO item_versions (model_id, item_id, version, at, actor, public, fields) SELECT $1, id, 1, $2, $3, public, fields FROM items WHERE id = ANY($4::text[])',
          [modelId, now, JSON.stringify(actor), batch.map((x) => x.id)],
        );
        if (review) {
          const ids = batch.map((x) => x.id);
          const flags = ids.map((id) => wanted.get(id)!);
          await client.query(
            'UPDATE item_versions v SET public = w.public FROM unnest($2::text[], $3::boolean[]) AS w(id, public) WHERE v.model_id = $1 AND v.item_id = w.id AND v.version = 1',
            [modelId, ids, flags],
          );
          await client.query(
            'INSERT INTO item_drafts (model_id, item_id, public, fields, at, actor, request_id, published) SELECT $1, i.id, w.public, i.fields, $2, $3, NULL, false FROM items i JOIN unnest($4::text[], $5::boolean[]) AS w(id, public) ON i.id = w.id',
            [modelId, now, JSON.stringify(actor), ids, flags],
          );
        }
        if (announce)
          await this.outbox.enqueue(
            client,
            rows[0]!.project_id,
            batch.map((item) => webhookEvent('item.create', now, itemEventData(rows[0]!.key, item))),
            now,
          );
        batch = [];
      };
      for (const draft of drafts) {
        last = newIdAfter(last);
        count += 1;
        const visible = draft.public && !review;
        publicCount += visible ? 1 : 0;
        if (review) wanted.set(last, draft.public);
        const item: Item = { id: last, modelId, public: visible, fields: draft.fields, createdAt: now, updatedAt: now };
        each?.(item);
        batch.push(item);
        if (batch.length >= REWRITE_BATCH) await flush();
      }
      await flush();
      await client.query(
        'UPDATE models SET item_count = item_count + $1, public_item_count = public_item_count + $2, version = version + 1, last_item_id = coalesce($3, last_item_id) WHERE id = $4',
        [count, publicCount, count > 0 ? last : null, modelId],
      );
      return count;
    });
  }

  async getItem(modelId: string, id: string): Promise<Item | undefined> {
    const { rows } = await this.pool.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM items WHERE model_id = $1 AND id = $2`, [modelId, id]);
    return rows[0] && toItem(rows[0]);
  }

  updateItem(modelId: string, id: string, patch: ItemPatch): Promise<Item | undefined> {
    return this.transaction((client) => this.updateWith(client, modelId, id, patch));
  }

  /** `updateItem` inside a transaction the caller holds. */
  private async updateWith(client: pg.PoolClient, modelId: string, id: string, patch: ItemPatch): Promise<Item | undefined> {
    const model = await client.query<ModelRow>('SELECT * FROM models WHERE id = $1 FOR UPDATE', [modelId]);
    const found = await client.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM items WHERE model_id = $1 AND id = $2 FOR UPDATE`, [modelId, id]);
    if (!model.rows[0] || !found.rows[0]) return undefined;
    const before = toItem(found.rows[0]);
    const after: Item = { ...before, public: patch.public ?? before.public, fields: patch.fields ?? before.fields, updatedAt: patch.updatedAt };
    const fields = JSON.parse(model.rows[0].fields) as Field[];
    await client.query('UPDATE items SET public = $1, fields = $2, record = $3, updated_at = $4 WHERE id = $5', [
      after.public,
      JSON.stringify(after.fields),
      itemRecord(fields, after),
      after.updatedAt,
      id,
    ]);
    await this.versions.add(client, modelId, id, after.updatedAt, patch.actor, after.public, after.fields);
    const delta = after.public === before.public ? 0 : after.public ? 1 : -1;
    await client.query('UPDATE models SET public_item_count = public_item_count + $1, version = version + 1 WHERE id = $2', [delta, modelId]);
    if (delta !== 0) await invalidateCheckpoints(client, modelId, id, { all: false, public: true }, 'items');
    await this.outbox.enqueue(client, model.rows[0].project_id, itemUpdateEvents(model.rows[0].key, before, after), after.updatedAt);
    return after;
  }

  /**
   * Publishes a model's drafts inside the approval's transaction, REWRITE_BATCH items per statement
   * (each a write of the item: its version, `item.update` and maybe `item.publish`), with one
   * update of the model's counts: a request of thousands is not thousands of round trips.
   */
  async publishDrafts(client: pg.PoolClient, modelId: string, drafts: DraftToPublish[], at: string, actor: VersionActor): Promise<void> {
    if (drafts.length === 0) return;
    const model = await client.query<ModelRow>('SELECT * FROM models WHERE id = $1 FOR UPDATE', [modelId]);
    if (!model.rows[0]) return;
    const { project_id: projectId, key } = model.rows[0];
    const fields = JSON.parse(model.rows[0].fields) as Field[];
    const wanted = new Map(drafts.map((d) => [d.itemId, d]));
    const ids = [...wanted.keys()].sort();
    const events: WebhookEvent[] = [];
    let delta = 0;
    let firstTurned: string | undefined;
    for (let start = 0; start < ids.length; start += REWRITE_BATCH) {
      const found = await client.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM items WHERE model_id = $1 AND id = ANY($2::text[]) ORDER BY id FOR UPDATE`, [
        modelId,
        ids.slice(start, start + REWRITE_BATCH),
      ]);
      const after = found.rows.map((row) => {
        const before = toItem(row);
        const draft = wanted.get(before.id)!;
        const item: Item = { ...before, public: draft.public, fields: draft.fields, updatedAt: at };
        if (item.public !== before.public) {
          delta += item.public ? 1 : -1;
          firstTurned ??= item.id;
        }
        events.push(...itemUpdateEvents(key, before, item));
        return item;
      });
      await client.query(
        `UPDATE items i SET public = u.public, fields = u.fields, record = u.record, updated_at = $2
         FROM unnest($3::text[], $4::boolean[], $5::text[], $6::text[]) AS u(id, public, fields, record) WHERE i.model_id = $1 AND i.id = u.id`,
        [modelId, at, after.map((i) => i.id), after.map((i) => i.public), after.map((i) => JSON.stringify(i.fields)), after.map((i) => itemRecord(fields, i))],
      );
      await this.versions.addMany(client, modelId, after, at, actor);
    }
    await client.query('UPDATE models SET public_item_count = public_item_count + $1, version = version + 1 WHERE id = $2', [delta, modelId]);
    // Ids ascend, so the first item whose flag turned is the earliest checkpoint to go.
    if (firstTurned) await invalidateCheckpoints(client, modelId, firstTurned, { all: false, public: true }, 'items');
    await this.outbox.enqueue(client, projectId, events, at);
  }

  deleteItem(modelId: string, id: string, now: string): Promise<boolean> {
    return this.transaction(async (client) => {
      const { rows } = await client.query<ItemRow>(`DELETE FROM items WHERE model_id = $1 AND id = $2 RETURNING ${ITEM_COLUMNS}`, [modelId, id]);
      if (!rows[0]) return false;
      await client.query('DELETE FROM item_drafts WHERE model_id = $1 AND item_id = $2', [modelId, id]);
      const model = await client.query<{ project_id: string; key: string }>('SELECT project_id, key FROM models WHERE id = $1', [modelId]);
      await this.outbox.enqueue(client, model.rows[0]!.project_id, [webhookEvent('item.delete', now, itemEventData(model.rows[0]!.key, toItem(rows[0])))], now);
      await client.query('UPDATE models SET item_count = item_count - 1, public_item_count = public_item_count - $1, version = version + 1 WHERE id = $2', [
        rows[0].public ? 1 : 0,
        modelId,
      ]);
      await invalidateCheckpoints(client, modelId, id, { all: true, public: rows[0].public }, 'items');
      return true;
    });
  }

  streamItems(modelId: string): AsyncIterable<Item> {
    return cursorStream(this.pool, `SELECT ${ITEM_COLUMNS} FROM items WHERE model_id = $1 ORDER BY id`, [modelId], toItem);
  }
}
