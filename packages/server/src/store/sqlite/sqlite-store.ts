import type BetterSqlite3 from 'better-sqlite3';
import Database from './sqlite-driver.js';
import type {
  ApiKey,
  Asset,
  AssetPatch,
  AssetScope,
  AssetSlice,
  ContentModel,
  Item,
  ItemPatch,
  ItemVersion,
  JoinedBatch,
  JoinedRecords,
  ListedAsset,
  ListingScope,
  ModelPatch,
  NewAsset,
  NewItem,
  NewModel,
  NewProject,
  Project,
  ProjectPatch,
  QueryScope,
  Store,
  StoredDocument,
  VersionActor,
  VersionSlice,
} from '../store.js';
import { QueriedItems } from '../queried-items.js';
import { SQLITE_QUERY, sqliteQueryRunner } from './sqlite-query-dialect.js';
import { migrateSqlite } from './migrations.js';
import { SqliteAccounts } from './sqlite-accounts.js';
import { SqliteAssets } from './sqlite-assets.js';
import { SqliteContent } from './sqlite-content.js';
import { SqliteDeletes } from './sqlite-deletes.js';
import { SqliteDocuments } from './sqlite-documents.js';
import { SqliteKeys } from './sqlite-keys.js';
import { SqliteListing } from './sqlite-listing.js';
import { SqliteProjects } from './sqlite-projects.js';
import { SqliteReviews } from './sqlite-reviews.js';
import { SqliteSceneLog } from './sqlite-scene-log.js';
import { SqliteWebhooks } from './sqlite-webhooks.js';
import { WriteGate } from './write-gate.js';

/**
 * SQLite's own page cache, in KiB. better-sqlite3 builds SQLite with 16 MB, which a full list of a
 * large project fills (it reads every page): 12 MB more RSS at 1,000,000 assets. The database file
 * stays in the operating system's cache, so a page missing here costs a read, not a disk seek;
 * the listing's hot pages (the index's upper levels) fit in 4 MB (docs/performance.md).
 */
export const SQLITE_CACHE_KIB = 4096;

/**
 * The embedded store: one SQLite file in WAL mode, shared safely with the CLI. Each aggregate has
 * its own part (projects, assets, content, documents, keys, deletes, and the sub-stores `Store`
 * names); this class opens the file, makes them over it and answers the `Store` interface by
 * handing each call to its part. Writes take turns with imports' commits at one `WriteGate`: this
 * class puts the writes it hands on through it, and the parts that callers reach directly (the
 * sub-stores, the deletes and imports that span several turns) put their own.
 */
export class SqliteStore implements Store {
  readonly kind = 'sqlite';
  private readonly db: BetterSqlite3.Database;
  /** Every write of this connection goes through it, so that an import's commit never blocks the event loop (write-gate.ts). */
  private readonly gate = new WriteGate();
  private readonly projects: SqliteProjects;
  private readonly assets: SqliteAssets;
  private readonly content: SqliteContent;
  private readonly documents: SqliteDocuments;
  private readonly keys: SqliteKeys;
  private readonly deletes: SqliteDeletes;
  private queried?: QueriedItems;
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
    const gate = this.gate;
    const listing = new SqliteListing(db, gate);
    this.webhooks = new SqliteWebhooks(db, gate);
    this.content = new SqliteContent(db, listing, this.webhooks, gate);
    this.reviews = new SqliteReviews(db, this.content, gate);
    this.deletes = new SqliteDeletes(db, gate);
    this.deletes.sweepOrphanItems();
    this.accounts = new SqliteAccounts(db, gate);
    this.sceneLog = new SqliteSceneLog(db, gate);
    this.keys = new SqliteKeys(db);
    this.projects = new SqliteProjects(db, this.keys, this.content);
    this.assets = new SqliteAssets(db, listing, this.projects, this.webhooks);
    this.documents = new SqliteDocuments(db);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  /** SQLite's own consistency check, for tests and operators: `ok` when the file is sound. */
  integrityCheck(): string {
    return this.db.pragma('integrity_check', { simple: true }) as string;
  }

