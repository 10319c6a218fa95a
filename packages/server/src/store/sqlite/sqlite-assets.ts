import type BetterSqlite3 from 'better-sqlite3';
import type { Asset, AssetPatch, AssetScope, AssetSlice, JoinedBatch, JoinedRecords, ListedAsset, ListingScope, NewAsset, Project } from '../store.js';
import { patchedAsset, StoreNotFoundError } from '../store.js';
import { newIdAfter } from '../../records/ids.js';
import { recordFragment } from '../../records/record-fragment.js';
import { assetEventData, webhookEvent } from '../webhook-event.js';
import { inBatches, type SqliteListing, STREAM_BATCH } from './sqlite-listing.js';
import type { ProjectAccess, SqliteProjects } from './sqlite-projects.js';
import { ASSET_COLUMNS, LISTED_COLUMNS, toAsset, toListed, type AssetRow, type ListedRow } from './sqlite-rows.js';
import type { SqliteWebhooks } from './sqlite-webhooks.js';

/** A project's assets and the listings of assets and items, on SQLite; each write adds its webhook events. */
export class SqliteAssets {
  private readonly s;

  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly listing: SqliteListing,
    private readonly projects: SqliteProjects,
    private readonly webhooks: SqliteWebhooks,
  ) {
    const after = (scoped: string) => db.prepare(`SELECT ${LISTED_COLUMNS} FROM assets WHERE ${scoped} AND id > ? ORDER BY id LIMIT ?`);
    this.s = {
      insert: db.prepare(`INSERT INTO assets (${ASSET_COLUMNS}, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      addCounts: db.prepare(
        'UPDATE projects SET asset_count = asset_count + ?, public_asset_count = public_asset_count + ?, content_version = content_version + 1 WHERE id = ?',
      ),
      lastAssetId: db.prepare('SELECT last_asset_id FROM projects WHERE id = ?'),
      setLastAssetId: db.prepare('UPDATE projects SET last_asset_id = ? WHERE id = ?'),
      get: db.prepare(`SELECT ${ASSET_COLUMNS} FROM assets WHERE project_id = ? AND id = ?`),
      update: db.prepare('UPDATE assets SET name = ?, public = ?, files = ?, updated_at = ?, record = ? WHERE project_id = ? AND id = ?'),
      delete: db.prepare('DELETE FROM assets WHERE project_id = ? AND id = ?'),
      storageKeyRecorded: db.prepare('SELECT 1 FROM assets WHERE storage_key = ?'),
      counts: db.prepare('SELECT asset_count, public_asset_count FROM projects WHERE id = ?'),
      publicAfter: after('project_id = ? AND public = 1'),
      allAfter: after('project_id = ?'),
    };
  }

  async insert(projectId: string, drafts: NewAsset[], now: string): Promise<Asset[]> {
    // An immediate transaction holds SQLite's write lock: ids are made and recorded in one step.
    return this.db
      .transaction(() => {
        const row = this.s.lastAssetId.get(projectId) as { last_asset_id: string | null } | undefined;
        if (!row) throw new StoreNotFoundError(`project ${projectId} no longer exists`);
        let last = row.last_asset_id;
        let publicCount = 0;
        const assets = drafts.map((draft): Asset => {
          last = newIdAfter(last);
          publicCount += draft.public ? 1 : 0;
          return { ...draft, id: last, projectId, createdAt: now, updatedAt: now };
        });
        for (const a of assets) {
          this.s.insert.run(
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
        this.s.addCounts.run(assets.length, publicCount, projectId);
        this.s.setLastAssetId.run(last, projectId);
        this.webhooks.enqueue(
          projectId,
          assets.map((a) => webhookEvent('asset.upload', now, assetEventData(a))),
          now,
        );
        return assets;
      })
      .immediate();
  }

  async get(projectId: string, id: string): Promise<Asset | undefined> {
    const row = this.s.get.get(projectId, id) as AssetRow | undefined;
    return row && toAsset(row);
  }

  async update(projectId: string, id: string, patch: AssetPatch): Promise<Asset | undefined> {
    return this.db
      .transaction(() => {
        const row = this.s.get.get(projectId, id) as AssetRow | undefined;
        if (!row) return undefined;
        const before = toAsset(row);
        const after = patchedAsset(before, patch);
        const files = after.files === null ? null : JSON.stringify(after.files);
        this.s.update.run(after.name, after.public ? 1 : 0, files, after.updatedAt, recordFragment(after), projectId, id);
        // Counts (and the content version) change on every update: a rename changes the record.
        this.s.addCounts.run(0, after.public === before.public ? 0 : after.public ? 1 : -1, projectId);
        if (after.public !== before.public) {
          this.listing.invalidate(projectId, id, { all: false, public: true });
        }
        return after;
      })
      .immediate();
  }

  async delete(projectId: string, id: string): Promise<Asset | undefined> {
    return this.db
      .transaction(() => {
        const row = this.s.get.get(projectId, id) as AssetRow | undefined;
        if (!row) return undefined;
        this.s.delete.run(projectId, id);
        this.s.addCounts.run(-1, -row.public, projectId);
        this.listing.invalidate(projectId, id, { all: true, public: row.public === 1 });
        const now = new Date().toISOString();
        this.webhooks.enqueue(projectId, [webhookEvent('asset.delete', now, assetEventData(toAsset(row)))], now);
        return toAsset(row);
      })
      .immediate();
  }

  async isStorageKeyRecorded(storageKey: string): Promise<boolean> {
    return this.s.storageKeyRecorded.get(storageKey) !== undefined;
  }

  async count(scope: AssetScope): Promise<number> {
    const row = this.s.counts.get(scope.projectId) as { asset_count: number; public_asset_count: number } | undefined;
    if (!row) return 0;
    return scope.publicOnly ? row.public_asset_count : row.asset_count;
  }

  async projectWithRecords(
    alias: string,
    publicOnly: boolean,
    slice: AssetSlice,
    keyHash?: string,
  ): Promise<(ProjectAccess & { records: JoinedRecords | undefined }) | undefined> {
    // Every read in one synchronous step: nothing else of this process runs between them.
    const access = this.projects.accessNow(alias, keyHash);
    if (!access) return undefined;
    const project: Project = access.project;
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

  stream(scope: AssetScope): AsyncIterable<ListedAsset> {
    const stmt = scope.publicOnly ? this.s.publicAfter : this.s.allAfter;
    return inBatches((afterId) => (stmt.all(scope.projectId, afterId, STREAM_BATCH) as ListedRow[]).map((row) => toListed(scope.projectId, row)));
  }
}
