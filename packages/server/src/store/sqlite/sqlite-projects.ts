import type BetterSqlite3 from 'better-sqlite3';
import type { ContentModel, NewProject, Project, ProjectPatch } from '../store.js';
import { StoreConflictError } from '../store.js';
import type { SqliteContent } from './sqlite-content.js';
import type { SqliteKeys } from './sqlite-keys.js';
import { toProject, type ProjectRow } from './sqlite-rows.js';

/** What a public request's access checks read of a project: the project, and the hash of the key it gave if that key is live. */
export interface ProjectAccess {
  project: Project;
  keyHash: string | null;
}

/** Projects, the access reads of public requests, and the store's meta keys, on SQLite. */
export class SqliteProjects {
  private readonly s;

  constructor(
    db: BetterSqlite3.Database,
    private readonly keys: SqliteKeys,
    private readonly content: SqliteContent,
  ) {
    this.s = {
      getMeta: db.prepare('SELECT value FROM meta WHERE key = ?'),
      setMeta: db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
      insert: db.prepare('INSERT INTO projects (id, alias, name, visibility, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      byAlias: db.prepare('SELECT * FROM projects WHERE alias = ?'),
      byId: db.prepare('SELECT * FROM projects WHERE id = ?'),
      list: db.prepare('SELECT * FROM projects ORDER BY alias'),
      update: db.prepare(
        'UPDATE projects SET name = coalesce(?, name), visibility = coalesce(?, visibility), description = coalesce(?, description), updated_at = ? WHERE id = ?',
      ),
    };
  }

  async getMeta(key: string): Promise<string | undefined> {
    const row = this.s.getMeta.get(key) as { value: string } | undefined;
    return row?.value;
  }

  async setMeta(key: string, value: string): Promise<void> {
    this.s.setMeta.run(key, value);
  }

  async create(p: NewProject): Promise<Project> {
    try {
      this.s.insert.run(p.id, p.alias, p.name, p.visibility, p.description ?? '', p.createdAt, p.createdAt);
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
        throw new StoreConflictError(`a project with alias "${p.alias}" exists`);
      }
      throw err;
    }
    return toProject(this.s.byId.get(p.id) as ProjectRow);
  }

  async byAlias(alias: string): Promise<Project | undefined> {
    const row = this.s.byAlias.get(alias) as ProjectRow | undefined;
    return row && toProject(row);
  }

  async byId(id: string): Promise<Project | undefined> {
    const row = this.s.byId.get(id) as ProjectRow | undefined;
    return row && toProject(row);
  }

  /** The project named `alias` and the live key of that hash, read in one synchronous step. */
  accessNow(alias: string, keyHash: string | undefined): ProjectAccess | undefined {
    const row = this.s.byAlias.get(alias) as ProjectRow | undefined;
    if (!row) return undefined;
    const key = keyHash === undefined ? undefined : this.keys.byHashNow(row.id, keyHash);
    return { project: toProject(row), keyHash: key?.keyHash ?? null };
  }

  async access(alias: string, keyHash: string | undefined): Promise<ProjectAccess | undefined> {
    return this.accessNow(alias, keyHash);
  }

  async modelAccess(alias: string, keyHash: string | undefined, modelKey: string): Promise<(ProjectAccess & { model: ContentModel | undefined }) | undefined> {
    const access = this.accessNow(alias, keyHash);
    return access && { ...access, model: this.content.getModel(access.project.id, modelKey) };
  }

  async list(): Promise<Project[]> {
    return (this.s.list.all() as ProjectRow[]).map(toProject);
  }

  async update(id: string, patch: ProjectPatch, updatedAt: string): Promise<Project | undefined> {
    this.s.update.run(patch.name ?? null, patch.visibility ?? null, patch.description ?? null, updatedAt, id);
    const row = this.s.byId.get(id) as ProjectRow | undefined;
    return row && toProject(row);
  }
}
