import type pg from 'pg';
import type { Migration } from '../migration.js';
import { fillRecordsPostgres } from './fill-records.js';

/**
 * PostgreSQL's schema steps; versions match the SQLite ones. Ids are `COLLATE "C"` so that they
 * sort byte-wise, as ULIDs need, whatever the database's collation.
 */
export const postgresMigrations: Migration<pg.PoolClient>[] = [
  {
    version: 1,
    name: 'projects, assets, api keys',
    sql: `
      CREATE TABLE meta (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
      CREATE TABLE projects (
        id TEXT COLLATE "C" PRIMARY KEY,
        alias TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        visibility TEXT NOT NULL CHECK (visibility IN ('public', 'private')),
        asset_count BIGINT NOT NULL DEFAULT 0,
        public_asset_count BIGINT NOT NULL DEFAULT 0,
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL
      );
      CREATE TABLE assets (
        id TEXT COLLATE "C" PRIMARY KEY,
        project_id TEXT COLLATE "C" NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        content_type TEXT NOT NULL,
        size BIGINT NOT NULL,
        public BOOLEAN NOT NULL,
        storage_key TEXT NOT NULL,
        files JSONB,
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX assets_by_project ON assets (project_id, id);
      CREATE INDEX assets_by_project_public ON assets (project_id, public, id);
      CREATE TABLE api_keys (
        id TEXT COLLATE "C" PRIMARY KEY,
        project_id TEXT COLLATE "C" NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        key_hash TEXT NOT NULL UNIQUE,
        created_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX api_keys_by_project ON api_keys (project_id, id);
    `,
  },
  {
    version: 2,
    name: 'asset id high-water mark per project; storage key lookup',
    sql: `
      ALTER TABLE projects ADD COLUMN last_asset_id TEXT COLLATE "C";
      UPDATE projects SET last_asset_id = (SELECT max(id) FROM assets WHERE assets.project_id = projects.id);
      CREATE UNIQUE INDEX assets_by_storage_key ON assets (storage_key);
    `,
  },
  {
    version: 3,
    name: 'scenes and published snapshots',
    sql: `
      CREATE TABLE scenes (
        project_id TEXT COLLATE "C" PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
        document TEXT NOT NULL,
        written_at TIMESTAMPTZ NOT NULL
      );
      CREATE TABLE publications (
        project_id TEXT COLLATE "C" PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
        snapshot TEXT NOT NULL,
        written_at TIMESTAMPTZ NOT NULL
      );
    `,
  },
  {
    version: 4,
    name: 'plugins',
    sql: `
      CREATE TABLE plugins (
        project_id TEXT COLLATE "C" NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        plugin_id TEXT NOT NULL,
        package TEXT NOT NULL,
        installed_at TIMESTAMPTZ NOT NULL,
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
        project_id TEXT COLLATE "C" NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        public_only BOOLEAN NOT NULL,
        ordinal INTEGER NOT NULL,
        asset_id TEXT COLLATE "C" NOT NULL,
        PRIMARY KEY (project_id, public_only, ordinal)
      );
    `,
    fill: fillRecordsPostgres,
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
      ALTER TABLE projects ADD COLUMN content_version BIGINT NOT NULL DEFAULT 0;
      CREATE TABLE models (
        id TEXT COLLATE "C" PRIMARY KEY,
        project_id TEXT COLLATE "C" NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        name TEXT NOT NULL,
        public BOOLEAN NOT NULL,
        fields TEXT NOT NULL,
        item_count BIGINT NOT NULL DEFAULT 0,
        public_item_count BIGINT NOT NULL DEFAULT 0,
        last_item_id TEXT COLLATE "C",
        version BIGINT NOT NULL DEFAULT 0,
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL,
        UNIQUE (project_id, key)
      );
      CREATE TABLE items (
        id TEXT COLLATE "C" PRIMARY KEY,
        model_id TEXT COLLATE "C" NOT NULL REFERENCES models(id) ON DELETE CASCADE,
        public BOOLEAN NOT NULL,
        fields TEXT NOT NULL,
        record TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX items_by_model ON items (model_id, id);
      CREATE INDEX items_by_model_public ON items (model_id, public, id);
      CREATE TABLE item_checkpoints (
        model_id TEXT COLLATE "C" NOT NULL REFERENCES models(id) ON DELETE CASCADE,
        public_only BOOLEAN NOT NULL,
        ordinal INTEGER NOT NULL,
        item_id TEXT COLLATE "C" NOT NULL,
        PRIMARY KEY (model_id, public_only, ordinal)
      );
    `,
  },
  {
    version: 8,
    name: 'users, sessions, members, access tokens, sign-in failures, audit log, invitations',
    sql: `
      CREATE TABLE users (
        id TEXT COLLATE "C" PRIMARY KEY,
        email TEXT NOT NULL,
        email_key TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        password_hash TEXT,
        created_at TIMESTAMPTZ NOT NULL
      );
      CREATE TABLE sessions (
        id_hash TEXT COLLATE "C" PRIMARY KEY,
        user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at TIMESTAMPTZ NOT NULL,
        last_seen_at TIMESTAMPTZ NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX sessions_by_user ON sessions (user_id);
      CREATE TABLE members (
        project_id TEXT COLLATE "C" NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role TEXT NOT NULL CHECK (role IN ('reader', 'writer', 'maintainer', 'owner')),
        PRIMARY KEY (project_id, user_id)
      );
      CREATE INDEX members_by_user ON members (user_id);
      CREATE TABLE access_tokens (
        id TEXT COLLATE "C" PRIMARY KEY,
        user_id TEXT COLLATE "C" NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        token_hash TEXT COLLATE "C" NOT NULL UNIQUE,
        role TEXT CHECK (role IN ('reader', 'writer', 'maintainer', 'owner')),
        project_ids TEXT[],
        expires_at TIMESTAMPTZ,
        created_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX access_tokens_by_user ON access_tokens (user_id);
      CREATE TABLE sign_in_failures (key TEXT COLLATE "C" NOT NULL, at TIMESTAMPTZ NOT NULL);
      CREATE INDEX sign_in_failures_by_key ON sign_in_failures (key, at);
      CREATE INDEX sign_in_failures_by_time ON sign_in_failures (at);
      CREATE TABLE audit_log (
        id TEXT COLLATE "C" PRIMARY KEY,
        project_id TEXT COLLATE "C",
        at TIMESTAMPTZ NOT NULL,
        actor_type TEXT NOT NULL,
        actor_id TEXT,
        actor_email TEXT,
        action TEXT NOT NULL,
        target TEXT NOT NULL,
        ip TEXT NOT NULL
      );
      CREATE INDEX audit_by_project ON audit_log (project_id, id);
      CREATE TABLE invitations (
        id TEXT COLLATE "C" PRIMARY KEY,
        project_id TEXT COLLATE "C" NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        email TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('reader', 'writer', 'maintainer', 'owner')),
        invited_by TEXT,
        created_at TIMESTAMPTZ NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL,
        accepted_at TIMESTAMPTZ
      );
    `,
  },
  {
    version: 9,
    name: "the live scene's updates (docs/collaboration.md)",
    sql: `
      CREATE TABLE scene_updates (
        seq BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        project_id TEXT COLLATE "C" NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        update BYTEA NOT NULL
      );
      CREATE INDEX scene_updates_by_project ON scene_updates (project_id, seq);
    `,
  },
  {
    version: 10,
    name: 'item versions (docs/content-workflow.md)',
    sql: `
      CREATE TABLE item_versions (
        model_id TEXT COLLATE "C" NOT NULL REFERENCES models(id) ON DELETE CASCADE,
        item_id TEXT COLLATE "C" NOT NULL,
        version INTEGER NOT NULL,
        at TIMESTAMPTZ NOT NULL,
        actor TEXT NOT NULL,
        public BOOLEAN NOT NULL,
        fields TEXT NOT NULL,
        PRIMARY KEY (model_id, item_id, version)
      );
      INSERT INTO item_versions (model_id, item_id, version, at, actor, public, fields)
        SELECT model_id, id, 1, updated_at, '{"type":"system"}', public, fields FROM items;
    `,
  },
  {
    version: 11,
    name: "items' values as jsonb for queries (docs/content-workflow.md)",
    sql: `ALTER TABLE items ADD COLUMN doc JSONB GENERATED ALWAYS AS (fields::jsonb) STORED;`,
  },
  {
    version: 12,
    name: "users' chosen language (docs/contract.md §19)",
    sql: `ALTER TABLE users ADD COLUMN language TEXT;`,
  },
  {
    version: 13,
    name: 'webhooks and their outbox (docs/content-workflow.md)',
    sql: `
      CREATE TABLE webhooks (
        id TEXT COLLATE "C" PRIMARY KEY,
        project_id TEXT COLLATE "C" NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        url TEXT NOT NULL,
        triggers TEXT NOT NULL,
        active BOOLEAN NOT NULL,
        secret TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX webhooks_by_project ON webhooks (project_id);
      CREATE TABLE webhook_deliveries (
        webhook_id TEXT COLLATE "C" NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
        id TEXT COLLATE "C" NOT NULL,
        type TEXT NOT NULL,
        payload TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts INTEGER NOT NULL,
        next_at TIMESTAMPTZ,
        last_code INTEGER,
        last_error TEXT,
        last_at TIMESTAMPTZ,
        created_at TIMESTAMPTZ NOT NULL,
        PRIMARY KEY (webhook_id, id)
      );
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_at) WHERE status = 'pending';
      CREATE INDEX webhook_deliveries_recent ON webhook_deliveries (webhook_id, created_at);
    `,
  },
  {
    version: 14,
    name: 'review: drafts and requests (docs/content-workflow.md)',
    sql: `
      ALTER TABLE models ADD COLUMN review BOOLEAN NOT NULL DEFAULT false;
      CREATE TABLE item_drafts (
        model_id TEXT COLLATE "C" NOT NULL REFERENCES models(id) ON DELETE CASCADE,
        item_id TEXT COLLATE "C" NOT NULL,
        public BOOLEAN NOT NULL,
        fields TEXT NOT NULL,
        at TIMESTAMPTZ NOT NULL,
        actor TEXT NOT NULL,
        request_id TEXT,
        published BOOLEAN NOT NULL,
        PRIMARY KEY (model_id, item_id)
      );
      CREATE TABLE review_requests (
        id TEXT COLLATE "C" PRIMARY KEY,
        project_id TEXT COLLATE "C" NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        items TEXT NOT NULL,
        reviewers TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('open', 'approved', 'declined')),
        created_by TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        closed_by TEXT,
        closed_at TIMESTAMPTZ,
        comment TEXT
      );
      CREATE INDEX review_requests_by_project ON review_requests (project_id, created_at);
    `,
  },
  {
    version: 15,
    name: "item queries: a geometry's bounding box, for models' GiST query indexes (docs/content-workflow.md)",
    sql: `
      CREATE FUNCTION orbis_geometry_box(g jsonb) RETURNS box LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
      DECLARE b box;
      BEGIN
        IF g ->> 'type' = 'Point' THEN
          RETURN box(point((g -> 'coordinates' ->> 0)::float8, (g -> 'coordinates' ->> 1)::float8), point((g -> 'coordinates' ->> 0)::float8, (g -> 'coordinates' ->> 1)::float8));
        END IF;
        SELECT box(point(min((p ->> 0)::float8), min((p ->> 1)::float8)), point(max((p ->> 0)::float8), max((p ->> 1)::float8))) INTO b
          FROM jsonb_path_query(g, 'strict $.** ? (@.type() == "array" && @.size() >= 2 && @[0].type() == "number")') AS p;
        RETURN b;
      END
      $fn$;
    `,
  },
  {
    version: 16,
    name: 'accounts: unproven emails; invitations e-mailed only; audit details (docs/teams.md)',
    sql: `
      ALTER TABLE users ADD COLUMN email_unproven BOOLEAN NOT NULL DEFAULT false;
      ALTER TABLE invitations ADD COLUMN mailed BOOLEAN NOT NULL DEFAULT false;
      CREATE INDEX invitations_by_project ON invitations (project_id, created_at);
      ALTER TABLE audit_log ADD COLUMN detail TEXT;
    `,
  },
];
