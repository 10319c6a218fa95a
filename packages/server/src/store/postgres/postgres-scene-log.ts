import type pg from 'pg';
import type { SceneLog, SceneUpdate } from '../scene-log.js';
import { StoreNotFoundError } from '../store.js';

type Transaction = <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>;

/** The live scene's update log on PostgreSQL (`scene_updates`). */
export class PostgresSceneLog implements SceneLog {
  constructor(
    private readonly pool: pg.Pool,
    private readonly transaction: Transaction,
  ) {}

  async append(projectId: string, update: Uint8Array): Promise<number> {
    const { rows } = await this.pool.query<{ seq: string }>('INSERT INTO scene_updates (project_id, update) SELECT id, $2 FROM projects WHERE id = $1 RETURNING seq', [projectId, Buffer.from(update)]);
    if (rows.length === 0) throw new StoreNotFoundError(`project ${projectId} no longer exists`);
    return Number(rows[0]!.seq);
  }

  async read(projectId: string): Promise<SceneUpdate[]> {
    const { rows } = await this.pool.query<{ seq: string; update: Buffer }>('SELECT seq, update FROM scene_updates WHERE project_id = $1 ORDER BY seq', [projectId]);
    return rows.map((row) => ({ seq: Number(row.seq), update: new Uint8Array(row.update) }));
  }

  async compact(projectId: string, uptoSeq: number, merged: Uint8Array): Promise<void> {
    await this.transaction(async (client) => {
      await client.query('DELETE FROM scene_updates WHERE project_id = $1 AND seq <= $2', [projectId, uptoSeq]);
      await client.query('INSERT INTO scene_updates (seq, project_id, update) VALUES ($1, $2, $3)', [uptoSeq, projectId, Buffer.from(merged)]);
    });
  }
}
