import type pg from 'pg';
import type { Asset, AssetPatch, AssetScope, AssetSlice, JoinedBatch, JoinedRecords, ListedAsset, ListingScope, NewAsset, Project } from '../store.js';
import { patchedAsset, StoreNotFoundError } from '../store.js';
import { newIdAfter } from '../../records/ids.js';
import { recordFragment } from '../../records/record-fragment.js';
import { assetEventData, webhookEvent } from '../webhook-event.js';
import { cursorStream, invalidateCheckpoints, PostgresListing } from './postgres-listing.js';
import { ASSET_COLUMNS, LISTED_COLUMNS, toAsset, toListed, toProject, type AssetRow, type ProjectRow } from './postgres-rows.js';
import type { PostgresWebhooks } from './postgres-webhooks.js';
import type { Transaction } from './transaction.js';

function scoped(scope: AssetScope): string {
  return scope.publicOnly ? 'project_id = $1 AND public' : 'project_id = $1';
}

/** A project's assets and the listings of assets and items, on PostgreSQL; each write adds its webhook events. */
export class PostgresAssets {
  private readonly listing: PostgresListing;

  constructor(
    private readonly pool: pg.Pool,
    private readonly transaction: Transaction,
    private readonly webhooks: PostgresWebhooks,
  ) {
    this.listing = new PostgresListing(pool);
  }

  async insert(projectId: string, drafts: NewAsset[], now: string): Promise<Asset[]> {
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
        await client.query(`INSERT INTO assets (${ASSET_COLUMNS}, record) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, [
          a.id,
          a.projectId,
          a.name,
          a.contentType,
          a.size,
          a.public,
          a.storageKey,
          a.files === null ? null : JSON.stringify(a.files),
          a.createdAt,
          a.updatedAt,
          recordFragment(a),
        ]);
        assets.push(a);
      }
      await client.query(
        'UPDATE projects SET asset_count = asset_count + $1, public_asset_count = public_asset_count + $2, last_asset_id = $3, content_version = content_version + 1 WHERE id = $4',
        [assets.length, publicCount, last, projectId],
      );
      await this.webhooks.enqueue(
        client,
        projectId,
        assets.map((a) => webhookEvent('asset.upload', now, assetEventData(a))),
        now,
      );
      return assets;
    });
  }

  async get(projectId: string, id: string): Promise<Asset | undefined> {
    const { rows } = await this.pool.query<AssetRow>(`SELECT ${ASSET_COLUMNS} FROM assets WHERE project_id = $1 AND id = $2`, [projectId, id]);
    return rows[0] && toAsset(rows[0]);
  }

  async update(projectId: string, id: string, patch: AssetPatch): Promise<Asset | undefined> {
    return this.transaction(async (client) => {
      const found = await client.query<AssetRow>(`SELECT ${ASSET_COLUMNS} FROM assets WHERE project_id = $1 AND id = $2 FOR UPDATE`, [projectId, id]);
      if (!found.rows[0]) return undefined;
      const before = toAsset(found.rows[0]);
      const after = patchedAsset(before, patch);
      await client.query('UPDATE assets SET name = $1, public = $2, files = $7, updated_at = $3, record = $4 WHERE project_id = $5 AND id = $6', [
        after.name,
        after.public,
        after.updatedAt,
        recordFragment(after),
        projectId,
        id,
        after.files === null ? null : JSON.stringify(after.files),
      ]);
      // The content version moves on every update: a rename changes the record too.
      const delta = after.public === before.public ? 0 : after.public ? 1 : -1;
      await client.query('UPDATE projects SET public_asset_count = public_asset_count + $1, content_version = content_version + 1 WHERE id = $2', [
        delta,
        projectId,
      ]);
      if (after.public !== before.public) {
        await invalidateCheckpoints(client, projectId, id, { all: false, public: true });
      }
      return after;
    });
  }

  async delete(projectId: string, id: string): Promise<Asset | undefined> {
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

  async count(scope: AssetScope): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(
      `SELECT ${scope.publicOnly ? 'public_asset_count' : 'asset_count'} AS n FROM projects WHERE id = $1`,
      [scope.projectId],
    );
    return rows[0] ? Number(rows[0].n) : 0;
  }

  async projectWithRecords(
    alias: string,
    publicOnly: boolean,
    slice: AssetSlice,
    keyHash?: string,
  ): Promise<{ project: Project; records: JoinedRecords | undefined; keyHash: string | null } | undefined> {
    const found = await this.listing.projectWithRecords<ProjectRow & { access_key_hash: string | null }>(alias, publicOnly, slice, keyHash);
    return found && { project: toProject(found.row), records: found.records, keyHash: found.row.access_key_hash };
  }

  joinRecords(scope: ListingScope, slice: AssetSlice): Promise<JoinedRecords> {
    return this.listing.records(scope, slice);
  }

  streamJoined(scope: ListingScope): AsyncIterable<JoinedBatch> {
    return this.listing.streamJoined(scope);
  }

  stream(scope: AssetScope): AsyncIterable<ListedAsset> {
    return cursorStream(this.pool, `SELECT ${LISTED_COLUMNS} FROM assets WHERE ${scoped(scope)} ORDER BY id`, [scope.projectId], toListed);
  }
}
