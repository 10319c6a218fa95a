import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from './sqlite/sqlite-driver.js';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { parseItemQuery } from '../models/item-query-parser.js';
import { newId } from '../records/ids.js';
import { createTestDatabase } from '../test/postgres-database.js';
import { PostgresStore } from './postgres/postgres-store.js';
import { SqliteStore } from './sqlite/sqlite-store.js';
import type { Store } from './store.js';

/** The indexes of the items table a query made, and how to read them, on one store. */
interface Backend {
  open(): Promise<Store>;
  /** Every query index's name and definition. */
  indexes(): Promise<{ name: string; sql: string }[]>;
  end(): Promise<void>;
}

async function sqlite(): Promise<Backend> {
  const file = join(mkdtempSync(join(tmpdir(), 'orbis-qi-')), 'orbis.db');
  const db = new Database(file, { readonly: false });
  return {
    open: async () => new SqliteStore(file),
    indexes: async () => db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name LIKE 'iq%'").all() as { name: string; sql: string }[],
    end: async () => void db.close(),
  };
}

async function postgres(): Promise<Backend> {
  const url = await createTestDatabase(inject('postgresUrl'));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    open: () => PostgresStore.open(url),
    indexes: async () =>
      (await client.query<{ name: string; sql: string }>("SELECT indexname AS name, indexdef AS sql FROM pg_indexes WHERE indexname LIKE 'iq%'")).rows,
    end: () => client.end(),
  };
}

const FIELDS = [
  { key: 'name', type: 'text' as const },
  { key: 'capacity', type: 'integer' as const },
  { key: 'notes', type: 'textArea' as const },
  { key: 'tags', type: 'text' as const, multiple: true },
  { key: 'loc', type: 'geometry' as const },
];

describe.each([
  ['sqlite', sqlite],
  ['postgres', postgres],
])('query indexes on %s (docs/content-workflow.md, "Which indexes")', (_name, make) => {
  it("are made at a model's first query for its short single-valued fields and its geometry, follow its fields, and go with it", async () => {
    const backend = await make();
    let store = await backend.open();
    try {
      const project = await store.createProject({ id: newId(), alias: 'qi', name: 'Q', visibility: 'public', createdAt: '2026-12-02T00:00:00.000Z' });
      const model = await store.createModel({
        id: newId(),
        projectId: project.id,
        key: 'halls',
        name: 'H',
        public: true,
        fields: FIELDS,
        createdAt: '2026-12-02T00:00:00.000Z',
      });
      await store.insertItems(
        model.id,
        [
          { public: true, fields: { name: 'A', capacity: 10, notes: 'x', loc: { type: 'Point', coordinates: [139.7, 35.6] } } },
          { public: true, fields: { name: 'B', capacity: 200 } },
        ],
        '2026-12-02T00:00:01.000Z',
        { type: 'admin' },
      );
      const count = (fields: typeof FIELDS, search: string) =>
        store.countQueried({ projectId: project.id, publicOnly: true, modelId: model.id, query: parseItemQuery(new URLSearchParams(search), fields)! });
      expect(await backend.indexes()).toEqual([]);

      expect(await count(FIELDS, 'filter[capacity][gte]=100')).toBe(1);
      const first = await backend.indexes();
      expect(first.length).toBeGreaterThan(0);
      expect(first.every((i) => i.name.startsWith(`iq_${model.id}_`) && i.sql.includes(model.id))).toBe(true);
      const defs = first.map((i) => i.sql).join('\n');
      for (const key of ['name', 'capacity', 'loc']) expect(defs).toContain(key);
      for (const key of ['notes', 'tags']) expect(defs).not.toContain(key);
      expect(await count(FIELDS, 'bbox=139,35,140,36&filter[name][eq]=A')).toBe(1);
      expect(await backend.indexes()).toEqual(first);

      // The model loses `capacity`: its index goes at the next query, the others stay.
      const fewer = FIELDS.filter((f) => f.key !== 'capacity');
      await store.updateModel(project.id, 'halls', { fields: fewer, updatedAt: '2026-12-02T00:00:02.000Z' });
      expect(await count(fewer, 'filter[name][eq]=B')).toBe(1);
      const second = await backend.indexes();
      expect(second.length).toBeGreaterThan(0);
      expect(second.map((i) => i.sql).join('\n')).not.toContain('capacity');

      // A deleted model's indexes are dropped at the first query of the next process.
      await store.deleteModel(project.id, 'halls');
      await store.close();
      store = await backend.open();
      const other = await store.createModel({
        id: newId(),
        projectId: project.id,
        key: 'parks',
        name: 'P',
        public: true,
        fields: FIELDS,
        createdAt: '2026-12-02T00:00:03.000Z',
      });
      expect(
        await store.countQueried({
          projectId: project.id,
          publicOnly: false,
          modelId: other.id,
          query: parseItemQuery(new URLSearchParams('filter[name][exists]=true'), FIELDS)!,
        }),
      ).toBe(0);
      const left = await backend.indexes();
      expect(left.length).toBeGreaterThan(0);
      expect(left.every((i) => i.name.startsWith(`iq_${other.id}_`))).toBe(true);
    } finally {
      await store.close();
      await backend.end();
    }
  });
});
