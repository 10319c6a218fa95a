import type Database from 'better-sqlite3';
import type { ItemVersion, VersionActor, VersionSlice } from '../store.js';

interface VersionRow {
  version: number;
  at: string;
  actor: string;
  public: number;
  fields: string;
}

const COLUMNS = 'version, at, actor, public, fields';

function toVersion(row: VersionRow): ItemVersion {
  return {
    version: row.version,
    at: row.at,
    actor: JSON.parse(row.actor) as VersionActor,
    public: row.public === 1,
    fields: JSON.parse(row.fields) as Record<string, unknown>,
  };
}

/**
 * The SQLite store's item versions (docs/content-workflow.md): whole values per version, kept by
 * the writes of `SqliteContent` inside their own transactions; they outlive the item, not its model.
 */
export class SqliteItemVersions {
  private readonly s;

  constructor(db: Database.Database) {
    this.s = {
      insert: db.prepare(
        `INSERT INTO item_versions (model_id, item_id, ${COLUMNS})
         SELECT @model, @item, coalesce(max(version), 0) + 1, @at, @actor, @public, @fields FROM item_versions WHERE model_id = @model AND item_id = @item`,
      ),
      count: db.prepare('SELECT count(*) AS n FROM item_versions WHERE model_id = ? AND item_id = ?'),
      offset: db.prepare(`SELECT ${COLUMNS} FROM item_versions WHERE model_id = ? AND item_id = ? ORDER BY version DESC LIMIT ? OFFSET ?`),
      before: db.prepare(`SELECT ${COLUMNS} FROM item_versions WHERE model_id = ? AND item_id = ? AND version < ? ORDER BY version DESC LIMIT ?`),
      one: db.prepare(`SELECT ${COLUMNS} FROM item_versions WHERE model_id = ? AND item_id = ? AND version = ?`),
      removeAll: db.prepare('DELETE FROM item_versions WHERE model_id = ? AND item_id = ?'),
      put: db.prepare(`INSERT INTO item_versions (model_id, item_id, ${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`),
    };
    this.replaceAll = db.transaction((modelId: string, itemId: string, versions: ItemVersion[]) => {
      this.s.removeAll.run(modelId, itemId);
      for (const v of versions) this.s.put.run(modelId, itemId, v.version, v.at, JSON.stringify(v.actor), v.public ? 1 : 0, JSON.stringify(v.fields));
    });
  }

  private readonly replaceAll: (modelId: string, itemId: string, versions: ItemVersion[]) => void;

  /** Replaces an item's versions by these, in one transaction. */
  replace(modelId: string, itemId: string, versions: ItemVersion[]): void {
    this.replaceAll(modelId, itemId, versions);
  }

  /** Keeps the item's next version; call inside the write's transaction. */
  add(modelId: string, itemId: string, at: string, actor: VersionActor, isPublic: boolean, fields: Record<string, unknown>): void {
    this.s.insert.run({ model: modelId, item: itemId, at, actor: JSON.stringify(actor), public: isPublic ? 1 : 0, fields: JSON.stringify(fields) });
  }

  count(modelId: string, itemId: string): number {
    return (this.s.count.get(modelId, itemId) as { n: number }).n;
  }

  list(modelId: string, itemId: string, slice: VersionSlice): ItemVersion[] {
    const rows =
      'before' in slice ? this.s.before.all(modelId, itemId, slice.before, slice.limit) : this.s.offset.all(modelId, itemId, slice.limit, slice.offset);
    return (rows as VersionRow[]).map(toVersion);
  }

  get(modelId: string, itemId: string, version: number): ItemVersion | undefined {
    const row = this.s.one.get(modelId, itemId, version) as VersionRow | undefined;
    return row && toVersion(row);
  }
}
