import pg from 'pg';
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
import { POSTGRES_QUERY, postgresQueryRunner } from './postgres-query-dialect.js';
import type { Migration } from '../migration.js';
import { AccessReads } from './access-reads.js';
import { postgresMigrations } from './migrations.js';
import { PostgresAccounts } from './postgres-accounts.js';
import { PostgresSceneLog } from './postgres-scene-log.js';
import { PostgresWebhooks } from './postgres-webhooks.js';
import { PostgresReviews } from './postgres-reviews.js';
import { assetEventData, webhookEvent } from '../webhook-event.js';
import { PostgresContent } from './postgres-content.js';
import { cursorStream, invalidateCheckpoints, PostgresListing } from './postgres-listing.js';
import { ASSET_COLUMNS, LISTED_COLUMNS, toApiKey, toAsset, toListed, toProject, type ApiKeyRow, type AssetRow, type ProjectRow } from './postgres-rows.js';

/** Any constant: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK = 726_172_001;
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

function scoped(scope: AssetScope): string {
  return scope.publicOnly ? 'project_id = $1 AND public' : 'project_id = $1';
}

/** Applies every migration newer than the database's, under an advisory lock so that processes starting together take turns. */
export async function migratePostgres(pool: pg.Pool, migrations: Migration<pg.PoolClient>[] = postgresMigrations): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL)',
    );
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((r) => r.version));
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await migration.fill?.(client);
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, now())', [
          migration.version,
          migration.name,
        ]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** The store for many processes: one PostgreSQL database, shared. */
export class PostgresStore implements Store {
  readonly kind = 'postgres';

  private readonly listing: PostgresListing;
  private readonly content: PostgresContent;
  private readonly access: AccessReads;
  readonly accounts: PostgresAccounts;
  readonly sceneLog: PostgresSceneLog;
  readonly webhooks: PostgresWebhooks;
  readonly reviews: PostgresReviews;

  private constructor(private readonly pool: pg.Pool) {
    this.listing = new PostgresListing(pool);
    this.access = new AccessReads(pool);
    this.webhooks = new PostgresWebhooks(pool, (work) => this.transaction(work));
    this.content = new PostgresContent(pool, (work) => this.transaction(work), this.webhooks);
    this.reviews = new PostgresReviews(pool, (work) => this.transaction(work), this.content);
    this.accounts = new PostgresAccounts(pool);
    this.sceneLog = new PostgresSceneLog(pool, (work) => this.transaction(work));
  }

