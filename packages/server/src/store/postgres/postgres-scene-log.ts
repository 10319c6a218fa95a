import type pg from 'pg';
import type { SceneLog, SceneUpdate } from '../scene-log.js';
import { StoreNotFoundError } from '../store.js';
import type { Transaction } from './transaction.js';

/** Another process compacted some of the same updates first: this compaction is dropped. */
class CompactionRaced extends Error {}

/** The live scene's update log on PostgreSQL (`scene_updates`). */
export class PostgresSceneLog implements SceneLog {
  constructor(
    private readonly pool: pg.Pool,
    private readonly transaction: Transaction,
  ) {}

  async append(projectId: string, update: Uint8Array): Promise<number> {
    const { rows } = await this.pool.query<{ seq: string }>(
      'INSERT INTO scene_updates (project_id, update) SELECT id, $2 FROM projects WHERE id = $1 RETURNING seq',
      [projectId, Buffer.from(update)],
    );
    if (rows.length === 0) throw new StoreNotFoundError(`project ${projectId} no longer exists`);
    return Number(rows[0]!.seq);
  }

  async read(projectId: string): Promise<SceneUpdate[]> {
    const { rows } = await this.pool.query<{ seq: string; update: Buffer }>('SELECT seq, update FROM scene_updates WHERE project_id = $1 ORDER BY seq', [
      projectId,
    ]);
    return rows.map((row) => ({ seq: Number(row.seq), update: new Uint8Array(row.update) }));
  }

  async compact(projectId: string, seqs: number[], merged: Uint8Array): Promise<void> {
    await this.transaction(async (client) => {
      // Two compactions of the same rows at once: the second finds them gone and leaves the first's merge alone.
      const { rowCount } = await client.query('DELETE FROM scene_updates WHERE project_id = $1 AND seq = ANY($2::bigint[])', [projectId, seqs]);
      if (rowCount !== seqs.length) throw new CompactionRaced();
      await client.query('INSERT INTO scene_updates (seq, project_id, update) VALUES ($1, $2, $3)', [Math.max(...seqs), projectId, Buffer.from(merged)]);
    }).catch((err: unknown) => {
      if (!(err instanceof CompactionRaced)) throw err;
    });
  }
}
