import type pg from 'pg';
import type { StoredDocument } from '../store.js';
import { StoreNotFoundError } from '../store.js';
import { FOREIGN_KEY_VIOLATION, isPgError } from './transaction.js';

type DocumentTable = 'scenes' | 'publications';

/** A project's documents on PostgreSQL: its scene, its published snapshot and its plugin packages (JSON text). */
export class PostgresDocuments {
  constructor(private readonly pool: pg.Pool) {}

  async read(table: DocumentTable, column: string, projectId: string): Promise<StoredDocument | undefined> {
    const { rows } = await this.pool.query<{ json: string; written_at: Date }>(`SELECT ${column} AS json, written_at FROM ${table} WHERE project_id = $1`, [
      projectId,
    ]);
    return rows[0] && { json: rows[0].json, writtenAt: rows[0].written_at.toISOString() };
  }

  async write(table: DocumentTable, column: string, projectId: string, json: string, writtenAt: string): Promise<void> {
    try {
      await this.pool.query(
        `INSERT INTO ${table} (project_id, ${column}, written_at) VALUES ($1, $2, $3) ON CONFLICT (project_id) DO UPDATE SET ${column} = excluded.${column}, written_at = excluded.written_at`,
        [projectId, json, writtenAt],
      );
    } catch (err) {
      if (isPgError(err, FOREIGN_KEY_VIOLATION)) throw new StoreNotFoundError(`project ${projectId} no longer exists`);
      throw err;
    }
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
      if (isPgError(err, FOREIGN_KEY_VIOLATION)) throw new StoreNotFoundError(`project ${projectId} no longer exists`);
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
}
