import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assetRecord } from '../assets/asset-record.js';
import { newId } from '../records/ids.js';
import { fragmentOrigin, spliceOrigin } from '../records/record-fragment.js';
import { seededRandom } from '../test/upload-batch.js';
import { CHECKPOINT_EVERY } from './checkpoints.js';
import type { Asset, AssetScope, AssetSlice, JoinedRecords, ListingScope, NewAsset, Project, Store } from './store.js';

type ParsedRecord = { id: string } & Record<string, unknown>;

/**
 * A slice as parsed records (given `origin` as the files URL), after checking what the store says
 * of the joined text: its count and its last id.
 */
export async function listedRecords(store: Store, scope: AssetScope, slice: AssetSlice, origin = 'http://o/files/p'): Promise<ParsedRecord[]> {
  const joined = await store.joinRecords(scope, slice);
  const records = JSON.parse(`[${spliceOrigin(joined.json, origin)}]`) as ParsedRecord[];
  expect(joined.count).toBe(records.length);
  expect(joined.lastId).toBe(records.at(-1)?.id);
  return records;
}

/** Everything `streamJoined` gives for a scope, its batches joined as one; no batch is empty. */
export async function streamedJoined(store: Store, scope: ListingScope): Promise<Pick<JoinedRecords, 'json' | 'count'>> {
  const texts: string[] = [];
  let count = 0;
  for await (const batch of store.streamJoined(scope)) {
    expect(batch.count).toBeGreaterThan(0);
    texts.push(batch.json);
    count += batch.count;
  }
  return { json: texts.join(','), count };
}

/** The ids in a joined slice. */
function idsOf(joined: Pick<JoinedRecords, 'json'>): string[] {
  return (JSON.parse(`[${spliceOrigin(joined.json, 'http://o/files/p')}]`) as ParsedRecord[]).map((r) => r.id);
}

/**
 * The listing part of the Store contract: stored record texts, and offset pages (which seek
 * from checkpoints) against a plain model after random inserts, deletes and flag changes.
 */
