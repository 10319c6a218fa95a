import type Database from 'better-sqlite3';
import type { Migration } from '../migration.js';
import { fillRecordsSqlite } from './fill-records.js';

export const sqliteMigrations: Migration<Database.Database>[] = [
  {
    version: 1,
    name: 'projects, assets, api keys',
    sql: `
      CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE projects (
        id TEXT PRIMARY KEY,
        alias TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        visibility TEXT NOT NULL CHECK (visibility IN ('public', 'private')),
        asset_count INTEGER NOT NULL DEFAULT 0,
        public_asset_count INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE assets (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        content_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        public INTEGER NOT NULL CHECK (public IN (0, 1)),
        storage_key TEXT NOT NULL,
        files TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX assets_by_project ON assets (project_id, id);
      CREATE INDEX assets_by_project_public ON assets (project_id, public, id);
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        key_hash TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL
      );
      CREATE INDEX api_keys_by_project ON api_keys (project_id, id);
    `,
  },
  {
    version: 2,
    name: 'asset id high-water mark per project; storage key lookup',
    sql: `
      ALTER TABLE projects ADD COLUMN last_asset_id TEXT;
      UPDATE projects SET last_asset_id = (SELECT max(id) FROM assets WHERE assets.project_id = projects.id);
      CREATE UNIQUE INDEX assets_by_storage_key ON assets (storage_key);
    `,
  },
  {
    version: 3,
    name: 'scenes and published snapshots',
    sql: `
      CREATE TABLE scenes (
        project_id TEXT PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
        document TEXT NOT NULL,
        written_at TEXT NOT NULL
      );
      CREATE TABLE publications (
        project_id TEXT PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
        snapshot TEXT NOT NULL,
        written_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 4,
    name: 'plugins',
    sql: `
      CREATE TABLE plugins (
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        plugin_id TEXT NOT NULL,
        package TEXT NOT NULL,
        installed_at TEXT NOT NULL,
        position BIGINT NOT NULL,
        PRIMARY KEY (project_id, plugin_id)
      );
    `,
  },
  {
    version: 5,
    name: 'stored record JSON per asset; offset checkpoints',
    sql: `
      ALTER TABLE assets ADD COLUMN record TEXT NOT NULL DEFAULT '';
      CREATE TABLE asset_checkpoints (
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        public_only INTEGER NOT NULL CHECK (public_only IN (0, 1)),
        ordinal INTEGER NOT NULL,
        asset_id TEXT NOT NULL,
        PRIMARY KEY (project_id, public_only, ordinal)
      ) WITHOUT ROWID;
    `,
    fill: fillRecordsSqlite,
  },
  {
    version: 6,
    name: 'project description',
    sql: `ALTER TABLE projects ADD COLUMN description TEXT NOT NULL DEFAULT '';`,
  },
  {
    version: 7,
    name: 'content models and items; a content version per project',
    sql: `
      ALTER TABLE projects ADD COLUMN content_version INTEGER NOT NULL DEFAULT 0;
      CREATE TABLE models (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        name TEXT NOT NULL,
        public INTEGER NOT NULL CHECK (public IN (0, 1)),
        fields TEXT NOT NULL,
        item_count INTEGER NOT NULL DEFAULT 0,
        public_item_count INTEGER NOT NULL DEFAULT 0,
        last_item_id TEXT,
        version INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (project_id, key)
      );
      CREATE TABLE items (
        id TEXT PRIMARY KEY,
        model_id TEXT NOT NULL REFERENCES models(id) ON DELETE CASCADE,
        public INTEGER NOT NULL CHECK (public IN (0, 1)),
        fields TEXT NOT NULL,
        record TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX items_by_model ON items (model_id, id);
      CREATE INDEX items_by_model_public ON items (model_id, public, id);
      CREATE TABLE item_checkpoints (
        model_id TEXT NOT NULL REFERENCES models(id) ON DELETE CASCADE,
        public_only INTEGER NOT NULL CHECK (public_only IN (0, 1)),
        ordinal INTEGER NOT NULL,
        item_id TEXT NOT NULL,
        PRIMARY KEY (model_id, public_only, ordinal)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 8,
    name: 'users, sessions, members, access tokens, sign-in failures, audit log, invitations',
    sql: `
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        email_key TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        password_hash TEXT,
        created_at TEXT NOT NULL
      );
      CREATE TABLE sessions (
        id_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );
      CREATE INDEX sessions_by_user ON sessions (user_id);
      CREATE TABLE members (
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('reader', 'writer', 'maintainer', 'owner')),
        PRIMARY KEY (project_id, user_id)
      ) WITHOUT ROWID;
      CREATE INDEX members_by_user ON members (user_id);
      CREATE TABLE access_tokens (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        role TEXT CHECK (role IN ('reader', 'writer', 'maintainer', 'owner')),
        project_ids TEXT,
        expires_at TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX access_tokens_by_user ON access_tokens (user_id);
      CREATE TABLE sign_in_failures (key TEXT NOT NULL, at TEXT NOT NULL);
      CREATE INDEX sign_in_failures_by_key ON sign_in_failures (key, at);
      CREATE INDEX sign_in_failures_by_time ON sign_in_failures (at);
      CREATE TABLE audit_log (
        id TEXT PRIMARY KEY,
        project_id TEXT,
        at TEXT NOT NULL,
        actor_type TEXT NOT NULL,
        actor_id TEXT,
        actor_email TEXT,
        action TEXT NOT NULL,
        target TEXT NOT NULL,
        ip TEXT NOT NULL
      );
      CREATE INDEX audit_by_project ON audit_log (project_id, id);
      CREATE TABLE invitations (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        email TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('reader', 'writer', 'maintainer', 'owner')),
        invited_by TEXT,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        accepted_at TEXT
      );
    `,
  },
  {
    version: 9,
    name: "the live scene's updates (docs/collaboration.md)",
    sql: `
      CREATE TABLE scene_updates (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        "update" BLOB NOT NULL
      );
      CREATE INDEX scene_updates_by_project ON scene_updates (project_id, seq);
    `,
  },
  {
    version: 10,
    name: 'item versions (docs/content-workflow.md)',
    sql: `
      CREATE TABLE item_versions (
        model_id TEXT NOT NULL REFERENCES models(id) ON DELETE CASCADE,
        item_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        at TEXT NOT NULL,
        actor TEXT NOT NULL,
        public INTEGER NOT NULL CHECK (public IN (0, 1)),
        fields TEXT NOT NULL,
        PRIMARY KEY (model_id, item_id, version)
      );
      INSERT INTO item_versions (model_id, item_id, version, at, actor, public, fields)
        SELECT model_id, id, 1, updated_at, '{"type":"system"}', public, fields FROM items;
    `,
  },
  {
    version: 11,
    name: "users' chosen language (docs/contract.md §19)",
    sql: `ALTER TABLE users ADD COLUMN language TEXT;`,
  },
  {
    version: 12,
    name: 'webhooks and their outbox (docs/content-workflow.md)',
    sql: `
      CREATE TABLE webhooks (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        url TEXT NOT NULL,
        triggers TEXT NOT NULL,
        active INTEGER NOT NULL CHECK (active IN (0, 1)),
        secret TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX webhooks_by_project ON webhooks (project_id);
      CREATE TABLE webhook_deliveries (
        webhook_id TEXT NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
        id TEXT NOT NULL,
        type TEXT NOT NULL,
        payload TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts INTEGER NOT NULL,
        next_at TEXT,
        last_code INTEGER,
        last_error TEXT,
        last_at TEXT,
        created_at TEXT NOT NULL,
        PRIMARY KEY (webhook_id, id)
      );
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_at) WHERE status = 'pending';
      CREATE INDEX webhook_deliveries_recent ON webhook_deliveries (webhook_id, created_at);
    `,
  },
  {
    version: 13,
    name: 'review: drafts and requests (docs/content-workflow.md)',
    sql: `
      ALTER TABLE models ADD COLUMN review INTEGER NOT NULL DEFAULT 0 CHECK (review IN (0, 1));
      CREATE TABLE item_drafts (
        model_id TEXT NOT NULL REFERENCES models(id) ON DELETE CASCADE,
        item_id TEXT NOT NULL,
        public INTEGER NOT NULL CHECK (public IN (0, 1)),
        fields TEXT NOT NULL,
        at TEXT NOT NULL,
        actor TEXT NOT NULL,
        request_id TEXT,
        published INTEGER NOT NULL CHECK (published IN (0, 1)),
        PRIMARY KEY (model_id, item_id)
      );
      CREATE TABLE review_requests (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        items TEXT NOT NULL,
        reviewers TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('open', 'approved', 'declined')),
        created_by TEXT NOT NULL,
        created_at TEXT NOT NULL,
        closed_by TEXT,
        closed_at TEXT,
        comment TEXT
      );
      CREATE INDEX review_requests_by_project ON review_requests (project_id, created_at);
    `,
  },
  {
    version: 14,
    name: 'accounts: unproven emails; invitations e-mailed only; audit details (docs/teams.md)',
    sql: `
      ALTER TABLE users ADD COLUMN email_unproven INTEGER NOT NULL DEFAULT 0 CHECK (email_unproven IN (0, 1));
      ALTER TABLE invitations ADD COLUMN mailed INTEGER NOT NULL DEFAULT 0 CHECK (mailed IN (0, 1));
      CREATE INDEX invitations_by_project ON invitations (project_id, created_at);
      ALTER TABLE audit_log ADD COLUMN detail TEXT;
    `,
  },
];

/** Applies every migration newer than the database's version, each in its own transaction. */
export function migrateSqlite(db: Database.Database, migrations: Migration<Database.Database>[] = sqliteMigrations): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const applied = new Set((db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version));
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      if (migration.fill?.(db) instanceof Promise) throw new Error(`migration ${migration.version}: a SQLite fill step must be synchronous`);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(migration.version, migration.name, new Date().toISOString());
    }).immediate();
  }
}
