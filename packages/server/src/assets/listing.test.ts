import { describe, expect, it } from 'vitest';
import type { AssetScope, AssetSlice, JoinedRecords, Store } from '../store/store.js';
import { CursorCodec } from './cursor.js';
import { readPage } from './listing.js';

/** A store double that records slice reads; the real stores are covered by the contract suite. */
function countingStore() {
  const reads: AssetSlice[] = [];
  const store = {
    joinRecords: async (_scope: AssetScope, slice: AssetSlice): Promise<JoinedRecords> => {
      reads.push(slice);
      return { json: '', count: 0, lastId: undefined, hasMore: false };
    },
  } as unknown as Store;
  return { store, reads };
}

describe('readPage', () => {
  const cursors = new CursorCodec('listing-test-secret-123');
  const scope = { projectId: 'p', publicOnly: true };

  it('does not read the store for an offset at or past the end', async () => {
    const { store, reads } = countingStore();
    for (const offset of [1000, 5000, Number.MAX_SAFE_INTEGER]) {
      const page = await readPage(store, cursors, scope, 1000, { mode: 'offset', offset, limit: 50, page: 1 });
      expect(page).toMatchObject({ results: '', totalCount: 1000, hasMore: false, nextCursor: null, offset });
    }
    await readPage(store, cursors, scope, 1000, { mode: 'page', page: Number.MAX_SAFE_INTEGER, offset: Number.MAX_SAFE_INTEGER, limit: 50 });
    expect(reads).toEqual([]);
    await readPage(store, cursors, scope, 1000, { mode: 'offset', offset: 999, limit: 50, page: 20 });
    expect(reads).toEqual([{ offset: 999, limit: 50 }]);
  });
});