export function listingContract(name: string, open: () => Promise<Store>): void {
  describe(`Store contract, listing: ${name}`, () => {
    let store: Store;
    let project: Project;
    const now = '2026-11-21T12:00:00.000Z';
    const publicUrl = 'http://127.0.0.1:8080';

    function draft(over: Partial<NewAsset> = {}): NewAsset {
      const blob = newId();
      return {
        projectId: project.id,
        name: `${blob}.json`,
        contentType: 'application/json',
        size: 1,
        public: true,
        storageKey: `${project.id}/${blob}/original`,
        files: null,
        ...over,
      };
    }

    beforeEach(async () => {
      store = await open();
      project = await store.createProject({ id: newId(), alias: 'list ing', name: 'L', visibility: 'public', createdAt: now });
    });
    afterEach(async () => {
      await store.close();
    });

    /** What a listing answers for an asset, built from its stored text. */
    const listedJson = async (scope: AssetScope, id: string) => {
      const r = (await listedRecords(store, scope, { limit: 100 }, fragmentOrigin(publicUrl, project.alias))).find((x) => x.id === id);
      expect(r, id).toBeDefined();
      return r;
    };
    const expected = (a: Asset, withFlag: boolean) => JSON.parse(JSON.stringify(assetRecord(a, publicUrl, project.alias, withFlag)));

    it('keeps each record as the JSON that assetRecord makes, also after a rename and a flag change', async () => {
      const files = [
        { path: 'tiles/0 1.b3dm', size: 9, contentType: 'application/octet-stream' },
        { path: 'ü/"q".json', size: 2, contentType: 'application/json' },
      ];
      const [plain, archive] = await store.insertAssets(project.id, [draft({ name: 'Wärd "5" #1?.geojson' }), draft({ name: 'a\\b.zip', files })], now);
      const all = { projectId: project.id, publicOnly: false };
      for (const a of [plain!, archive!]) {
        expect(await listedJson({ ...all, publicOnly: true }, a.id)).toEqual(expected(a, false));
        expect(await listedJson(all, a.id)).toEqual(expected(a, true));
      }
      const renamed = await store.updateAsset(project.id, plain!.id, { name: '東京 駅.kml', public: false, updatedAt: '2026-12-01T00:00:00.000Z' });
      expect(await listedJson(all, plain!.id)).toEqual(expected(renamed!, true));
      expect(idsOf(await streamedJoined(store, all))).toEqual([plain!.id, archive!.id]);
    });

    it('streams a scope across joined batches as the same text as its pages, in one order', async () => {
      // Past two of the stores' joined batches (1,000 records), with names that JSON must escape.
      const names = ['plain.json', 'q"uote\\.json', '東京 駅.kml', 'tab\there.json', '\u2028line.json', 'emoji 🌍.json'];
      const drafts = Array.from({ length: 2_345 }, (_, i) => draft({ name: `${i} ${names[i % names.length]}`, public: i % 3 !== 0 }));
      await store.insertAssets(project.id, drafts, now);
      for (const publicOnly of [true, false]) {
        const scope = { projectId: project.id, publicOnly };
        const pages: string[] = [];
        let count = 0;
        for (let afterId: string | undefined; ;) {
          const page = await store.joinRecords(scope, { afterId, limit: 97 });
          if (page.count > 0) pages.push(page.json);
          count += page.count;
          if (!page.hasMore) break;
          afterId = page.lastId;
        }
        const streamed = await streamedJoined(store, scope);
        expect(streamed.count).toBe(count);
        expect(streamed.json).toBe(pages.join(','));
      }
    });

    it('reads a project with a slice of its listing in one go', async () => {
      const assets = await store.insertAssets(
        project.id,
        Array.from({ length: 12 }, (_, i) => draft({ public: i % 2 === 0 })),
        now,
      );
      const publicIds = assets.filter((a) => a.public).map((a) => a.id);
      expect(await store.getProjectWithRecords('no-such-alias', true, { limit: 5 })).toBeUndefined();
      const first = await store.getProjectWithRecords(project.alias, true, { limit: 5 });
      expect(first?.project).toEqual(await store.getProjectByAlias(project.alias));
      expect(first?.records).toEqual(await store.joinRecords({ projectId: project.id, publicOnly: true }, { limit: 5 }));
      const after = await store.getProjectWithRecords(project.alias, false, { afterId: assets[3]!.id, limit: 4 });
      expect(after?.records).toEqual(await store.joinRecords({ projectId: project.id, publicOnly: false }, { afterId: assets[3]!.id, limit: 4 }));
      expect(idsOf(after!.records!)).toEqual(assets.slice(4, 8).map((a) => a.id));
      const byOffset = await store.getProjectWithRecords(project.alias, true, { offset: 2, limit: 3 });
      expect(idsOf(byOffset!.records!)).toEqual(publicIds.slice(2, 5));
      // Offsets past the end, however far, read nothing and fail nothing (the caller answers an empty page).
      for (const offset of [6, 1000, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
        const past = await store.getProjectWithRecords(project.alias, true, { offset, limit: 3 });
        expect(past?.records?.count ?? 0, String(offset)).toBe(0);
      }
    });

    it('answers offset pages like a plain list after random inserts, deletes and flag changes', async () => {
      const random = seededRandom(20261121);
      const model: { id: string; public: boolean }[] = [];
      const add = async (n: number) => {
        const drafts = Array.from({ length: n }, () => draft({ public: random() < 0.7 }));
        for (const a of await store.insertAssets(project.id, drafts, now)) model.push({ id: a.id, public: a.public });
      };
      const check = async (round: number) => {
        for (const publicOnly of [true, false]) {
          const ids = model.filter((a) => !publicOnly || a.public).map((a) => a.id);
          const scope = { projectId: project.id, publicOnly };
          const offsets = [0, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY, 2 * CHECKPOINT_EVERY + 3, ids.length - 2, ids.length + 5];
          for (let i = 0; i < 4; i++) offsets.push(Math.floor(random() * ids.length));
          for (const offset of offsets) {
            const where = `round ${round}, ${publicOnly ? 'public' : 'all'}, offset ${offset}`;
            const page = await listedRecords(store, scope, { offset, limit: 7 });
            expect(
              page.map((r) => r.id),
              where,
            ).toEqual(ids.slice(offset, offset + 7));
            expect((await store.joinRecords(scope, { offset, limit: 7 })).hasMore, where).toBe(offset + 7 < ids.length);
            // The same slice read with the project: the same records, or none when the store defers it.
            const found = await store.getProjectWithRecords(project.alias, publicOnly, { offset, limit: 7 });
            expect(found?.project.id, where).toBe(project.id);
            if (found!.records) expect(idsOf(found!.records), where).toEqual(ids.slice(offset, offset + 7));
            else expect(offset >= ids.length || offset >= CHECKPOINT_EVERY, where).toBe(true);
            if (page.length > 0) {
              // The keyset read that a cursor after the previous page's last id makes.
              const after = await listedRecords(store, scope, { afterId: page[0]!.id, limit: 7 });
              expect(
                after.map((r) => r.id),
                where,
              ).toEqual(ids.slice(offset + 1, offset + 8));
            }
          }
        }
      };
      await add(4 * CHECKPOINT_EVERY + 40);
      await check(0);
      for (let round = 1; round <= 6; round++) {
        for (let op = 0; op < 5; op++) {
          const pick = Math.floor(random() * model.length);
          const target = model[pick]!;
          const dice = random();
          if (dice < 0.4) {
            await store.deleteAsset(project.id, target.id);
            model.splice(pick, 1);
          } else if (dice < 0.8) {
            target.public = !target.public;
            await store.updateAsset(project.id, target.id, { public: target.public, updatedAt: now });
          } else {
            await add(1 + Math.floor(random() * 30));
          }
        }
        await check(round);
      }
    });
  });
}
