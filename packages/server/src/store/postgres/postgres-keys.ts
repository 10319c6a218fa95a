import type pg from 'pg';
import type { ApiKey } from '../store.js';
import { toApiKey, type ApiKeyRow } from './postgres-rows.js';

/** A project's API keys on PostgreSQL: only the hash of each secret. */
export class PostgresKeys {
  constructor(private readonly pool: pg.Pool) {}

  async create(k: ApiKey): Promise<void> {
    await this.pool.query('INSERT INTO api_keys (id, project_id, name, key_hash, created_at) VALUES ($1, $2, $3, $4, $5)', [
      k.id,
      k.projectId,
      k.name,
      k.keyHash,
      k.createdAt,
    ]);
  }

  async list(projectId: string): Promise<ApiKey[]> {
    const { rows } = await this.pool.query<ApiKeyRow>('SELECT * FROM api_keys WHERE project_id = $1 ORDER BY id', [projectId]);
    return rows.map(toApiKey);
  }

  async byHash(projectId: string, keyHash: string): Promise<ApiKey | undefined> {
    const { rows } = await this.pool.query<ApiKeyRow>('SELECT * FROM api_keys WHERE project_id = $1 AND key_hash = $2', [projectId, keyHash]);
    return rows[0] && toApiKey(rows[0]);
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM api_keys WHERE project_id = $1 AND id = $2', [projectId, id]);
    return (rowCount ?? 0) > 0;
  }
}
