import type BetterSqlite3 from 'better-sqlite3';
import type { ApiKey } from '../store.js';
import { toApiKey, type ApiKeyRow } from './sqlite-rows.js';

/** A project's API keys on SQLite: only the hash of each secret. */
export class SqliteKeys {
  private readonly s;

  constructor(db: BetterSqlite3.Database) {
    this.s = {
      insert: db.prepare('INSERT INTO api_keys (id, project_id, name, key_hash, created_at) VALUES (?, ?, ?, ?, ?)'),
      list: db.prepare('SELECT * FROM api_keys WHERE project_id = ? ORDER BY id'),
      byHash: db.prepare('SELECT * FROM api_keys WHERE project_id = ? AND key_hash = ?'),
      delete: db.prepare('DELETE FROM api_keys WHERE project_id = ? AND id = ?'),
    };
  }

  async create(k: ApiKey): Promise<void> {
    this.s.insert.run(k.id, k.projectId, k.name, k.keyHash, k.createdAt);
  }

  async list(projectId: string): Promise<ApiKey[]> {
    return (this.s.list.all(projectId) as ApiKeyRow[]).map(toApiKey);
  }

  /** The key of a project with this hash, read at once (the access checks read it inside their own step). */
  byHashNow(projectId: string, keyHash: string): ApiKey | undefined {
    const row = this.s.byHash.get(projectId, keyHash) as ApiKeyRow | undefined;
    return row && toApiKey(row);
  }

  async byHash(projectId: string, keyHash: string): Promise<ApiKey | undefined> {
    return this.byHashNow(projectId, keyHash);
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    return this.s.delete.run(projectId, id).changes > 0;
  }
}
