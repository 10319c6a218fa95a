import type pg from 'pg';
import type { ContentModel, NewProject, Project, ProjectPatch } from '../store.js';
import { StoreConflictError } from '../store.js';
import { AccessReads } from './access-reads.js';
import { toProject, type ProjectRow } from './postgres-rows.js';
import { isPgError, UNIQUE_VIOLATION } from './transaction.js';

/** Projects, the access reads of public requests, and the store's meta keys, on PostgreSQL. */
export class PostgresProjects {
  private readonly reads: AccessReads;

  constructor(private readonly pool: pg.Pool) {
    this.reads = new AccessReads(pool);
  }

  async getMeta(key: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', [key]);
    return rows[0]?.value;
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.pool.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, value]);
  }

  async create(p: NewProject): Promise<Project> {
    try {
      const { rows } = await this.pool.query<ProjectRow>(
        'INSERT INTO projects (id, alias, name, visibility, description, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING *',
        [p.id, p.alias, p.name, p.visibility, p.description ?? '', p.createdAt],
      );
      return toProject(rows[0]!);
    } catch (err) {
      if (isPgError(err, UNIQUE_VIOLATION)) {
        throw new StoreConflictError(`a project with alias "${p.alias}" exists`);
      }
      throw err;
    }
  }

  async byAlias(alias: string): Promise<Project | undefined> {
    const { rows } = await this.pool.query<ProjectRow>('SELECT * FROM projects WHERE alias = $1', [alias]);
    return rows[0] && toProject(rows[0]);
  }

  async byId(id: string): Promise<Project | undefined> {
    const { rows } = await this.pool.query<ProjectRow>('SELECT * FROM projects WHERE id = $1', [id]);
    return rows[0] && toProject(rows[0]);
  }

  async access(alias: string, keyHash: string | undefined): Promise<{ project: Project; keyHash: string | null } | undefined> {
    const read = await this.reads.read(alias, keyHash);
    return read && { project: toProject(read.row), keyHash: read.row.access_key_hash };
  }

  async modelAccess(
    alias: string,
    keyHash: string | undefined,
    modelKey: string,
  ): Promise<{ project: Project; keyHash: string | null; model: ContentModel | undefined } | undefined> {
    const read = await this.reads.read(alias, keyHash, modelKey);
    return read && { project: toProject(read.row), keyHash: read.row.access_key_hash, model: read.model };
  }

  async list(): Promise<Project[]> {
    const { rows } = await this.pool.query<ProjectRow>('SELECT * FROM projects ORDER BY alias COLLATE "C"');
    return rows.map(toProject);
  }

  async update(id: string, patch: ProjectPatch, updatedAt: string): Promise<Project | undefined> {
    const { rows } = await this.pool.query<ProjectRow>(
      'UPDATE projects SET name = coalesce($1, name), visibility = coalesce($2, visibility), description = coalesce($3, description), updated_at = $4 WHERE id = $5 RETURNING *',
      [patch.name ?? null, patch.visibility ?? null, patch.description ?? null, updatedAt, id],
    );
    return rows[0] && toProject(rows[0]);
  }

  async delete(id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM projects WHERE id = $1', [id]);
    return (rowCount ?? 0) > 0;
  }
}
