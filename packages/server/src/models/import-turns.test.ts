import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test/harness.js';
import type { ImportRow } from './import-rows.js';
import { IMPORT_ROWS_PER_TURN } from './model-service.js';

describe('an import lets other work in while it reads its rows (issue 30)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.project('turns');
  });
  afterAll(() => h.close());

  it('gives the event loop a turn every IMPORT_ROWS_PER_TURN rows', async () => {
    const { models, store } = h.server.ctx;
    const project = (await store.getProjectByAlias('turns'))!;
    const model = await models.create(project, { key: 'rows', name: 'Rows', fields: [{ key: 'name', type: 'text' }] });
    const count = 20 * IMPORT_ROWS_PER_TURN;
    // Rows that come on microtasks alone, as a parser gives them from a body already received.
    let pulled = 0;
    async function* rows(): AsyncIterable<ImportRow> {
      for (; pulled < count; pulled++) yield { row: `row ${pulled + 2}`, values: { name: `n${pulled}` } };
    }
    // Each turn of the event loop is one chance for another request: the most rows read between two.
    let longest = 0;
    let before = 0;
    let importing = true;
    const tick = () => {
      longest = Math.max(longest, pulled - before);
      before = pulled;
      if (importing) setImmediate(tick);
    };
    setImmediate(tick);
    const created = await models.importItems(project, model, rows(), true, { type: 'admin' });
    importing = false;
    expect(created).toBe(count);
    expect(pulled).toBe(count);
    expect(longest).toBeGreaterThan(0);
    expect(longest).toBeLessThanOrEqual(IMPORT_ROWS_PER_TURN);
  });
});
