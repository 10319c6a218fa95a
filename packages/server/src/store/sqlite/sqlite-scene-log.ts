import type BetterSqlite3 from 'better-sqlite3';
import type { SceneLog, SceneUpdate } from '../scene-log.js';
import { StoreNotFoundError } from '../store.js';

/** The live scene's update log on SQLite (`scene_updates`). */
export class SqliteSceneLog implements SceneLog {
  private readonly insert: BetterSqlite3.Statement;
  private readonly select: BetterSqlite3.Statement;
  private readonly replace: (projectId: string, seqs: number[], merged: Uint8Array) => void;

  constructor(db: BetterSqlite3.Database) {
    this.insert = db.prepare('INSERT INTO scene_updates (project_id, "update") SELECT id, ? FROM projects WHERE id = ?');
    this.select = db.prepare('SELECT seq, "update" FROM scene_updates WHERE project_id = ? ORDER BY seq');
    const remove = db.prepare('DELETE FROM scene_updates WHERE project_id = ? AND seq = ?');
    const put = db.prepare('INSERT INTO scene_updates (seq, project_id, "update") VALUES (?, ?, ?)');
    this.replace = db.transaction((projectId: string, seqs: number[], merged: Uint8Array) => {
      for (const seq of seqs) remove.run(projectId, seq);
      put.run(Math.max(...seqs), projectId, merged);
    });
  }

  async append(projectId: string, update: Uint8Array): Promise<number> {
    const { changes, lastInsertRowid } = this.insert.run(update, projectId);
    if (changes === 0) throw new StoreNotFoundError(`project ${projectId} no longer exists`);
    return Number(lastInsertRowid);
  }

  async read(projectId: string): Promise<SceneUpdate[]> {
    return (this.select.all(projectId) as { seq: number; update: Buffer }[]).map((row) => ({ seq: row.seq, update: new Uint8Array(row.update) }));
  }

  async compact(projectId: string, seqs: number[], merged: Uint8Array): Promise<void> {
    this.replace(projectId, seqs, merged);
  }
}
