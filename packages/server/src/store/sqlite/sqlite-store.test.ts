import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import Database from './sqlite-driver.js';
import { describe, expect, it } from 'vitest';
import { recordFragment } from '../../records/record-fragment.js';
import { storeContract } from '../store.contract.js';
import { webhooksContract } from '../webhooks.contract.js';
import { migrateSqlite, sqliteMigrations } from './migrations.js';
import { SQLITE_CACHE_KIB, SqliteStore } from './sqlite-store.js';

storeContract('sqlite', async () => new SqliteStore(join(mkdtempSync(join(tmpdir(), 'orbis-store-')), 'orbis.db')));
webhooksContract('sqlite', { make: async () => join(mkdtempSync(join(tmpdir(), 'orbis-hooks-')), 'orbis.db'), open: async (file) => new SqliteStore(file) });

describe('SQLite migrations', () => {
  it('applies each version once and records it', () => {
    const db = new Database(':memory:');
    const steps = [
      { version: 1, name: 'one', sql: 'CREATE TABLE a (x)' },
      { version: 2, name: 'two', sql: 'CREATE TABLE b (y)' },
    ];
    migrateSqlite(db, steps.slice(0, 1));
    migrateSqlite(db, steps);
    migrateSqlite(db, steps);
    const versions = db.prepare('SELECT version FROM schema_migrations ORDER BY version').all();
    expect(versions).toEqual([{ version: 1 }, { version: 2 }]);
  });

  it('rolls back a failing step whole', () => {
    const db = new Database(':memory:');
    expect(() => migrateSqlite(db, [{ version: 1, name: 'bad', sql: 'CREATE TABLE a (x); NOT SQL' }])).toThrow();
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'a'").get()).toBeUndefined();
  });

  it('fills the record JSON of assets recorded before version 5', () => {
    const db = new Database(':memory:');
    migrateSqlite(
      db,
      sqliteMigrations.filter((m) => m.version < 5),
    );
    const t = '2026-11-21T12:00:00.000Z';
    db.prepare("INSERT INTO projects (id, alias, name, visibility, created_at, updated_at) VALUES ('p', 'p', 'P', 'public', ?, ?)").run(t, t);
    const files = [{ path: 'a b/c.json', size: 2, contentType: 'application/json' }];
    db.prepare("INSERT INTO assets VALUES ('01A', 'p', 'x \"y\".zip', 'application/zip', 5, 1, 'p/01A/original', ?, ?, ?)").run(JSON.stringify(files), t, t);
    migrateSqlite(db);
    const { record } = db.prepare('SELECT record FROM assets').get() as { record: string };
    expect(record).toBe(recordFragment({ id: '01A', name: 'x "y".zip', contentType: 'application/zip', size: 5, files, createdAt: t, updatedAt: t }));
  });

  it('gives each item recorded before versions a version 1 by the system (docs/content-workflow.md)', () => {
    const db = new Database(':memory:');
    migrateSqlite(
      db,
      sqliteMigrations.filter((m) => m.version < 10),
    );
    const t = '2026-11-21T12:00:00.000Z';
    db.prepare("INSERT INTO projects (id, alias, name, visibility, created_at, updated_at) VALUES ('p', 'p', 'P', 'public', ?, ?)").run(t, t);
    db.prepare("INSERT INTO models (id, project_id, key, name, public, fields, created_at, updated_at) VALUES ('m', 'p', 'k', 'K', 1, '[]', ?, ?)").run(t, t);
    db.prepare("INSERT INTO items (id, model_id, public, fields, record, created_at, updated_at) VALUES ('01I', 'm', 0, '{\"a\":1}', '{}', ?, ?)").run(t, t);
    migrateSqlite(db);
    expect(db.prepare('SELECT model_id, item_id, version, at, actor, public, fields FROM item_versions').all()).toEqual([
      { model_id: 'm', item_id: '01I', version: 1, at: t, actor: '{"type":"system"}', public: 0, fields: '{"a":1}' },
    ]);
  });

  it('polls the webhook outbox without a write lock when nothing is due: a long write on another connection neither holds nor fails it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'orbis-poll-')), 'o.db');
    const store = new SqliteStore(file);
    // As the import worker's commit holds it (docs/content-workflow.md, "Delivery").
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    try {
      const now = new Date();
      expect(await store.webhooks.claimDue(now.toISOString(), new Date(now.getTime() + 60_000).toISOString(), 16)).toEqual([]);
    } finally {
      other.exec('ROLLBACK');
      other.close();
      await store.close();
    }
  });

  it('opens a file in WAL mode and passes the integrity check', () => {
    const store = new SqliteStore(join(mkdtempSync(join(tmpdir(), 'orbis-wal-')), 'o.db'));
    expect(store.integrityCheck()).toBe('ok');
    // Its own page cache is bounded below better-sqlite3's 16 MB (a full list reads every page).
    const db = (store as unknown as { db: BetterSqlite3.Database }).db;
    expect(db.pragma('cache_size', { simple: true })).toBe(-SQLITE_CACHE_KIB);
    void store.close();
  });
});