  /** Connects, migrates, and returns a ready store. */
  static async open(url: string, options: { max?: number } = {}): Promise<PostgresStore> {
    const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
    // An idle client's network error must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
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

  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async getMeta(key: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', [key]);
    return rows[0]?.value;
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.pool.query(
      'INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      [key, value],
    );
  }

  async createProject(p: NewProject): Promise<Project> {
    try {
      const { rows } = await this.pool.query<ProjectRow>(
        'INSERT INTO projects (id, alias, name, visibility, description, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING *',
        [p.id, p.alias, p.name, p.visibility, p.description ?? '', p.createdAt],
      );
      return toProject(rows[0]!);
    } catch (err) {
      if ((err as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new StoreConflictError(`a project with alias "${p.alias}" exists`);
      }
      throw err;
    }
  }

  async getProjectByAlias(alias: string): Promise<Project | undefined> {
    const { rows } = await this.pool.query<ProjectRow>('SELECT * FROM projects WHERE alias = $1', [alias]);
    return rows[0] && toProject(rows[0]);
  }

  async getProjectById(id: string): Promise<Project | undefined> {
    const { rows } = await this.pool.query<ProjectRow>('SELECT * FROM projects WHERE id = $1', [id]);
    return rows[0] && toProject(rows[0]);
  }

  async getProjectAccess(alias: string, keyHash: string | undefined): Promise<{ project: Project; keyHash: string | null } | undefined> {
    const read = await this.access.read(alias, keyHash);
    return read && { project: toProject(read.row), keyHash: read.row.access_key_hash };
  }

  async getProjectModelAccess(alias: string, keyHash: string | undefined, modelKey: string): Promise<{ project: Project; keyHash: string | null; model: ContentModel | undefined } | undefined> {
    const read = await this.access.read(alias, keyHash, modelKey);
    return read && { project: toProject(read.row), keyHash: read.row.access_key_hash, model: read.model };
  }

  async listProjects(): Promise<Project[]> {
    const { rows } = await this.pool.query<ProjectRow>('SELECT * FROM projects ORDER BY alias COLLATE "C"');
    return rows.map(toProject);
  }

  async updateProject(id: string, patch: ProjectPatch, updatedAt: string): Promise<Project | undefined> {
    const { rows } = await this.pool.query<ProjectRow>(
      'UPDATE projects SET name = coalesce($1, name), visibility = coalesce($2, visibility), description = coalesce($3, description), updated_at = $4 WHERE id = $5 RETURNING *',
      [patch.name ?? null, patch.visibility ?? null, patch.description ?? null, updatedAt, id],
    );
    return rows[0] && toProject(rows[0]);
  }

  async deleteProject(id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM projects WHERE id = $1', [id]);
    return (rowCount ?? 0) > 0;
  }

  async insertAssets(projectId: string, drafts: NewAsset[], now: string): Promise<Asset[]> {
    return this.transaction(async (client) => {
      // The row lock orders concurrent inserts of one project, across every process.
      const { rows } = await client.query<{ last_asset_id: string | null }>('SELECT last_asset_id FROM projects WHERE id = $1 FOR UPDATE', [projectId]);
      if (!rows[0]) throw new StoreNotFoundError(`project ${projectId} no longer exists`);
      let last = rows[0].last_asset_id;
      let publicCount = 0;
      const assets: Asset[] = [];
      for (const draft of drafts) {
        last = newIdAfter(last);
        publicCount += draft.public ? 1 : 0;
        const a: Asset = { ...draft, id: last, projectId, createdAt: now, updatedAt: now };
        await client.query(
          `INSERT INTO assets (${ASSET_COLUMNS}, record) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [a.id, a.projectId, a.name, a.contentType, a.size, a.public, a.storageKey, a.files === null ? null : JSON.stringify(a.files), a.createdAt, a.updatedAt, recordFragment(a)],
        );
        assets.push(a);
      }
      await client.query(
        'UPDATE projects SET asset_count = asset_count + $1, public_asset_count = public_asset_count + $2, last_asset_id = $3, content_version = content_version + 1 WHERE id = $4',
        [assets.length, publicCount, last, projectId],
      );
      await this.webhooks.enqueue(client, projectId, assets.map((a) => webhookEvent('asset.upload', now, assetEventData(a))), now);
      return assets;
    });
  }

  async getAsset(projectId: string, id: string): Promise<Asset | undefined> {
    const { rows } = await this.pool.query<AssetRow>(`SELECT ${ASSET_COLUMNS} FROM assets WHERE project_id = $1 AND id = $2`, [projectId, id]);
    return rows[0] && toAsset(rows[0]);
  }

  async updateAsset(projectId: string, id: string, patch: AssetPatch): Promise<Asset | undefined> {
    return this.transaction(async (client) => {
      const found = await client.query<AssetRow>(`SELECT ${ASSET_COLUMNS} FROM assets WHERE project_id = $1 AND id = $2 FOR UPDATE`, [projectId, id]);
      if (!found.rows[0]) return undefined;
      const before = toAsset(found.rows[0]);
      const after: Asset = { ...before, name: patch.name ?? before.name, public: patch.public ?? before.public, updatedAt: patch.updatedAt };
      await client.query('UPDATE assets SET name = $1, public = $2, updated_at = $3, record = $4 WHERE project_id = $5 AND id = $6', [
        after.name,
        after.public,
        after.updatedAt,
        recordFragment(after),
        projectId,
        id,
      ]);
      // The content version moves on every update: a rename changes the record too.
      const delta = after.public === before.public ? 0 : after.public ? 1 : -1;
      await client.query('UPDATE projects SET public_asset_count = public_asset_count + $1, content_version = content_version + 1 WHERE id = $2', [delta, projectId]);
      if (after.public !== before.public) {
        await invalidateCheckpoints(client, projectId, id, { all: false, public: true });
      }
      return after;
    });
  }

  async deleteAsset(projectId: string, id: string): Promise<Asset | undefined> {
    return this.transaction(async (client) => {
      const { rows } = await client.query<AssetRow>(`DELETE FROM assets WHERE project_id = $1 AND id = $2 RETURNING ${ASSET_COLUMNS}`, [projectId, id]);
      const row = rows[0];
      if (!row) return undefined;
      await client.query(
        'UPDATE projects SET asset_count = asset_count - 1, public_asset_count = public_asset_count - $1, content_version = content_version + 1 WHERE id = $2',
        [row.public ? 1 : 0, projectId],
      );
      await invalidateCheckpoints(client, projectId, id, { all: true, public: row.public });
      const now = new Date().toISOString();
      await this.webhooks.enqueue(client, projectId, [webhookEvent('asset.delete', now, assetEventData(toAsset(row)))], now);
      return toAsset(row);
    });
  }

  async isStorageKeyRecorded(storageKey: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM assets WHERE storage_key = $1', [storageKey]);
    return (rowCount ?? 0) > 0;
  }

  async countAssets(scope: AssetScope): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(
      `SELECT ${scope.publicOnly ? 'public_asset_count' : 'asset_count'} AS n FROM projects WHERE id = $1`,
      [scope.projectId],
    );
    return rows[0] ? Number(rows[0].n) : 0;
  }

  async getProjectWithRecords(alias: string, publicOnly: boolean, slice: AssetSlice, keyHash?: string): Promise<{ project: Project; records: JoinedRecords | undefined; keyHash: string | null } | undefined> {
    const found = await this.listing.projectWithRecords<ProjectRow & { access_key_hash: string | null }>(alias, publicOnly, slice, keyHash);
    return found && { project: toProject(found.row), records: found.records, keyHash: found.row.access_key_hash };
  }

  joinRecords(scope: ListingScope, slice: AssetSlice): Promise<JoinedRecords> {
    return this.listing.records(scope, slice);
  }

  streamJoined(scope: ListingScope): AsyncIterable<JoinedBatch> {
    return this.listing.streamJoined(scope);
  }

  streamAssets(scope: AssetScope): AsyncIterable<ListedAsset> {
    return cursorStream(this.pool, `SELECT ${LISTED_COLUMNS} FROM assets WHERE ${scoped(scope)} ORDER BY id`, [scope.projectId], toListed);
  }

  private async readDocument(table: 'scenes' | 'publications', column: string, projectId: string): Promise<StoredDocument | undefined> {
    const { rows } = await this.pool.query<{ json: string; written_at: Date }>(
      `SELECT ${column} AS json, written_at FROM ${table} WHERE project_id = $1`,
      [projectId],
    );
    return rows[0] && { json: rows[0].json, writtenAt: rows[0].written_at.toISOString() };
  }

  private async writeDocument(table: 'scenes' | 'publications', column: string, projectId: string, json: string, writtenAt: string): Promise<void> {
    try {
      await this.pool.query(
        `INSERT INTO ${table} (project_id, ${column}, written_at) VALUES ($1, $2, $3) ON CONFLICT (project_id) DO UPDATE SET ${column} = excluded.${column}, written_at = excluded.written_at`,
        [projectId, json, writtenAt],
      );
    } catch (err) {
      if ((err as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw new StoreNotFoundError(`project ${projectId} no longer exists`);
      throw err;
    }
  }

  getScene(projectId: string): Promise<StoredDocument | undefined> {
    return this.readDocument('scenes', 'document', projectId);
  }

  putScene(projectId: string, json: string, writtenAt: string): Promise<void> {
    return this.writeDocument('scenes', 'document', projectId, json, writtenAt);
  }

  getPublication(projectId: string): Promise<StoredDocument | undefined> {
    return this.readDocument('publications', 'snapshot', projectId);
  }

  putPublication(projectId: string, json: string, writtenAt: string): Promise<void> {
    return this.writeDocument('publications', 'snapshot', projectId, json, writtenAt);
  }

  async deletePublication(projectId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM publications WHERE project_id = $1', [projectId]);
    return (rowCount ?? 0) > 0;
  }

  async putPlugin(projectId: string, pluginId: string, json: string, installedAt: string): Promise<void> {
    try {
      await this.pool.query(
        `INSERT INTO plugins (project_id, plugin_id, package, installed_at, position)
         VALUES ($1, $2, $3, $4, (SELECT coalesce(max(position), 0) + 1 FROM plugins WHERE project_id = $1))
         ON CONFLICT (project_id, plugin_id) DO UPDATE SET package = excluded.package, installed_at = excluded.installed_at`,
        [projectId, pluginId, json, installedAt],
      );
    } catch (err) {
      if ((err as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw new StoreNotFoundError(`project ${projectId} no longer exists`);
      throw err;
    }
  }

  async listPlugins(projectId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ package: string }>('SELECT package FROM plugins WHERE project_id = $1 ORDER BY position', [projectId]);
    return rows.map((r) => r.package);
  }

  async deletePlugin(projectId: string, pluginId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM plugins WHERE project_id = $1 AND plugin_id = $2', [projectId, pluginId]);
    return (rowCount ?? 0) > 0;
  }

  createModel(m: NewModel): Promise<ContentModel> { return this.content.createModel(m); }
  listModels(projectId: string): Promise<ContentModel[]> { return this.content.listModels(projectId); }
  getModel(projectId: string, key: string): Promise<ContentModel | undefined> { return this.content.getModel(projectId, key); }
  updateModel(projectId: string, key: string, patch: ModelPatch): Promise<ContentModel | undefined> { return this.content.updateModel(projectId, key, patch); }
  deleteModel(projectId: string, key: string): Promise<boolean> { return this.content.deleteModel(projectId, key); }
  insertItems(modelId: string, items: NewItem[], now: string, actor: VersionActor): Promise<Item[]> { return this.content.insertItems(modelId, items, now, actor); }
  importItems(modelId: string, items: Iterable<NewItem>, now: string, actor: VersionActor): Promise<number> { return this.content.importItems(modelId, items, now, actor); }
  getItem(modelId: string, id: string): Promise<Item | undefined> { return this.content.getItem(modelId, id); }
  updateItem(modelId: string, id: string, patch: ItemPatch): Promise<Item | undefined> { return this.content.updateItem(modelId, id, patch); }
  deleteItem(modelId: string, id: string): Promise<boolean> { return this.content.deleteItem(modelId, id, new Date().toISOString()); }
  countItemVersions(modelId: string, itemId: string): Promise<number> { return this.content.versions.count(modelId, itemId); }
  listItemVersions(modelId: string, itemId: string, slice: VersionSlice): Promise<ItemVersion[]> { return this.content.versions.list(modelId, itemId, slice); }
  getItemVersion(modelId: string, itemId: string, version: number): Promise<ItemVersion | undefined> { return this.content.versions.get(modelId, itemId, version); }
  replaceItemVersions(modelId: string, itemId: string, versions: ItemVersion[]): Promise<void> { return this.transaction((client) => this.content.versions.replace(client, modelId, itemId, versions)); }
  private queried?: QueriedItems;
  /** Item queries (docs/content-workflow.md), made on first use. */
  private get queries(): QueriedItems { return (this.queried ??= new QueriedItems(POSTGRES_QUERY, postgresQueryRunner(this.pool))); }
  queryRecords(scope: QueryScope, slice: AssetSlice): Promise<JoinedRecords> { return this.queries.records(scope, slice); }
  countQueried(scope: QueryScope): Promise<number> { return this.queries.count(scope); }
  streamQueried(scope: QueryScope): AsyncIterable<QueriedBatch> { return this.queries.stream(scope); }
  streamItems(modelId: string): AsyncIterable<Item> { return this.content.streamItems(modelId); }

  async createApiKey(k: ApiKey): Promise<void> {
    await this.pool.query('INSERT INTO api_keys (id, project_id, name, key_hash, created_at) VALUES ($1, $2, $3, $4, $5)', [
      k.id,
      k.projectId,
      k.name,
      k.keyHash,
      k.createdAt,
    ]);
  }

  async listApiKeys(projectId: string): Promise<ApiKey[]> {
    const { rows } = await this.pool.query<ApiKeyRow>('SELECT * FROM api_keys WHERE project_id = $1 ORDER BY id', [projectId]);
    return rows.map(toApiKey);
  }

  async findApiKeyByHash(projectId: string, keyHash: string): Promise<ApiKey | undefined> {
    const { rows } = await this.pool.query<ApiKeyRow>('SELECT * FROM api_keys WHERE project_id = $1 AND key_hash = $2', [projectId, keyHash]);
    return rows[0] && toApiKey(rows[0]);
  }

  async deleteApiKey(projectId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM api_keys WHERE project_id = $1 AND id = $2', [projectId, id]);
    return (rowCount ?? 0) > 0;
  }
}