  getMeta(key: string): Promise<string | undefined> {
    return this.projects.getMeta(key);
  }
  setMeta(key: string, value: string): Promise<void> {
    return this.gate.write(() => this.projects.setMeta(key, value));
  }

  createProject(p: NewProject): Promise<Project> {
    return this.gate.write(() => this.projects.create(p));
  }
  getProjectByAlias(alias: string): Promise<Project | undefined> {
    return this.projects.byAlias(alias);
  }
  getProjectById(id: string): Promise<Project | undefined> {
    return this.projects.byId(id);
  }
  getProjectAccess(alias: string, keyHash: string | undefined): Promise<{ project: Project; keyHash: string | null } | undefined> {
    return this.projects.access(alias, keyHash);
  }
  getProjectModelAccess(
    alias: string,
    keyHash: string | undefined,
    modelKey: string,
  ): Promise<{ project: Project; keyHash: string | null; model: ContentModel | undefined } | undefined> {
    return this.projects.modelAccess(alias, keyHash, modelKey);
  }
  listProjects(): Promise<Project[]> {
    return this.projects.list();
  }
  updateProject(id: string, patch: ProjectPatch, updatedAt: string): Promise<Project | undefined> {
    return this.gate.write(() => this.projects.update(id, patch, updatedAt));
  }
  deleteProject(id: string): Promise<boolean> {
    return this.deletes.deleteProject(id);
  }

  insertAssets(projectId: string, drafts: NewAsset[], now: string): Promise<Asset[]> {
    return this.gate.write(() => this.assets.insert(projectId, drafts, now));
  }
  getAsset(projectId: string, id: string): Promise<Asset | undefined> {
    return this.assets.get(projectId, id);
  }
  updateAsset(projectId: string, id: string, patch: AssetPatch): Promise<Asset | undefined> {
    return this.gate.write(() => this.assets.update(projectId, id, patch));
  }
  deleteAsset(projectId: string, id: string): Promise<Asset | undefined> {
    return this.gate.write(() => this.assets.delete(projectId, id));
  }
  isStorageKeyRecorded(storageKey: string): Promise<boolean> {
    return this.assets.isStorageKeyRecorded(storageKey);
  }
  countAssets(scope: AssetScope): Promise<number> {
    return this.assets.count(scope);
  }
  getProjectWithRecords(
    alias: string,
    publicOnly: boolean,
    slice: AssetSlice,
    keyHash?: string,
  ): Promise<{ project: Project; records: JoinedRecords | undefined; keyHash: string | null } | undefined> {
    return this.assets.projectWithRecords(alias, publicOnly, slice, keyHash);
  }
  joinRecords(scope: ListingScope, slice: AssetSlice): Promise<JoinedRecords> {
    return this.assets.joinRecords(scope, slice);
  }
  streamJoined(scope: ListingScope): AsyncIterable<JoinedBatch> {
    return this.assets.streamJoined(scope);
  }
  streamAssets(scope: AssetScope): AsyncIterable<ListedAsset> {
    return this.assets.stream(scope);
  }

  getScene(projectId: string): Promise<StoredDocument | undefined> {
    return this.documents.getScene(projectId);
  }
  putScene(projectId: string, json: string, writtenAt: string): Promise<void> {
    return this.gate.write(() => this.documents.putScene(projectId, json, writtenAt));
  }
  getPublication(projectId: string): Promise<StoredDocument | undefined> {
    return this.documents.getPublication(projectId);
  }
  putPublication(projectId: string, json: string, writtenAt: string): Promise<void> {
    return this.gate.write(() => this.documents.putPublication(projectId, json, writtenAt));
  }
  deletePublication(projectId: string): Promise<boolean> {
    return this.gate.write(() => this.documents.deletePublication(projectId));
  }
  putPlugin(projectId: string, pluginId: string, json: string, installedAt: string): Promise<void> {
    return this.gate.write(() => this.documents.putPlugin(projectId, pluginId, json, installedAt));
  }
  listPlugins(projectId: string): Promise<string[]> {
    return this.documents.listPlugins(projectId);
  }
  deletePlugin(projectId: string, pluginId: string): Promise<boolean> {
    return this.gate.write(() => this.documents.deletePlugin(projectId, pluginId));
  }

