import type BetterSqlite3 from 'better-sqlite3';
import Database from './sqlite-driver.js';
import type {
  ApiKey,
  Asset,
  ContentModel,
  Item,
  ItemPatch,
  ModelPatch,
  NewItem,
  NewModel,
  AssetPatch,
  AssetScope,
  AssetSlice,
  ListedAsset,
  JoinedRecords,
  ListingScope,
  JoinedBatch,
  NewAsset,
  NewProject,
  Project,
  ProjectPatch,
  Store,
  StoredDocument,
} from '../store.js';
import { newIdAfter } from '../../records/ids.js';
import { recordFragment } from '../../records/record-fragment.js';
import { StoreConflictError, StoreNotFoundError } from '../store.js';
import type { ItemVersion, JoinedBatch as QueriedBatch, QueryScope, VersionActor, VersionSlice } from '../store.js';
import { QueriedItems } from '../queried-items.js';
import { SQLITE_QUERY, sqliteQueryRunner } from './sqlite-query-dialect.js';
import { migrateSqlite } from './migrations.js';
import { SqliteAccounts } from './sqlite-accounts.js';
import { SqliteSceneLog } from './sqlite-scene-log.js';
import { SqliteWebhooks } from './sqlite-webhooks.js';
import { SqliteReviews } from './sqlite-reviews.js';
import { assetEventData, webhookEvent } from '../webhook-event.js';
import { SqliteContent } from './sqlite-content.js';
import { SqliteDeletes } from './sqlite-deletes.js';
import { inBatches, SqliteListing, STREAM_BATCH } from './sqlite-listing.js';
import { ASSET_COLUMNS, LISTED_COLUMNS, toApiKey, toAsset, toListed, toProject, type ApiKeyRow, type AssetRow, type ListedRow, type ProjectRow } from './sqlite-rows.js';

/**
 * SQLite's own page cache, in KiB. better-sqlite3 builds SQLite with 16 MB, which a full list of a
 * large project fills (it reads every page): 12 MB more RSS at 1,000,000 assets. The database file
 * stays in the operating system's cache, so a page missing here costs a read, not a disk seek;
 * the listing's hot pages (the index's upper levels) fit in 4 MB (docs/performance.md).
 */
export const SQLITE_CACHE_KIB = 4096;

/** The embedded store: one SQLite file in WAL mode, shared safely with the CLI. */
export class SqliteStore implements Store {
  readonly kind = 'sqlite';
  private readonly db: BetterSqlite3.Database;
  private readonly stmts;
  private readonly listing: SqliteListing;
  private readonly content: SqliteContent;
  private readonly deletes: SqliteDeletes;
  readonly accounts: SqliteAccounts;
  readonly sceneLog: SqliteSceneLog;
  readonly webhooks: SqliteWebhooks;
  readonly reviews: SqliteReviews;

