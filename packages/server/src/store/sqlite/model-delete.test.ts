import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newId } from '../../records/ids.js';
import { turnsDuring } from '../../test/event-loop-turns.js';
import Database from './sqlite-driver.js';
import { ITEM_DELETE_BATCH } from './sqlite-deletes.js';
import { SqliteStore } from './sqlite-store.js';

const now = '2026-11-26T08:00:00.000Z';

/** A store on a fresh file with one project of one model (`keys` more) of `count` items each. */
async function modelWithItems(count: number, keys = ['rows']) {
  const file = join(mkdtempSync(join(tmpdir(), 'orbis-delete-')), 'orbis.db');
  const store = new SqliteStore(file);
  const project = await store.createProject({ id: newId(), alias: 'big', name: 'Big', visibility: 'public', createdAt: now });
  const models = [];
  for (const key of keys) {
    const model = await store.createModel({
      id: newId(),
      projectId: project.id,
      key,
      name: key,
      public: true,
      fields: [{ key: 'n', type: 'integer' }],
      createdAt: now,
    });
    const items = Array.from({ length: count }, (_, n) => ({ public: true, fields: { n } }));
    expect(await store.importItems(model.id, items, now, { type: 'admin' })).toBe(count);
    models.push(model);
  }
  return { file, store, project, model: models[0]!, models };
}

const itemRows = (file: string) => {
  const db = new Database(file);
  try {
    return (db.prepare('SELECT count(*) AS n FROM items').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('deleting a large model on SQLite (issue 30)', () => {
  it('deletes its items in batches, with a turn of the event loop between them', async () => {
    const count = 3 * ITEM_DELETE_BATCH + 7;
    const { file, store, project } = await modelWithItems(count);
    const turns = await turnsDuring(async () => expect(await store.deleteModel(project.id, 'rows')).toBe(true));
    expect(turns).toBeGreaterThanOrEqual(Math.floor(count / ITEM_DELETE_BATCH));
    expect(await store.getModel(project.id, 'rows')).toBeUndefined();
    await store.close();
    expect(itemRows(file)).toBe(0);
  });

  it("deletes a project's items in batches too, and nothing of the project is left", async () => {
    const count = 2 * ITEM_DELETE_BATCH + 3;
    const { file, store, project } = await modelWithItems(count, ['rows', 'more']);
    const other = await store.createProject({ id: newId(), alias: 'other', name: 'Other', visibility: 'public', createdAt: now });
    const kept = await store.createModel({
      id: newId(),
      projectId: other.id,
      key: 'kept',
      name: 'Kept',
      public: true,
      fields: [{ key: 'n', type: 'integer' }],
      createdAt: now,
    });
    await store.insertItems(kept.id, [{ public: true, fields: { n: 1 } }], now, { type: 'admin' });
    // The cascade deleted all 2 × count items in one statement: no turn, however many items.
    const turns = await turnsDuring(async () => expect(await store.deleteProject(project.id)).toBe(true));
    expect(turns).toBeGreaterThanOrEqual(2 * Math.floor(count / ITEM_DELETE_BATCH));
    expect(await store.getProjectByAlias('big')).toBeUndefined();
    expect(await store.deleteProject(project.id)).toBe(false);
    await store.close();
    expect(itemRows(file)).toBe(1);
  });

  it('sweeps at start the items of a model whose delete was cut off', async () => {
    const { file, store, model } = await modelWithItems(10);
    await store.close();
    // What a stop between two batches leaves: the model gone, some of its items not.
    const db = new Database(file);
    db.pragma('foreign_keys = OFF');
    db.prepare('DELETE FROM models WHERE id = ?').run(model.id);
    db.close();
    expect(itemRows(file)).toBe(10);
    await new SqliteStore(file).close();
    expect(itemRows(file)).toBe(0);
  });
});
