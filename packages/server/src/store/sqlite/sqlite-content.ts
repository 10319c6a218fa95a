import type Database from 'better-sqlite3';
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
import { importItemsInWorker } from './item-import.js';
import { SqliteItemVersions } from './sqlite-item-versions.js';
import type { SqliteWebhooks } from './sqlite-webhooks.js';
import { itemEventData, itemUpdateEvents, type WebhookEvent, webhookEvent } from '../webhook-event.js';
import type { DraftToPublish } from '../review-store.js';
import { inBatches, type SqliteListing, STREAM_BATCH } from './sqlite-listing.js';
import type { WriteGate } from './write-gate.js';

interface ModelRow {
  id: string;
  project_id: string;
  key: string;
  name: string;
  public: number;
  review: number;
  fields: string;
  item_count: number;
  public_item_count: number;
  version: number;
  created_at: string;
  updated_at: string;
}

interface ItemRow {
  id: string;
  model_id: string;
  public: number;
  fields: string;
  created_at: string;
  updated_at: string;
}

const MODEL_COLUMNS = 'id, project_id, key, name, public, review, fields, item_count, public_item_count, version, created_at, updated_at';
const ITEM_COLUMNS = 'id, model_id, public, fields, created_at, updated_at';

function toModel(row: ModelRow): ContentModel {
  return {
    id: row.id,
    projectId: row.project_id,
    key: row.key,
    name: row.name,
    public: row.public === 1,
    review: row.review === 1,
    fields: JSON.parse(row.fields) as Field[],
    itemCount: row.item_count,
    publicItemCount: row.public_item_count,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toItem(row: ItemRow): Item {
  return {
    id: row.id,
    modelId: row.model_id,
    public: row.public === 1,
    fields: JSON.parse(row.fields) as Record<string, unknown>,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The SQLite store's content models and items (docs/contract.md §10); synchronous, as better-sqlite3 is. */
export class SqliteContent {
  private readonly s;
  /** Each item's kept versions (docs/content-workflow.md). */
  readonly versions: SqliteItemVersions;

  constructor(
    private readonly db: Database.Database,
    private readonly listing: SqliteListing,
    private readonly outbox: SqliteWebhooks,
    /** An import's commit holds it; its small import writes through it (the facade puts the other writes through it). */
    private readonly gate: WriteGate,
  ) {
    this.versions = new SqliteItemVersions(db);
    this.s = {
      insertModel: db.prepare(
        'INSERT INTO models (id, project_id, key, name, public, review, fields, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      modelByKey: db.prepare(`SELECT ${MODEL_COLUMNS} FROM models WHERE project_id = ? AND key = ?`),
      modelById: db.prepare(`SELECT ${MODEL_COLUMNS}, last_item_id FROM models WHERE id = ?`),
      listModels: db.prepare(`SELECT ${MODEL_COLUMNS} FROM models WHERE project_id = ? ORDER BY key`),
      updateModel: db.prepare('UPDATE models SET name = ?, public = ?, review = ?, fields = ?, updated_at = ?, version = version + 1 WHERE id = ?'),
      insertItem: db.prepare(`INSERT INTO items (${ITEM_COLUMNS}, record) VALUES (?, ?, ?, ?, ?, ?, ?)`),
      addCounts: db.prepare(
        'UPDATE models SET item_count = item_count + ?, public_item_count = public_item_count + ?, version = version + 1, last_item_id = coalesce(?, last_item_id) WHERE id = ?',
      ),
      getItem: db.prepare(`SELECT ${ITEM_COLUMNS} FROM items WHERE model_id = ? AND id = ?`),
      updateItem: db.prepare('UPDATE items SET public = ?, fields = ?, record = ?, updated_at = ? WHERE model_id = ? AND id = ?'),
      deleteItem: db.prepare('DELETE FROM items WHERE model_id = ? AND id = ?'),
      insertDraft: db.prepare(
        'INSERT INTO item_drafts (model_id, item_id, public, fields, at, actor, request_id, published) VALUES (?, ?, ?, ?, ?, ?, NULL, 0)',
      ),
      deleteDraft: db.prepare('DELETE FROM item_drafts WHERE model_id = ? AND item_id = ?'),
      itemsAfter: db.prepare(`SELECT ${ITEM_COLUMNS} FROM items WHERE model_id = ? AND id > ? ORDER BY id LIMIT ?`),
      rewriteItem: db.prepare('UPDATE items SET fields = ?, record = ? WHERE id = ?'),
    };
  }

  createModel(m: NewModel): ContentModel {
    try {
      this.s.insertModel.run(m.id, m.projectId, m.key, m.name, m.public ? 1 : 0, m.review ? 1 : 0, JSON.stringify(m.fields), m.createdAt, m.createdAt);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'SQLITE_CONSTRAINT_UNIQUE') throw new StoreConflictError(`a model with key "${m.key}" exists`);
      if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw new StoreNotFoundError(`project ${m.projectId} no longer exists`);
      throw err;
    }
    return toModel(this.s.modelById.get(m.id) as ModelRow);
  }

  listModels(projectId: string): ContentModel[] {
    return (this.s.listModels.all(projectId) as ModelRow[]).map(toModel);
  }

  getModel(projectId: string, key: string): ContentModel | undefined {
    const row = this.s.modelByKey.get(projectId, key) as ModelRow | undefined;
    return row && toModel(row);
  }

  updateModel(projectId: string, key: string, patch: ModelPatch): ContentModel | undefined {
    return this.db
      .transaction(() => {
        const row = this.s.modelByKey.get(projectId, key) as ModelRow | undefined;
        if (!row) return undefined;
        const before = toModel(row);
        const fields = patch.fields ?? before.fields;
        const becomesPublic = patch.public ?? before.public;
        this.s.updateModel.run(
          patch.name ?? before.name,
          becomesPublic ? 1 : 0,
          (patch.review ?? before.review) ? 1 : 0,
          JSON.stringify(fields),
          patch.updatedAt,
          before.id,
        );
        if (patch.fields) {
          // Every item keeps the values of the fields that remain; its record follows the new order.
          let afterId = '';
          for (;;) {
            const batch = this.s.itemsAfter.all(before.id, afterId, STREAM_BATCH) as ItemRow[];
            for (const r of batch) {
              const item = toItem(r);
              const kept = keptFields(fields, item.fields);
              this.s.rewriteItem.run(JSON.stringify(kept), itemRecord(fields, { ...item, fields: kept }), item.id);
            }
            if (batch.length < STREAM_BATCH) break;
            afterId = batch[batch.length - 1]!.id;
          }
        }
        return toModel(this.s.modelById.get(before.id) as ModelRow);
      })
      .immediate();
  }

  insertItems(modelId: string, drafts: NewItem[], now: string, actor: VersionActor): Item[] {
    return this.record(modelId, drafts, now, actor, true);
  }

  /** Records items in one transaction; `announce`: with an `item.create` event each (not an import's). */
  private record(modelId: string, drafts: NewItem[], now: string, actor: VersionActor, announce: boolean): Item[] {
    return this.db
      .transaction(() => {
        const row = this.s.modelById.get(modelId) as (ModelRow & { last_item_id: string | null }) | undefined;
        if (!row) throw new StoreNotFoundError(`model ${modelId} no longer exists`);
        const fields = JSON.parse(row.fields) as Field[];
        let last = row.last_item_id;
        let publicCount = 0;
        // A model that requires review keeps a new item hidden, its values and flag as its draft.
        const review = row.review === 1;
        const items = drafts.map((draft): Item => {
          last = newIdAfter(last);
          const visible = draft.public && !review;
          publicCount += visible ? 1 : 0;
          return { id: last, modelId, public: visible, fields: draft.fields, createdAt: now, updatedAt: now };
        });
        items.forEach((item, i) => {
          const wanted = drafts[i]!.public;
          this.s.insertItem.run(item.id, modelId, item.public ? 1 : 0, JSON.stringify(item.fields), now, now, itemRecord(fields, item));
          this.versions.add(modelId, item.id, now, actor, wanted, item.fields);
          if (review) this.s.insertDraft.run(modelId, item.id, wanted ? 1 : 0, JSON.stringify(item.fields), now, JSON.stringify(actor));
        });
        this.s.addCounts.run(items.length, publicCount, items.length > 0 ? last : null, modelId);
        if (announce)
          this.outbox.enqueue(
            row.project_id,
            items.map((item) => webhookEvent('item.create', now, itemEventData(row.key, item))),
            now,
          );
        return items;
      })
      .immediate();
  }

  /**
   * Records an import's items through a worker thread (item-import.ts): the event loop stays free,
   * and the server's writes wait at the gate while it commits; a small one at once.
   */
  importItems(modelId: string, drafts: Iterable<NewItem>, now: string, actor: VersionActor): Promise<number> {
    const target = () => {
      const row = this.s.modelById.get(modelId) as (ModelRow & { last_item_id: string | null }) | undefined;
      return row && { modelId, fields: row.fields, lastItemId: row.last_item_id };
    };
    return importItemsInWorker(
      this.db.name,
      this.s.addCounts.source,
      this.gate,
      target,
      drafts,
      now,
      actor,
      (items) => this.record(modelId, items, now, actor, false).length,
    );
  }

  getItem(modelId: string, id: string): Item | undefined {
    const row = this.s.getItem.get(modelId, id) as ItemRow | undefined;
    return row && toItem(row);
  }

  updateItem(modelId: string, id: string, patch: ItemPatch): Item | undefined {
    return this.db
      .transaction(() => {
        const row = this.s.getItem.get(modelId, id) as ItemRow | undefined;
        if (!row) return undefined;
        const model = toModel(this.s.modelById.get(modelId) as ModelRow);
        const before = toItem(row);
        const after: Item = { ...before, public: patch.public ?? before.public, fields: patch.fields ?? before.fields, updatedAt: patch.updatedAt };
        this.s.updateItem.run(after.public ? 1 : 0, JSON.stringify(after.fields), itemRecord(model.fields, after), after.updatedAt, modelId, id);
        this.versions.add(modelId, id, after.updatedAt, patch.actor, after.public, after.fields);
        this.s.addCounts.run(0, after.public === before.public ? 0 : after.public ? 1 : -1, null, modelId);
        if (after.public !== before.public) this.listing.invalidate(modelId, id, { all: false, public: true }, 'items');
        this.outbox.enqueue(model.projectId, itemUpdateEvents(model.key, before, after), after.updatedAt);
        return after;
      })
      .immediate();
  }

  /**
   * Publishes a model's drafts inside the approval's transaction (each a write of the item: its
   * version, `item.update` and maybe `item.publish`), reading the model once and updating its counts once.
   */
  publishDrafts(modelId: string, drafts: DraftToPublish[], at: string, actor: VersionActor): void {
    const row = this.s.modelById.get(modelId) as ModelRow | undefined;
    if (!row || drafts.length === 0) return;
    const model = toModel(row);
    const events: WebhookEvent[] = [];
    let delta = 0;
    let firstTurned: string | undefined;
    for (const draft of [...drafts].sort((a, b) => (a.itemId < b.itemId ? -1 : 1))) {
      const found = this.s.getItem.get(modelId, draft.itemId) as ItemRow | undefined;
      if (!found) continue;
      const before = toItem(found);
      const after: Item = { ...before, public: draft.public, fields: draft.fields, updatedAt: at };
      this.s.updateItem.run(after.public ? 1 : 0, JSON.stringify(after.fields), itemRecord(model.fields, after), at, modelId, after.id);
      this.versions.add(modelId, after.id, at, actor, after.public, after.fields);
      if (after.public !== before.public) {
        delta += after.public ? 1 : -1;
        firstTurned ??= after.id;
      }
      events.push(...itemUpdateEvents(model.key, before, after));
    }
    this.s.addCounts.run(0, delta, null, modelId);
    // Ids ascend, so the first item whose flag turned is the earliest checkpoint to go.
    if (firstTurned) this.listing.invalidate(modelId, firstTurned, { all: false, public: true }, 'items');
    this.outbox.enqueue(model.projectId, events, at);
  }

  deleteItem(modelId: string, id: string, now: string): boolean {
    return this.db
      .transaction(() => {
        const row = this.s.getItem.get(modelId, id) as ItemRow | undefined;
        if (!row) return false;
        const model = this.s.modelById.get(modelId) as ModelRow;
        this.outbox.enqueue(model.project_id, [webhookEvent('item.delete', now, itemEventData(model.key, toItem(row)))], now);
        this.s.deleteItem.run(modelId, id);
        this.s.deleteDraft.run(modelId, id);
        this.s.addCounts.run(-1, -row.public, null, modelId);
        this.listing.invalidate(modelId, id, { all: true, public: row.public === 1 }, 'items');
        return true;
      })
      .immediate();
  }

  streamItems(modelId: string): AsyncIterable<Item> {
    return inBatches((afterId) => (this.s.itemsAfter.all(modelId, afterId, STREAM_BATCH) as ItemRow[]).map(toItem));
  }
}
