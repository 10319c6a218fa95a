import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newId } from '../../records/ids.js';
import { CHECKPOINT_EVERY } from '../checkpoints.js';
import { sqliteLockProbe } from '../../test/sqlite-lock-probe.js';
import type { NewItem } from '../store.js';
import { SqliteStore } from './sqlite-store.js';

const now = '2026-11-26T08:00:00.000Z';

async function storeWithModel() {
  const file = join(mkdtempSync(join(tmpdir(), 'orbis-import-')), 'orbis.db');
  const store = new SqliteStore(file);
  const project = await store.createProject({ id: newId(), alias: 'imp', name: 'Imp', visibility: 'public', createdAt: now });
  const model = await store.createModel({
    id: newId(),
    projectId: project.id,
    key: 'rows',
    name: 'Rows',
    public: true,
    fields: [{ key: 'n', type: 'integer' }],
    createdAt: now,
  });
  return { store, project, model, file };
}

/** `count` rows; `read` counts how many were taken; throws at row `failAt`. */
function rows(count: number, read: { n: number }, failAt = Infinity): Iterable<NewItem> {
  return {
    *[Symbol.iterator]() {
      for (let n = 0; n < count; n++) {
        if (n === failAt) throw new Error(`row ${n} is bad`);
        read.n += 1;
        yield { public: n % 2 === 0, fields: { n } };
      }
    },
  };
}

describe('a SQLite import, recorded by a worker thread (issue 30)', () => {
  it('returns to the event loop while it runs; others read the model without its rows until it commits, then all of them', async () => {
    const { store, project, model } = await storeWithModel();
    const read = { n: 0 };
    const importing = store.importItems(model.id, rows(10_000, read), now, { type: 'admin' });
    // The old import read every row in one synchronous transaction before it returned.
    expect(read.n).toBeLessThan(10_000);
    expect((await store.getModel(project.id, 'rows'))?.itemCount).toBe(0);
    expect(await importing).toBe(10_000);
    const after = await store.getModel(project.id, 'rows');
    expect(after).toMatchObject({ itemCount: 10_000, publicItemCount: 5_000 });
    const values: unknown[] = [];
    for await (const item of store.streamItems(model.id)) values.push(item.fields.n);
    expect(values).toEqual(Array.from({ length: 10_000 }, (_, n) => n));
    await store.close();
  });

  it('records nothing when a row fails midway, and the model takes writes at once after', async () => {
    const { store, project, model } = await storeWithModel();
    await expect(store.importItems(model.id, rows(10_000, { n: 0 }, 7_000), now, { type: 'admin' })).rejects.toThrow('row 7000 is bad');
    expect((await store.getModel(project.id, 'rows'))?.itemCount).toBe(0);
    const [item] = await store.insertItems(model.id, [{ public: true, fields: { n: 1 } }], now, { type: 'admin' });
    expect(item).toBeDefined();
    await store.close();
  });

  it('records a small import at once (no worker), also all or nothing', async () => {
    const { store, project, model } = await storeWithModel();
    await expect(store.importItems(model.id, rows(100, { n: 0 }, 50), now, { type: 'admin' })).rejects.toThrow('row 50 is bad');
    expect((await store.getModel(project.id, 'rows'))?.itemCount).toBe(0);
    expect(await store.importItems(model.id, rows(100, { n: 0 }), now, { type: 'admin' })).toBe(100);
    expect((await store.getModel(project.id, 'rows'))?.itemCount).toBe(100);
    await store.close();
  });

  it('gives its rows ids after an item recorded while it ran, as their commit order is', async () => {
    const { store, model } = await storeWithModel();
    const importing = store.importItems(model.id, rows(5_000, { n: 0 }), now, { type: 'admin' });
    const during = (await store.insertItems(model.id, [{ public: true, fields: { n: -1 } }], now, { type: 'admin' }))[0]!.id;
    expect(await importing).toBe(5_000);
    const ids: string[] = [];
    for await (const item of store.streamItems(model.id)) ids.push(item.id);
    expect(ids[0]).toBe(during);
    expect(ids).toHaveLength(5_001);
    await store.close();
  });

  it('serves the reads that write while it commits, without their writes: a session not marked used, an offset page without a checkpoint', async () => {
    const { store, project, model, file } = await storeWithModel();
    expect(await store.importItems(model.id, rows(CHECKPOINT_EVERY * 2, { n: 0 }), now, { type: 'admin' })).toBe(CHECKPOINT_EVERY * 2);
    const user = { id: newId(), email: 'a@example.org', name: 'A', passwordHash: null, createdAt: now };
    await store.accounts.createUser(user);
    await store.accounts.createSession({ idHash: 'h', userId: user.id, createdAt: now, lastSeenAt: now, expiresAt: '2026-12-26T08:00:00.000Z' });
    const later = '2026-11-26T09:00:00.000Z';
    const probe = sqliteLockProbe(file);
    let done = false;
    const importing = store.importItems(model.id, rows(100_000, { n: 0 }), now, { type: 'admin' }).finally(() => (done = true));
    while (!probe.locked()) {
      expect(done, 'the import ended before its commit was seen').toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const session = await store.accounts.touchSession('h', later, now);
    const page = await store.joinRecords({ projectId: project.id, modelId: model.id, publicOnly: false }, { offset: CHECKPOINT_EVERY + 5, limit: 2 });
    // Answered while the commit still held the lock: neither waited for it.
    expect(probe.locked()).toBe(true);
    probe.close();
    expect(session?.session.lastSeenAt).toBe(now);
    expect((JSON.parse(`[${page.json}]`) as { n: number }[]).map((r) => r.n)).toEqual([CHECKPOINT_EVERY + 5, CHECKPOINT_EVERY + 6]);
    expect(await importing).toBe(100_000);
    expect((await store.accounts.touchSession('h', later, now))?.session.lastSeenAt).toBe(later);
    await store.close();
  });

  it('answers not found for a model deleted while it ran', async () => {
    const { store, project, model } = await storeWithModel();
    const importing = store.importItems(model.id, rows(5_000, { n: 0 }), now, { type: 'admin' });
    expect(await store.deleteModel(project.id, 'rows')).toBe(true);
    await expect(importing).rejects.toThrow('no longer exists');
    await store.close();
  });
});
