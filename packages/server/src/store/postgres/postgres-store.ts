import type pg from 'pg';
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
import { POSTGRES_QUERY, postgresQueryRunner } from './postgres-query-dialect.js';
import { migratePostgres } from './postgres-migrate.js';
import { PostgresAccounts } from './postgres-accounts.js';
import { PostgresAssets } from './postgres-assets.js';
import { PostgresContent } from './postgres-content.js';
import { PostgresDocuments } from './postgres-documents.js';
import { PostgresKeys } from './postgres-keys.js';
import { PostgresProjects } from './postgres-projects.js';
import { PostgresReviews } from './postgres-reviews.js';
import { PostgresSceneLog } from './postgres-scene-log.js';
import { PostgresWebhooks } from './postgres-webhooks.js';
import { connectionPool } from './pool.js';
import { transactionOn } from './transaction.js';

/**
 * The store for many processes: one PostgreSQL database, shared. Each aggregate has its own part
 * (projects, assets, content, documents, keys, and the sub-stores `Store` names); this class
 * makes them over one pool and answers the `Store` interface by handing each call to its part.
 */
export class PostgresStore implements Store {
  readonly kind = 'postgres';

  private readonly projects: PostgresProjects;
  private readonly assets: PostgresAssets;
  private readonly content: PostgresContent;
  private readonly documents: PostgresDocuments;
  private readonly keys: PostgresKeys;
  private readonly queries: QueriedItems;
  readonly accounts: PostgresAccounts;
  readonly sceneLog: PostgresSceneLog;
  readonly webhooks: PostgresWebhooks;
  readonly reviews: PostgresReviews;

  private constructor(private readonly pool: pg.Pool) {
    const transaction = transactionOn(pool);
    this.projects = new PostgresProjects(pool);
    this.webhooks = new PostgresWebhooks(pool, transaction);
    this.assets = new PostgresAssets(pool, transaction, this.webhooks);
    this.content = new PostgresContent(pool, transaction, this.webhooks);
    this.documents = new PostgresDocuments(pool);
    this.keys = new PostgresKeys(pool);
    this.queries = new QueriedItems(POSTGRES_QUERY, postgresQueryRunner(pool));
    this.reviews = new PostgresReviews(pool, transaction, this.content);
    this.accounts = new PostgresAccounts(pool);
    this.sceneLog = new PostgresSceneLog(pool, transaction);
  }

  /** Connects, migrates, and returns a ready store. */
  static async open(url: string, options: { max?: number } = {}): Promise<PostgresStore> {
    const pool = connectionPool(url, options.max ?? 10);
    try {
      await migratePostgres(pool);
    } catch (err) {
      await pool.end();
      throw err;
    }
    return new PostgresStore(pool);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  getMeta(key: string): Promise<string | undefined> {
    return this.projects.getMeta(key);
  }
  setMeta(key: string, value: string): Promise<void> {
    return this.projects.setMeta(key, value);
  }

  createProject(p: NewProject): Promise<Project> {
    return this.projects.create(p);
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
    return this.projects.update(id, patch, updatedAt);
  }
  deleteProject(id: string): Promise<boolean> {
    return this.projects.delete(id);
  }

  insertAssets(projectId: string, drafts: NewAsset[], now: string): Promise<Asset[]> {
    return this.assets.insert(projectId, drafts, now);
  }
  getAsset(projectId: string, id: string): Promise<Asset | undefined> {
    return this.assets.get(projectId, id);
  }
  updateAsset(projectId: string, id: string, patch: AssetPatch): Promise<Asset | undefined> {
    return this.assets.update(projectId, id, patch);
  }
  deleteAsset(projectId: string, id: string): Promise<Asset | undefined> {
    return this.assets.delete(projectId, id);
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
    return this.documents.read('scenes', 'document', projectId);
  }
  putScene(projectId: string, json: string, writtenAt: string): Promise<void> {
    return this.documents.write('scenes', 'document', projectId, json, writtenAt);
  }
  getPublication(projectId: string): Promise<StoredDocument | undefined> {
    return this.documents.read('publications', 'snapshot', projectId);
  }
  putPublication(projectId: string, json: string, writtenAt: string): Promise<void> {
    return this.documents.write('publications', 'snapshot', projectId, json, writtenAt);
  }
  deletePublication(projectId: string): Promise<boolean> {
    return this.documents.deletePublication(projectId);
  }
  putPlugin(projectId: string, pluginId: string, json: string, installedAt: string): Promise<void> {
    return this.documents.putPlugin(projectId, pluginId, json, installedAt);
  }
  listPlugins(projectId: string): Promise<string[]> {
    return this.documents.listPlugins(projectId);
  }
  deletePlugin(projectId: string, pluginId: string): Promise<boolean> {
    return this.documents.deletePlugin(projectId, pluginId);
  }

  createModel(m: NewModel): Promise<ContentModel> {
    return this.content.createModel(m);
  }
  listModels(projectId: string): Promise<ContentModel[]> {
    return this.content.listModels(projectId);
  }
  getModel(projectId: string, key: string): Promise<ContentModel | undefined> {
    return this.content.getModel(projectId, key);
  }
  updateModel(projectId: string, key: string, patch: ModelPatch): Promise<ContentModel | undefined> {
    return this.content.updateModel(projectId, key, patch);
  }
  deleteModel(projectId: string, key: string): Promise<boolean> {
    return this.content.deleteModel(projectId, key);
  }
  insertItems(modelId: string, items: NewItem[], now: string, actor: VersionActor): Promise<Item[]> {
    return this.content.insertItems(modelId, items, now, actor);
  }
  importItems(modelId: string, items: Iterable<NewItem>, now: string, actor: VersionActor): Promise<number> {
    return this.content.importItems(modelId, items, now, actor);
  }
  getItem(modelId: string, id: string): Promise<Item | undefined> {
    return this.content.getItem(modelId, id);
  }
  updateItem(modelId: string, id: string, patch: ItemPatch): Promise<Item | undefined> {
    return this.content.updateItem(modelId, id, patch);
  }
  deleteItem(modelId: string, id: string): Promise<boolean> {
    return this.content.deleteItem(modelId, id, new Date().toISOString());
  }
  countItemVersions(modelId: string, itemId: string): Promise<number> {
    return this.content.versions.count(modelId, itemId);
  }
  listItemVersions(modelId: string, itemId: string, slice: VersionSlice): Promise<ItemVersion[]> {
    return this.content.versions.list(modelId, itemId, slice);
  }
  getItemVersion(modelId: string, itemId: string, version: number): Promise<ItemVersion | undefined> {
    return this.content.versions.get(modelId, itemId, version);
  }
  replaceItemVersions(modelId: string, itemId: string, versions: ItemVersion[]): Promise<void> {
    return transactionOn(this.pool)((client) => this.content.versions.replace(client, modelId, itemId, versions));
  }
  streamItems(modelId: string): AsyncIterable<Item> {
    return this.content.streamItems(modelId);
  }
  /** Item queries (docs/content-workflow.md). */
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
    return this.keys.create(k);
  }
  listApiKeys(projectId: string): Promise<ApiKey[]> {
    return this.keys.list(projectId);
  }
  findApiKeyByHash(projectId: string, keyHash: string): Promise<ApiKey | undefined> {
    return this.keys.byHash(projectId, keyHash);
  }
  deleteApiKey(projectId: string, id: string): Promise<boolean> {
    return this.keys.delete(projectId, id);
  }
}
