import type BetterSqlite3 from 'better-sqlite3';
import type { StoredDocument } from '../store.js';
import { StoreNotFoundError } from '../store.js';

/** Runs a write that names a project, as StoreNotFoundError when the project is gone. */
function forProject(projectId: string, write: () => void): void {
  try {
    write();
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw new StoreNotFoundError(`project ${projectId} no longer exists`);
    throw err;
  }
}

/** A project's documents on SQLite: its scene, its published snapshot and its plugin packages (JSON text). */
export class SqliteDocuments {
  private readonly s;

  constructor(db: BetterSqlite3.Database) {
    this.s = {
      getScene: db.prepare('SELECT document AS json, written_at AS writtenAt FROM scenes WHERE project_id = ?'),
      putScene: db.prepare(
        'INSERT INTO scenes (project_id, document, written_at) VALUES (?, ?, ?) ON CONFLICT (project_id) DO UPDATE SET document = excluded.document, written_at = excluded.written_at',
      ),
      getPublication: db.prepare('SELECT snapshot AS json, written_at AS writtenAt FROM publications WHERE project_id = ?'),
      putPublication: db.prepare(
        'INSERT INTO publications (project_id, snapshot, written_at) VALUES (?, ?, ?) ON CONFLICT (project_id) DO UPDATE SET snapshot = excluded.snapshot, written_at = excluded.written_at',
      ),
      deletePublication: db.prepare('DELETE FROM publications WHERE project_id = ?'),
      putPlugin: db.prepare(
        `INSERT INTO plugins (project_id, plugin_id, package, installed_at, position)
         VALUES (?, ?, ?, ?, (SELECT coalesce(max(position), 0) + 1 FROM plugins WHERE project_id = ?))
         ON CONFLICT (project_id, plugin_id) DO UPDATE SET package = excluded.package, installed_at = excluded.installed_at`,
      ),
      listPlugins: db.prepare('SELECT package FROM plugins WHERE project_id = ? ORDER BY position'),
      deletePlugin: db.prepare('DELETE FROM plugins WHERE project_id = ? AND plugin_id = ?'),
    };
  }

  async getScene(projectId: string): Promise<StoredDocument | undefined> {
    return this.s.getScene.get(projectId) as StoredDocument | undefined;
  }

  async putScene(projectId: string, json: string, writtenAt: string): Promise<void> {
    forProject(projectId, () => this.s.putScene.run(projectId, json, writtenAt));
  }

  async getPublication(projectId: string): Promise<StoredDocument | undefined> {
    return this.s.getPublication.get(projectId) as StoredDocument | undefined;
  }

  async putPublication(projectId: string, json: string, writtenAt: string): Promise<void> {
    forProject(projectId, () => this.s.putPublication.run(projectId, json, writtenAt));
  }

  async deletePublication(projectId: string): Promise<boolean> {
    return this.s.deletePublication.run(projectId).changes > 0;
  }

  async putPlugin(projectId: string, pluginId: string, json: string, installedAt: string): Promise<void> {
    forProject(projectId, () => this.s.putPlugin.run(projectId, pluginId, json, installedAt, projectId));
  }

  async listPlugins(projectId: string): Promise<string[]> {
    return (this.s.listPlugins.all(projectId) as { package: string }[]).map((r) => r.package);
  }

  async deletePlugin(projectId: string, pluginId: string): Promise<boolean> {
    return this.s.deletePlugin.run(projectId, pluginId).changes > 0;
  }
}
