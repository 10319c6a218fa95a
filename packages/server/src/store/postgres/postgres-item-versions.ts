import type pg from 'pg';
import type { ItemVersion, VersionActor, VersionSlice } from '../store.js';

interface VersionRow {
  version: number;
  at: Date;
  actor: string;
  public: boolean;
  fields: string;
}

const COLUMNS = 'version, at, actor, public, fields';

function toVersion(row: VersionRow): ItemVersion {
  return {
    version: row.version,
    at: row.at.toISOString(),
    actor: JSON.parse(row.actor) as VersionActor,
    public: row.public,
    fields: JSON.parse(row.fields) as Record<string, unknown>,
  };
}

/**
 * The PostgreSQL store's item versions (docs/content-workflow.md): whole values per version, kept
 * by the writes of `PostgresContent` inside their transactions (under the item's row lock, so two
 * writes never take one number); they outlive the item, not its model.
 */
export class PostgresItemVersions {
  constructor(private readonly pool: pg.Pool) {}

  /** Keeps the item's next version; call inside the write's transaction, on its client. */
  async add(
    client: pg.PoolClient,
    modelId: string,
    itemId: string,
    at: string,
    actor: VersionActor,
    isPublic: boolean,
    fields: Record<string, unknown>,
  ): Promise<void> {
    await client.query(
      `INSERT INTO item_versions (model_id, item_id, ${COLUMNS})
       SELECT $1, $2, coalesce(max(version), 0) + 1, $3, $4, $5, $6 FROM item_versions WHERE model_id = $1 AND item_id = $2`,
      [modelId, itemId, at, JSON.stringify(actor), isPublic, JSON.stringify(fields)],
    );
  }

  /** Keeps the next version of each of a model's items (an approval's batch); call inside the write's transaction, under the items' row locks. */
  async addMany(
    client: pg.PoolClient,
    modelId: string,
    items: { id: string; public: boolean; fields: Record<string, unknown> }[],
    at: string,
    actor: VersionActor,
  ) {
    await client.query(
      `INSERT INTO item_versions (model_id, item_id, ${COLUMNS})
       SELECT $1, u.id, coalesce((SELECT max(v.version) FROM item_versions v WHERE v.model_id = $1 AND v.item_id = u.id), 0) + 1, $2, $3, u.public, u.fields
       FROM unnest($4::text[], $5::boolean[], $6::text[]) AS u(id, public, fields)`,
      [modelId, at, JSON.stringify(actor), items.map((i) => i.id), items.map((i) => i.public), items.map((i) => JSON.stringify(i.fields))],
    );
  }

  /** Replaces an item's versions by these; call inside a transaction, on its client. */
  async replace(client: pg.PoolClient, modelId: string, itemId: string, versions: ItemVersion[]): Promise<void> {
    await client.query('DELETE FROM item_versions WHERE model_id = $1 AND item_id = $2', [modelId, itemId]);
    await client.query(
      `INSERT INTO item_versions (model_id, item_id, ${COLUMNS}) SELECT $1, $2, * FROM unnest($3::int[], $4::timestamptz[], $5::text[], $6::boolean[], $7::text[])`,
      [
        modelId,
        itemId,
        versions.map((v) => v.version),
        versions.map((v) => v.at),
        versions.map((v) => JSON.stringify(v.actor)),
        versions.map((v) => v.public),
        versions.map((v) => JSON.stringify(v.fields)),
      ],
    );
  }

  async count(modelId: string, itemId: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>('SELECT count(*) AS n FROM item_versions WHERE model_id = $1 AND item_id = $2', [modelId, itemId]);
    return Number(rows[0]!.n);
  }

  async list(modelId: string, itemId: string, slice: VersionSlice): Promise<ItemVersion[]> {
    const { rows } =
      'before' in slice
        ? await this.pool.query<VersionRow>(
            `SELECT ${COLUMNS} FROM item_versions WHERE model_id = $1 AND item_id = $2 AND version < $3 ORDER BY version DESC LIMIT $4`,
            [modelId, itemId, slice.before, slice.limit],
          )
        : await this.pool.query<VersionRow>(
            `SELECT ${COLUMNS} FROM item_versions WHERE model_id = $1 AND item_id = $2 ORDER BY version DESC LIMIT $3 OFFSET $4`,
            [modelId, itemId, slice.limit, slice.offset],
          );
    return rows.map(toVersion);
  }

  async get(modelId: string, itemId: string, version: number): Promise<ItemVersion | undefined> {
    const { rows } = await this.pool.query<VersionRow>(`SELECT ${COLUMNS} FROM item_versions WHERE model_id = $1 AND item_id = $2 AND version = $3`, [
      modelId,
      itemId,
      version,
    ]);
    return rows[0] && toVersion(rows[0]);
  }
}