  createModel(m: NewModel): Promise<ContentModel> {
    return this.gate.write(() => this.content.createModel(m));
  }
  async listModels(projectId: string): Promise<ContentModel[]> {
    return this.content.listModels(projectId);
  }
  async getModel(projectId: string, key: string): Promise<ContentModel | undefined> {
    return this.content.getModel(projectId, key);
  }
  updateModel(projectId: string, key: string, patch: ModelPatch): Promise<ContentModel | undefined> {
    return this.gate.write(() => this.content.updateModel(projectId, key, patch));
  }
  async deleteModel(projectId: string, key: string): Promise<boolean> {
    return this.deletes.deleteModel(projectId, key);
  }
  insertItems(modelId: string, items: NewItem[], now: string, actor: VersionActor): Promise<Item[]> {
    return this.gate.write(() => this.content.insertItems(modelId, items, now, actor));
  }
  async importItems(modelId: string, items: Iterable<NewItem>, now: string, actor: VersionActor): Promise<number> {
    return this.content.importItems(modelId, items, now, actor);
  }
  async getItem(modelId: string, id: string): Promise<Item | undefined> {
    return this.content.getItem(modelId, id);
  }
  updateItem(modelId: string, id: string, patch: ItemPatch): Promise<Item | undefined> {
    return this.gate.write(() => this.content.updateItem(modelId, id, patch));
  }
  deleteItem(modelId: string, id: string): Promise<boolean> {
    return this.gate.write(() => this.content.deleteItem(modelId, id, new Date().toISOString()));
  }
  async countItemVersions(modelId: string, itemId: string): Promise<number> {
    return this.content.versions.count(modelId, itemId);
  }
  async listItemVersions(modelId: string, itemId: string, slice: VersionSlice): Promise<ItemVersion[]> {
    return this.content.versions.list(modelId, itemId, slice);
  }
  async getItemVersion(modelId: string, itemId: string, version: number): Promise<ItemVersion | undefined> {
    return this.content.versions.get(modelId, itemId, version);
  }
  replaceItemVersions(modelId: string, itemId: string, versions: ItemVersion[]): Promise<void> {
    return this.gate.write(() => this.content.versions.replace(modelId, itemId, versions));
  }
  streamItems(modelId: string): AsyncIterable<Item> {
    return this.content.streamItems(modelId);
  }
  /** Item queries (docs/content-workflow.md), made on first use. */
  private get queries(): QueriedItems {
    return (this.queried ??= new QueriedItems(SQLITE_QUERY, sqliteQueryRunner(this.db, this.gate)));
  }
  queryRecords(scope: QueryScope, slice: AssetSlice): Promise<JoinedRecords> {
    return this.queries.records(scope, slice);
  }
  countQueried(scope: QueryScope): Promise<number> {
    return this.queries.count(scope);
  }
  streamQueried(scope: QueryScope): AsyncIterable<JoinedBatch> {
    return this.queries.stream(scope);
  }

  createApiKey(k: ApiKey): Promise<void> {
    return this.gate.write(() => this.keys.create(k));
  }
  listApiKeys(projectId: string): Promise<ApiKey[]> {
    return this.keys.list(projectId);
  }
  findApiKeyByHash(projectId: string, keyHash: string): Promise<ApiKey | undefined> {
    return this.keys.byHash(projectId, keyHash);
  }
  deleteApiKey(projectId: string, id: string): Promise<boolean> {
    return this.gate.write(() => this.keys.delete(projectId, id));
  }
}
