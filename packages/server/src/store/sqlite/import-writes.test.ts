import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN, type Harness, startHarness } from '../../test/harness.js';
import { sqliteLockProbe } from '../../test/sqlite-lock-probe.js';

/** Rows of the import: enough that its commit holds the database for a while (a second or more here). */
const ROWS = 150_000;
const fields = [
  { key: 'n', type: 'integer' },
  { key: 'name', type: 'text' },
];

describe('a write while a SQLite item import commits (docs/content-api.md, "Content models")', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
    await h.project('gate');
    expect((await h.admin('POST', '/api/projects/gate/models', { key: 'rows', public: true, fields })).status).toBe(201);
  });
  afterAll(() => h?.close());

  it('waits for the commit without holding the event loop: a read is answered meanwhile, the write after it, and nothing is lost', async () => {
    const events: string[] = [];
    const probe = sqliteLockProbe(join(h.dataDir, 'orbis.db'));

    let csv = 'n,name\n';
    for (let n = 0; n < ROWS; n++) csv += `${n},row ${n}\n`;
    const importing = fetch(`${h.url}/api/projects/gate/models/rows/import?public=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'text/csv' },
      body: csv,
    }).then((res) => (events.push('import answered'), res));
    // Until the import's worker copies the rows and so holds the lock.
    while (!probe.locked()) {
      expect(events, 'the import ended before its commit was seen').toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    events.push('import holds the lock');

    // The write goes out now; the read once the write has reached the store (a read answered
    // before that would prove nothing). Without the gate, the write waits in SQLite's busy_timeout
    // there, holding this process's event loop: the read could not even be sent until the commit.
    const store = h.server.ctx.store;
    const insertItems = store.insertItems.bind(store);
    const atStore = new Promise<void>((resolve) =>
      vi.spyOn(store, 'insertItems').mockImplementationOnce((...args) => {
        events.push('write at the store');
        resolve();
        return insertItems(...args);
      }),
    );
    const writing = h.admin('POST', '/api/projects/gate/models/rows/items', { public: true, fields: { n: -1, name: 'during' } }).then((res) => {
      events.push('write answered');
      return res;
    });
    await atStore;
    const read = await h.admin('GET', '/api/projects/gate/models/rows');
    events.push(`read answered, the lock ${probe.locked() ? 'held' : 'free'}`);
    expect(events).toEqual(['import holds the lock', 'write at the store', 'read answered, the lock held']);
    // WAL: the read sees the last committed state, without the import's rows.
    expect(await read.json()).toMatchObject({ itemCount: 0 });

    const [imported, written] = await Promise.all([importing, writing]);
    probe.close();
    expect(written.status).toBe(201);
    expect(imported.status).toBe(201);
    expect(await imported.json()).toEqual({ created: ROWS });
    expect(events.slice(3).sort()).toEqual(['import answered', 'write answered']);

    // Nothing lost: every imported row, then the write (it waited for the commit, so its id comes after theirs).
    const item = (await written.json()) as { id: string };
    expect(await (await h.admin('GET', '/api/projects/gate/models/rows')).json()).toMatchObject({ itemCount: ROWS + 1 });
    const last = (await (await h.get('/api/p/gate/rows.json?offset=' + ROWS + '&limit=5')).json()) as { results: { id: string; n: number }[] };
    expect(last.results).toMatchObject([{ id: item.id, n: -1 }]);
    const first = (await (await h.get('/api/p/gate/rows.json?limit=2')).json()) as { results: { n: number }[] };
    expect(first.results.map((r) => r.n)).toEqual([0, 1]);
  });
});