  constructor(filename: string) {
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
    migrateSqlite(this.db);
    const db = this.db;
    this.listing = new SqliteListing(db);
    this.webhooks = new SqliteWebhooks(db);
    this.content = new SqliteContent(db, this.listing, this.webhooks);
    this.reviews = new SqliteReviews(db, this.content);
    this.deletes = new SqliteDeletes(db);
    this.deletes.sweepOrphanItems();
    this.accounts = new SqliteAccounts(db);
    this.sceneLog = new SqliteSceneLog(db);
    const after = (scoped: string) =>
      db.prepare(`SELECT ${LISTED_COLUMNS} FROM assets WHERE ${scoped} AND id > ? ORDER BY id LIMIT ?`);
    this.stmts = {
      getMeta: db.prepare('SELECT value FROM meta WHERE key = ?'),
      setMeta: db.prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ),
      insertProject: db.prepare(
        'INSERT INTO projects (id, alias, name, visibility, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      projectByAlias: db.prepare('SELECT * FROM projects WHERE alias = ?'),
      projectById: db.prepare('SELECT * FROM projects WHERE id = ?'),
      listProjects: db.prepare('SELECT * FROM projects ORDER BY alias'),
      updateProject: db.prepare(
        'UPDATE projects SET name = coalesce(?, name), visibility = coalesce(?, visibility), description = coalesce(?, description), updated_at = ? WHERE id = ?',
      ),
      insertAsset: db.prepare(
        `INSERT INTO assets (${ASSET_COLUMNS}, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      addCounts: db.prepare(
        'UPDATE projects SET asset_count = asset_count + ?, public_asset_count = public_asset_count + ?, content_version = content_version + 1 WHERE id = ?',
      ),
      lastAssetId: db.prepare('SELECT last_asset_id FROM projects WHERE id = ?'),
      setLastAssetId: db.prepare('UPDATE projects SET last_asset_id = ? WHERE id = ?'),
      getAsset: db.prepare(`SELECT ${ASSET_COLUMNS} FROM assets WHERE project_id = ? AND id = ?`),
      updateAsset: db.prepare(
        'UPDATE assets SET name = ?, public = ?, updated_at = ?, record = ? WHERE project_id = ? AND id = ?',
      ),
      deleteAsset: db.prepare('DELETE FROM assets WHERE project_id = ? AND id = ?'),
      storageKeyRecorded: db.prepare('SELECT 1 FROM assets WHERE storage_key = ?'),
      counts: db.prepare('SELECT asset_count, public_asset_count FROM projects WHERE id = ?'),
      publicAfter: after('project_id = ? AND public = 1'),
      allAfter: after('project_id = ?'),
      getScene: db.prepare('SELECT document AS json, written_at AS writtenAt FROM scenes WHERE project_id = ?'),
      putScene: db.prepare(
        'INSERT INTO scenes (project_id, document, written_at) VALUES (?, ?, ?) ON CONFLICT (project_id) DO UPDATE SET document = excluded.document, written_at = excluded.written_at',
      ),
      getPublication: db.prepare('SELECT snapshot AS json, written_at AS writtenAt FROM publications WHERE project_id = ?'),
      putPublication: db.prepare(
        'INSERT INTO publications (project_id, snapshot, written_at) VALUES (?, ?, ?) ON CONFLICT (project_id) DO UPDATE SET snapshot = excluded.snapshot, written_at = excluded.written_at',
      ),
      deletePublication: db.prepare('DELETE FROM publications WHERE project_id = ?'),
      putPlugin: db.prepare(
        `INSERT INTO plugins (project_id, plugin_id, package, installed_at, position)
         VALUES (?, ?, ?, ?, (SELECT coalesce(max(position), 0) + 1 FROM plugins WHERE project_id = ?))
         ON CONFLICT (project_id, plugin_id) DO UPDATE SET package = excluded.package, installed_at = excluded.installed_at`,
      ),
      listPlugins: db.prepare('SELECT package FROM plugins WHERE project_id = ? ORDER BY position'),
      deletePlugin: db.prepare('DELETE FROM plugins WHERE project_id = ? AND plugin_id = ?'),
      insertKey: db.prepare(
        'INSERT INTO api_keys (id, project_id, name, key_hash, created_at) VALUES (?, ?, ?, ?, ?)',
      ),
      listKeys: db.prepare('SELECT * FROM api_keys WHERE project_id = ? ORDER BY id'),
      keyByHash: db.prepare('SELECT * FROM api_keys WHERE project_id = ? AND key_hash = ?'),
      deleteKey: db.prepare('DELETE FROM api_keys WHERE project_id = ? AND id = ?'),
    };
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  /** SQLite's own consistency check, for tests and operators: `ok` when the file is sound. */
  integrityCheck(): string {
    return this.db.pragma('integrity_check', { simple: true }) as string;
  }

  async getMeta(key: string): Promise<string | undefined> {
    const row = this.stmts.getMeta.get(key) as { value: string } | undefined;
    return row?.value;
  }

  async setMeta(key: string, value: string): Promise<void> {
    this.stmts.setMeta.run(key, value);
  }

  async createProject(p: NewProject): Promise<Project> {
    try {
      this.stmts.insertProject.run(p.id, p.alias, p.name, p.visibility, p.description ?? '', p.createdAt, p.createdAt);
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
        throw new StoreConflictError(`a project with alias "${p.alias}" exists`);
      }
      throw err;
    }
    return toProject(this.stmts.projectById.get(p.id) as ProjectRow);
  }

  async getProjectByAlias(alias: string): Promise<Project | undefined> {
    const row = this.stmts.projectByAlias.get(alias) as ProjectRow | undefined;
    return row && toProject(row);
  }

  async getProjectById(id: string): Promise<Project | undefined> {
    const row = this.stmts.projectById.get(id) as ProjectRow | undefined;
    return row && toProject(row);
  }

  async getProjectAccess(alias: string, keyHash: string | undefined): Promise<{ project: Project; keyHash: string | null } | undefined> {
    const row = this.stmts.projectByAlias.get(alias) as ProjectRow | undefined;
    if (!row) return undefined;
    const key = keyHash === undefined ? undefined : (this.stmts.keyByHash.get(row.id, keyHash) as ApiKeyRow | undefined);
    return { project: toProject(row), keyHash: key?.key_hash ?? null };
  }

  async getProjectModelAccess(alias: string, keyHash: string | undefined, modelKey: string): Promise<{ project: Project; keyHash: string | null; model: ContentModel | undefined } | undefined> {
    const access = await this.getProjectAccess(alias, keyHash);
    return access && { ...access, model: this.content.getModel(access.project.id, modelKey) };
  }

  async listProjects(): Promise<Project[]> {
    return (this.stmts.listProjects.all() as ProjectRow[]).map(toProject);
  }

  async updateProject(id: string, patch: ProjectPatch, updatedAt: string): Promise<Project | undefined> {
    this.stmts.updateProject.run(patch.name ?? null, patch.visibility ?? null, patch.description ?? null, updatedAt, id);
    const row = this.stmts.projectById.get(id) as ProjectRow | undefined;
    return row && toProject(row);
  }

  async deleteProject(id: string): Promise<boolean> {
    return this.deletes.deleteProject(id);
  }

  async insertAssets(projectId: string, drafts: NewAsset[], now: string): Promise<Asset[]> {
    // An immediate transaction holds SQLite's write lock: ids are made and recorded in one step.
    return this.db.transaction(() => {
      const row = this.stmts.lastAssetId.get(projectId) as { last_asset_id: string | null } | undefined;
      if (!row) throw new StoreNotFoundError(`project ${projectId} no longer exists`);
      let last = row.last_asset_id;
      let publicCount = 0;
      const assets = drafts.map((draft): Asset => {
        last = newIdAfter(last);
        publicCount += draft.public ? 1 : 0;
        return { ...draft, id: last, projectId, createdAt: now, updatedAt: now };
      });
      for (const a of assets) {
        this.stmts.insertAsset.run(
          a.id,
          a.projectId,
          a.name,
          a.contentType,
          a.size,
          a.public ? 1 : 0,
          a.storageKey,
          a.files === null ? null : JSON.stringify(a.files),
          a.createdAt,
          a.updatedAt,
          recordFragment(a),
        );
      }
      this.stmts.addCounts.run(assets.length, publicCount, projectId);
      this.stmts.setLastAssetId.run(last, projectId);
      this.webhooks.enqueue(projectId, assets.map((a) => webhookEvent('asset.upload', now, assetEventData(a))), now);
      return assets;
    }).immediate();
  }

  async getAsset(projectId: string, id: string): Promise<Asset | undefined> {
    const row = this.stmts.getAsset.get(projectId, id) as AssetRow | undefined;
    return row && toAsset(row);
  }

  async updateAsset(projectId: string, id: string, patch: AssetPatch): Promise<Asset | undefined> {
    return this.db.transaction(() => {
      const row = this.stmts.getAsset.get(projectId, id) as AssetRow | undefined;
      if (!row) return undefined;
      const before = toAsset(row);
      const after: Asset = { ...before, name: patch.name ?? before.name, public: patch.public ?? before.public, updatedAt: patch.updatedAt };
      this.stmts.updateAsset.run(after.name, after.public ? 1 : 0, after.updatedAt, recordFragment(after), projectId, id);
      // Counts (and the content version) change on every update: a rename changes the record.
      this.stmts.addCounts.run(0, after.public === before.public ? 0 : after.public ? 1 : -1, projectId);
      if (after.public !== before.public) {
        this.listing.invalidate(projectId, id, { all: false, public: true });
      }
      return after;
    }).immediate();
  }

  async deleteAsset(projectId: string, id: string): Promise<Asset | undefined> {
    return this.db.transaction(() => {
      const row = this.stmts.getAsset.get(projectId, id) as AssetRow | undefined;
      if (!row) return undefined;
      this.stmts.deleteAsset.run(projectId, id);
      this.stmts.addCounts.run(-1, -row.public, projectId);
      this.listing.invalidate(projectId, id, { all: true, public: row.public === 1 });
      const now = new Date().toISOString();
      this.webhooks.enqueue(projectId, [webhookEvent('asset.delete', now, assetEventData(toAsset(row)))], now);
      return toAsset(row);
    }).immediate();
  }

  async isStorageKeyRecorded(storageKey: string): Promise<boolean> {
    return this.stmts.storageKeyRecorded.get(storageKey) !== undefined;
  }

  async countAssets(scope: AssetScope): Promise<number> {
    const row = this.stmts.counts.get(scope.projectId) as
      | { asset_count: number; public_asset_count: number }
      | undefined;
    if (!row) return 0;
    return scope.publicOnly ? row.public_asset_count : row.asset_count;
  }

  async getProjectWithRecords(alias: string, publicOnly: boolean, slice: AssetSlice, keyHash?: string): Promise<{ project: Project; records: JoinedRecords | undefined; keyHash: string | null } | undefined> {
    // Every read in one synchronous step: nothing else of this process runs between them.
    const access = await this.getProjectAccess(alias, keyHash);
    if (!access) return undefined;
    const { project } = access;
    const count = publicOnly ? project.publicAssetCount : project.assetCount;
    // Past the end, an offset read would walk (and record checkpoints) for nothing.
    if (slice.offset !== undefined && slice.offset >= count) return { ...access, records: undefined };
    return { ...access, records: this.listing.records({ projectId: project.id, publicOnly }, slice) };
  }

  async joinRecords(scope: ListingScope, slice: AssetSlice): Promise<JoinedRecords> {
    return this.listing.records(scope, slice);
  }

  streamJoined(scope: ListingScope): AsyncIterable<JoinedBatch> {
    return this.listing.streamJoined(scope);
  }

  streamAssets(scope: AssetScope): AsyncIterable<ListedAsset> {
    const stmt = scope.publicOnly ? this.stmts.publicAfter : this.stmts.allAfter;
    return inBatches((afterId) =>
      (stmt.all(scope.projectId, afterId, STREAM_BATCH) as ListedRow[]).map((row) => toListed(scope.projectId, row)),
    );
  }

  async getScene(projectId: string): Promise<StoredDocument | undefined> {
    return this.stmts.getScene.get(projectId) as StoredDocument | undefined;
  }

  async putScene(projectId: string, json: string, writtenAt: string): Promise<void> {
    this.writeDocument(this.stmts.putScene, projectId, json, writtenAt);
  }

  async getPublication(projectId: string): Promise<StoredDocument | undefined> {
    return this.stmts.getPublication.get(projectId) as StoredDocument | undefined;
  }

  async putPublication(projectId: string, json: string, writtenAt: string): Promise<void> {
    this.writeDocument(this.stmts.putPublication, projectId, json, writtenAt);
  }

  async deletePublication(projectId: string): Promise<boolean> {
    return this.stmts.deletePublication.run(projectId).changes > 0;
  }

  private writeDocument(stmt: BetterSqlite3.Statement, projectId: string, json: string, writtenAt: string): void {
    try {
      stmt.run(projectId, json, writtenAt);
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
        throw new StoreNotFoundError(`project ${projectId} no longer exists`);
      }
      throw err;
    }
  }

  async putPlugin(projectId: string, pluginId: string, json: string, installedAt: string): Promise<void> {
    try {
      this.stmts.putPlugin.run(projectId, pluginId, json, installedAt, projectId);
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw new StoreNotFoundError(`project ${projectId} no longer exists`);
      throw err;
    }
  }

  async listPlugins(projectId: string): Promise<string[]> {
    return (this.stmts.listPlugins.all(projectId) as { package: string }[]).map((r) => r.package);
  }

  async deletePlugin(projectId: string, pluginId: string): Promise<boolean> {
    return this.stmts.deletePlugin.run(projectId, pluginId).changes > 0;
  }

  async createModel(m: NewModel): Promise<ContentModel> { return this.content.createModel(m); }
  async listModels(projectId: string): Promise<ContentModel[]> { return this.content.listModels(projectId); }
  async getModel(projectId: string, key: string): Promise<ContentModel | undefined> { return this.content.getModel(projectId, key); }
  async updateModel(projectId: string, key: string, patch: ModelPatch): Promise<ContentModel | undefined> { return this.content.updateModel(projectId, key, patch); }
  async deleteModel(projectId: string, key: string): Promise<boolean> { return this.deletes.deleteModel(projectId, key); }
  async insertItems(modelId: string, items: NewItem[], now: string, actor: VersionActor): Promise<Item[]> { return this.content.insertItems(modelId, items, now, actor); }
  async importItems(modelId: string, items: Iterable<NewItem>, now: string, actor: VersionActor): Promise<number> { return this.content.importItems(modelId, items, now, actor); }
  async getItem(modelId: string, id: string): Promise<Item | undefined> { return this.content.getItem(modelId, id); }
  async updateItem(modelId: string, id: string, patch: ItemPatch): Promise<Item | undefined> { return this.content.updateItem(modelId, id, patch); }
  async deleteItem(modelId: string, id: string): Promise<boolean> { return this.content.deleteItem(modelId, id, new Date().toISOString()); }
  async countItemVersions(modelId: string, itemId: string): Promise<number> { return this.content.versions.count(modelId, itemId); }
  async listItemVersions(modelId: string, itemId: string, slice: VersionSlice): Promise<ItemVersion[]> { return this.content.versions.list(modelId, itemId, slice); }
  async getItemVersion(modelId: string, itemId: string, version: number): Promise<ItemVersion | undefined> { return this.content.versions.get(modelId, itemId, version); }
  async replaceItemVersions(modelId: string, itemId: string, versions: ItemVersion[]): Promise<void> { this.content.versions.replace(modelId, itemId, versions); }
  private queried?: QueriedItems;
  /** Item queries (docs/content-workflow.md), made on first use. */
  private get queries(): QueriedItems { return (this.queried ??= new QueriedItems(SQLITE_QUERY, sqliteQueryRunner(this.db))); }
  queryRecords(scope: QueryScope, slice: AssetSlice): Promise<JoinedRecords> { return this.queries.records(scope, slice); }
  countQueried(scope: QueryScope): Promise<number> { return this.queries.count(scope); }
  streamQueried(scope: QueryScope): AsyncIterable<QueriedBatch> { return this.queries.stream(scope); }
  streamItems(modelId: string): AsyncIterable<Item> { return this.content.streamItems(modelId); }

  async createApiKey(k: ApiKey): Promise<void> {
    this.stmts.insertKey.run(k.id, k.projectId, k.name, k.keyHash, k.createdAt);
  }

  async listApiKeys(projectId: string): Promise<ApiKey[]> {
    return (this.stmts.listKeys.all(projectId) as ApiKeyRow[]).map(toApiKey);
  }

  async findApiKeyByHash(projectId: string, keyHash: string): Promise<ApiKey | undefined> {
    const row = this.stmts.keyByHash.get(projectId, keyHash) as ApiKeyRow | undefined;
    return row && toApiKey(row);
  }

  async deleteApiKey(projectId: string, id: string): Promise<boolean> {
    return this.stmts.deleteKey.run(projectId, id).changes > 0;
  }
}
