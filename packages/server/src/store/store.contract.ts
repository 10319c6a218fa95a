import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../records/ids.js';
import { accountsContract } from './accounts.contract.js';
import { versionsContract } from './versions.contract.js';
import { reviewsContract } from './reviews.contract.js';
import { contentContract } from './content.contract.js';
import { listedRecords, listingContract } from './listing.contract.js';
import type { NewAsset, Project, Store } from './store.js';
import { StoreConflictError, StoreNotFoundError } from './store.js';

/**
 * The one suite every Store implementation must pass unchanged. Each implementation's test file
 * calls this with a factory that opens a fresh, empty store.
 */
export function storeContract(name: string, open: () => Promise<Store>): void {
  listingContract(name, open);
  contentContract(name, open);
  accountsContract(name, open);
  versionsContract(name, open);
  reviewsContract(name, open);
  describe(`Store contract: ${name}`, () => {
    let store: Store;
    let project: Project;
    const now = '2026-11-21T12:00:00.000Z';

    /** A draft with its own storage folder, as the asset service makes them. */
    function draft(over: Partial<NewAsset> = {}): NewAsset {
      const blob = newId();
      return {
        projectId: project.id,
        name: `${blob}.geojson`,
        contentType: 'application/geo+json',
        size: 10,
        public: true,
        storageKey: `${project.id}/${blob}/original`,
        files: null,
        ...over,
      };
    }
    const insert = (...drafts: NewAsset[]) => store.insertAssets(drafts[0]?.projectId ?? project.id, drafts, now);
    const many = (n: number, over: (i: number) => Partial<NewAsset> = () => ({})) => insert(...Array.from({ length: n }, (_, i) => draft(over(i))));

    beforeEach(async () => {
      store = await open();
      project = await store.createProject({ id: newId(), alias: 'p1', name: 'P1', visibility: 'public', createdAt: now });
    });
    afterEach(async () => {
      await store.close();
    });

    it('creates, finds, lists, updates and deletes projects', async () => {
      expect(project).toMatchObject({ alias: 'p1', name: 'P1', visibility: 'public', assetCount: 0, publicAssetCount: 0 });
      expect(await store.getProjectByAlias('p1')).toEqual(project);
      expect(await store.getProjectByAlias('nope')).toBeUndefined();
      expect(await store.getProjectById(project.id)).toEqual(project);
      expect(await store.getProjectById(newId())).toBeUndefined();
      await store.createProject({ id: newId(), alias: 'a0', name: 'A', visibility: 'private', createdAt: now });
      expect((await store.listProjects()).map((p) => p.alias)).toEqual(['a0', 'p1']);
      const later = '2026-11-22T00:00:00.000Z';
      const updated = await store.updateProject(project.id, { visibility: 'private' }, later);
      expect(updated).toMatchObject({ name: 'P1', visibility: 'private', updatedAt: later });
      expect(await store.deleteProject(project.id)).toBe(true);
      expect(await store.deleteProject(project.id)).toBe(false);
      expect(await store.getProjectByAlias('p1')).toBeUndefined();
    });

    it('refuses a taken alias with a conflict', async () => {
      await expect(store.createProject({ id: newId(), alias: 'p1', name: 'again', visibility: 'public', createdAt: now })).rejects.toBeInstanceOf(
        StoreConflictError,
      );
    });

    it('keeps asset counts in step with inserts, updates and deletes', async () => {
      const [a, b] = await insert(draft(), draft({ public: false }), draft());
      const scope = { projectId: project.id, publicOnly: true };
      const all = { projectId: project.id, publicOnly: false };
      expect([await store.countAssets(scope), await store.countAssets(all)]).toEqual([2, 3]);
      await store.updateAsset(project.id, b!.id, { public: true, updatedAt: now });
      expect(await store.countAssets(scope)).toBe(3);
      await store.updateAsset(project.id, b!.id, { public: true, updatedAt: now });
      expect(await store.countAssets(scope)).toBe(3);
      await store.updateAsset(project.id, a!.id, { public: false, updatedAt: now });
      expect(await store.countAssets(scope)).toBe(2);
      expect((await store.deleteAsset(project.id, a!.id))?.id).toBe(a!.id);
      expect(await store.deleteAsset(project.id, a!.id)).toBeUndefined();
      expect([await store.countAssets(scope), await store.countAssets(all)]).toEqual([2, 2]);
      expect(await store.getProjectByAlias('p1')).toMatchObject({ assetCount: 2, publicAssetCount: 2 });
    });

    it('gives inserted assets ascending ids and the commit time, and round-trips every field', async () => {
      const files = [
        { path: 'tileset.json', size: 120, contentType: 'application/json' },
        { path: 'tiles/0.b3dm', size: 9000, contentType: 'application/octet-stream' },
      ];
      const d = draft({ files, size: 123456789, public: false });
      const [a, b] = await insert(d, draft());
      expect(a).toEqual({ ...d, id: a!.id, createdAt: now, updatedAt: now });
      expect(a!.id < b!.id).toBe(true);
      expect(await store.getAsset(project.id, a!.id)).toEqual(a);
      expect(await store.isStorageKeyRecorded(d.storageKey)).toBe(true);
      expect(await store.isStorageKeyRecorded(`${project.id}/nope/original`)).toBe(false);
      const renamed = await store.updateAsset(project.id, a!.id, { name: 'x.json', updatedAt: '2026-12-01T00:00:00.000Z' });
      expect(renamed).toEqual({ ...a, name: 'x.json', updatedAt: '2026-12-01T00:00:00.000Z' });
      expect(await store.updateAsset(project.id, 'nope', { name: 'y', updatedAt: now })).toBeUndefined();
    });

    it('orders ids by commit, after every id the project ever had, even deleted ones', async () => {
      const [first] = await insert(draft());
      await store.deleteAsset(project.id, first!.id);
      const [second] = await insert(draft());
      expect(second!.id > first!.id).toBe(true);
      // Batches committed one after another, however they interleave before, come out in order.
      const batches = await Promise.all([many(3), many(3), many(3)]);
      const ids = batches.flat().map((a) => a.id);
      const listed = (await listedRecords(store, { projectId: project.id, publicOnly: false }, { limit: 20 })).map((a) => a.id);
      expect(listed).toEqual([second!.id, ...[...ids].sort()]);
      expect(new Set(ids).size).toBe(9);
    });

    it('refuses to insert into a project that is gone', async () => {
      const doomed = await store.createProject({ id: newId(), alias: 'gone', name: 'G', visibility: 'public', createdAt: now });
      await store.deleteProject(doomed.id);
      await expect(store.insertAssets(doomed.id, [draft({ projectId: doomed.id })], now)).rejects.toBeInstanceOf(StoreNotFoundError);
    });

    it("does not show one project its neighbour's assets", async () => {
      const other = await store.createProject({ id: newId(), alias: 'p2', name: 'P2', visibility: 'public', createdAt: now });
      const [mine] = await insert(draft());
      const [theirs] = await store.insertAssets(other.id, [draft({ projectId: other.id })], now);
      expect(await store.getAsset(other.id, mine!.id)).toBeUndefined();
      expect(theirs!.projectId).toBe(other.id);
      const listed = await listedRecords(store, { projectId: project.id, publicOnly: false }, { limit: 10 });
      expect(listed.map((x) => x.id)).toEqual([mine!.id]);
    });

    it('lists slices in id order by keyset and by offset, and streams the whole scope', async () => {
      const assets = await many(1203, (i) => ({ public: i % 3 !== 0 }));
      const publicIds = assets.filter((a) => a.public).map((a) => a.id);
      const scope = { projectId: project.id, publicOnly: true };
      const first = await listedRecords(store, scope, { limit: 5 });
      expect(first.map((a) => a.id)).toEqual(publicIds.slice(0, 5));
      const after = await listedRecords(store, scope, { afterId: publicIds[4]!, limit: 5 });
      expect(after.map((a) => a.id)).toEqual(publicIds.slice(5, 10));
      const byOffset = await listedRecords(store, scope, { offset: 700, limit: 7 });
      expect(byOffset.map((a) => a.id)).toEqual(publicIds.slice(700, 707));
      expect(await store.joinRecords(scope, { offset: 5000, limit: 7 })).toEqual({ json: '', count: 0, lastId: undefined, hasMore: false });
      // The scope's end: a full last slice has nothing after it, one short of it has one more.
      expect((await store.joinRecords(scope, { afterId: publicIds.at(-6)!, limit: 5 })).hasMore).toBe(false);
      expect((await store.joinRecords(scope, { afterId: publicIds.at(-7)!, limit: 5 })).hasMore).toBe(true);
      const streamed: string[] = [];
      for await (const a of store.streamAssets(scope)) streamed.push(a.id);
      expect(streamed).toEqual(publicIds);
      const everything: string[] = [];
      for await (const a of store.streamAssets({ projectId: project.id, publicOnly: false })) everything.push(a.id);
      expect(everything).toEqual(assets.map((a) => a.id));
    });

    it('lets other work of the process run while it streams', async () => {
      await many(1600);
      let otherWorkRan = false;
      setImmediate(() => (otherWorkRan = true));
      let streamedBeforeOtherWork = 0;
      for await (const _ of store.streamAssets({ projectId: project.id, publicOnly: true })) {
        if (!otherWorkRan) streamedBeforeOtherWork += 1;
      }
      expect(otherWorkRan).toBe(true);
      expect(streamedBeforeOtherWork).toBeLessThan(1600);
    });

    it('keeps a keyset position valid after the asset at it is deleted', async () => {
      const assets = await many(6);
      await store.deleteAsset(project.id, assets[2]!.id);
      const next = await listedRecords(store, { projectId: project.id, publicOnly: true }, { afterId: assets[2]!.id, limit: 2 });
      expect(next.map((a) => a.id)).toEqual([assets[3]!.id, assets[4]!.id]);
    });

    it('inserts a batch all or nothing', async () => {
      const d = draft();
      await expect(insert(draft(), d, { ...d })).rejects.toThrow();
      expect(await store.countAssets({ projectId: project.id, publicOnly: false })).toBe(0);
      expect(await listedRecords(store, { projectId: project.id, publicOnly: false }, { limit: 10 })).toEqual([]);
      const [after] = await insert(draft());
      expect(after).toBeDefined();
    });

    it('stores API keys by hash, per project, and deletes them', async () => {
      const key = { id: newId(), projectId: project.id, name: 'ci', keyHash: 'h1', createdAt: now };
      await store.createApiKey(key);
      expect(await store.findApiKeyByHash(project.id, 'h1')).toEqual(key);
      expect(await store.findApiKeyByHash(project.id, 'h2')).toBeUndefined();
      const other = await store.createProject({ id: newId(), alias: 'p2', name: 'P2', visibility: 'public', createdAt: now });
      expect(await store.findApiKeyByHash(other.id, 'h1')).toBeUndefined();
      expect(await store.listApiKeys(project.id)).toEqual([key]);
      expect(await store.deleteApiKey(other.id, key.id)).toBe(false);
      expect(await store.deleteApiKey(project.id, key.id)).toBe(true);
      expect(await store.findApiKeyByHash(project.id, 'h1')).toBeUndefined();
    });

    it('reads a project with the key asked about, alone and with a slice, and sees changes at once', async () => {
      const other = await store.createProject({ id: newId(), alias: 'p3', name: 'P3', visibility: 'private', createdAt: now });
      await store.createApiKey({ id: newId(), projectId: project.id, name: 'a', keyHash: 'ka', createdAt: now });
      const otherKey = { id: newId(), projectId: other.id, name: 'b', keyHash: 'kb', createdAt: now };
      await store.createApiKey(otherKey);
      await many(3);
      const [mine, theirs, none, unknown] = await Promise.all([
        store.getProjectAccess(project.alias, 'ka'),
        store.getProjectAccess(project.alias, 'kb'),
        store.getProjectAccess(other.alias, undefined),
        store.getProjectAccess('no-such-alias', 'ka'),
      ]);
      expect(mine).toEqual({ project: await store.getProjectByAlias(project.alias), keyHash: 'ka' });
      expect(theirs?.keyHash).toBeNull();
      expect(none).toEqual({ project: await store.getProjectByAlias(other.alias), keyHash: null });
      expect(unknown).toBeUndefined();
      const withSlice = await store.getProjectWithRecords(other.alias, true, { limit: 2 }, 'kb');
      expect(withSlice).toMatchObject({ project: { id: other.id }, keyHash: 'kb' });
      expect((await store.getProjectWithRecords(project.alias, true, { limit: 2 }, 'kb'))?.keyHash).toBeNull();
      expect((await store.getProjectWithRecords(project.alias, true, { limit: 2 }))?.keyHash).toBeNull();
      await store.deleteApiKey(other.id, otherKey.id);
      expect((await store.getProjectAccess(other.alias, 'kb'))?.keyHash).toBeNull();
      expect((await store.getProjectWithRecords(other.alias, true, { limit: 2 }, 'kb'))?.keyHash).toBeNull();
    });

    it("deletes a project's assets and keys with it", async () => {
      const [a] = await insert(draft());
      await store.createApiKey({ id: newId(), projectId: project.id, name: 'k', keyHash: 'hh', createdAt: now });
      await store.deleteProject(project.id);
      expect(await store.isStorageKeyRecorded(a!.storageKey)).toBe(false);
      expect(await store.findApiKeyByHash(project.id, 'hh')).toBeUndefined();
    });

    it('keeps a scene and a publication per project, replaced whole, gone with the project', async () => {
      expect(await store.getScene(project.id)).toBeUndefined();
      const doc = JSON.stringify({ camera: { lng: 139.7 }, layers: [{ id: 'l1' }], ключ: '東京' });
      await store.putScene(project.id, doc, now);
      expect(await store.getScene(project.id)).toEqual({ json: doc, writtenAt: now });
      await store.putScene(project.id, '{"v":2}', '2026-12-01T00:00:00.000Z');
      expect(await store.getScene(project.id)).toEqual({ json: '{"v":2}', writtenAt: '2026-12-01T00:00:00.000Z' });
      expect(await store.getPublication(project.id)).toBeUndefined();
      await store.putPublication(project.id, '{"snapshot":1}', now);
      expect((await store.getPublication(project.id))?.json).toBe('{"snapshot":1}');
      expect(await store.deletePublication(project.id)).toBe(true);
      expect(await store.deletePublication(project.id)).toBe(false);
      expect(await store.getPublication(project.id)).toBeUndefined();
      await store.putPublication(project.id, '{"snapshot":2}', now);
      await store.deleteProject(project.id);
      expect(await store.getScene(project.id)).toBeUndefined();
      expect(await store.getPublication(project.id)).toBeUndefined();
      await expect(store.putScene(project.id, '{}', now)).rejects.toBeInstanceOf(StoreNotFoundError);
    });

    it('keeps plugins in install order; reinstalling replaces in place', async () => {
      await store.putPlugin(project.id, 'b', '{"id":"b","v":1}', now);
      await store.putPlugin(project.id, 'a', '{"id":"a"}', now);
      await store.putPlugin(project.id, 'b', '{"id":"b","v":2}', now);
      expect(await store.listPlugins(project.id)).toEqual(['{"id":"b","v":2}', '{"id":"a"}']);
      expect(await store.deletePlugin(project.id, 'b')).toBe(true);
      expect(await store.deletePlugin(project.id, 'b')).toBe(false);
      await store.putPlugin(project.id, 'b', '{"id":"b","v":3}', now);
      expect(await store.listPlugins(project.id)).toEqual(['{"id":"a"}', '{"id":"b","v":3}']);
      await store.deleteProject(project.id);
      await expect(store.putPlugin(project.id, 'c', '{}', now)).rejects.toBeInstanceOf(StoreNotFoundError);
    });

    it('keeps meta values', async () => {
      expect(await store.getMeta('demo')).toBeUndefined();
      await store.setMeta('demo', '1');
      await store.setMeta('demo', '2');
      expect(await store.getMeta('demo')).toBe('2');
    });
  });
}
