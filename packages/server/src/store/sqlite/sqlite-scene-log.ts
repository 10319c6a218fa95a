import type BetterSqlite3 from 'better-sqlite3';
import type { SceneLog, SceneUpdate } from '../scene-log.js';
import { StoreNotFoundError } from '../store.js';
import type { WriteGate } from './write-gate.js';

/** Another compaction replaced some of the same updates first. */
class CompactionRaced extends Error {}

/** The live scene's update log on SQLite (`scene_updates`). */
export class SqliteSceneLog implements SceneLog {
  private readonly insert: BetterSqlite3.Statement;
  private readonly select: BetterSqlite3.Statement;
  private readonly replace: (projectId: string, seqs: number[], merged: Uint8Array) => void;

  constructor(
    db: BetterSqlite3.Database,
    private readonly gate: WriteGate,
  ) {
    this.insert = db.prepare('INSERT INTO scene_updates (project_id, "update") SELECT id, ? FROM projects WHERE id = ?');
    this.select = db.prepare('SELECT seq, "update" FROM scene_updates WHERE project_id = ? ORDER BY seq');
    const remove = db.prepare('DELETE FROM scene_updates WHERE project_id = ? AND seq = ?');
    const put = db.prepare('INSERT INTO scene_updates (seq, project_id, "update") VALUES (?, ?, ?)');
    this.replace = db.transaction((projectId: string, seqs: number[], merged: Uint8Array) => {
      let removed = 0;
      for (const seq of seqs) removed += remove.run(projectId, seq).changes;
      // Another compaction took some of these first (both read before either wrote): it stands, this one is dropped.
      if (removed !== seqs.length) throw new CompactionRaced();
      put.run(Math.max(...seqs), projectId, merged);
    });
  }

  async append(projectId: string, update: Uint8Array): Promise<number> {
    const { changes, lastInsertRowid } = await this.gate.write(() => this.insert.run(update, projectId));
    if (changes === 0) throw new StoreNotFoundError(`project ${projectId} no longer exists`);
    return Number(lastInsertRowid);
  }

  async read(projectId: string): Promise<SceneUpdate[]> {
    return (this.select.all(projectId) as { seq: number; update: Buffer }[]).map((row) => ({ seq: row.seq, update: new Uint8Array(row.update) }));
  }

  async compact(projectId: string, seqs: number[], merged: Uint8Array): Promise<void> {
    try {
      await this.gate.write(() => this.replace(projectId, seqs, merged));
    } catch (err) {
      if (!(err instanceof CompactionRaced)) throw err;
    }
  }
}
