import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../assets/ids.js';
import type { Asset, Project, Store } from './store.js';
import { StoreConflictError } from './store.js';

/**
 * The one suite every Store implementation must pass unchanged. Each implementation's test file
 * calls this with a factory that opens a fresh, empty store.
 */
export function storeContract(name: string, open: () => Promise<Store>): void {
  describe(`Store contract: ${name}`, () => {
    let store: Store;
    let project: Project;
    const now = '2026-11-21T12:00:00.000Z';

    function asset(over: Partial<Asset> = {}): Asset {
      const id = newId();
      return {
        id,
        projectId: project.id,
        name: `${id}.geojson`,
        contentType: 'application/geo+json',
        size: 10,
        public: true,
        storageKey: `${project.id}/${id}/original`,
        files: null,
        createdAt: now,
        updatedAt: now,
        ...over,
      };
    }

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
      await expect(
        store.createProject({ id: newId(), alias: 'p1', name: 'again', visibility: 'public', createdAt: now }),
      ).rejects.toBeInstanceOf(StoreConflictError);
    });

    it('keeps asset counts in step with inserts, updates and deletes', async () => {
      const a = asset();
      const b = asset({ public: false });
      const c = asset();
      await store.insertAssets([a, b, c]);
      const scope = { projectId: project.id, publicOnly: true };
      const all = { projectId: project.id, publicOnly: false };
      expect([await store.countAssets(scope), await store.countAssets(all)]).toEqual([2, 3]);
      await store.updateAsset(project.id, b.id, { public: true, updatedAt: now });
      expect(await store.countAssets(scope)).toBe(3);
      await store.updateAsset(project.id, b.id, { public: true, updatedAt: now });
      expect(await store.countAssets(scope)).toBe(3);
      await store.updateAsset(project.id, a.id, { public: false, updatedAt: now });
      expect(await store.countAssets(scope)).toBe(2);
      expect((await store.deleteAsset(project.id, a.id))?.id).toBe(a.id);
      expect(await store.deleteAsset(project.id, a.id)).toBeUndefined();
      expect([await store.countAssets(scope), await store.countAssets(all)]).toEqual([2, 2]);
      expect((await store.getProjectByAlias('p1'))).toMatchObject({ assetCount: 2, publicAssetCount: 2 });
    });

    it('round-trips every asset field', async () => {
      const a = asset({ files: [{ path: 'tileset.json', size: 120, contentType: 'application/json' }, { path: 'tiles/0.b3dm', size: 9000, contentType: 'application/octet-stream' }], size: 123456789, public: false });
      await store.insertAssets([a]);
      expect(await store.getAsset(project.id, a.id)).toEqual(a);
      expect(await store.assetExists(a.id)).toBe(true);
      expect(await store.assetExists('nope')).toBe(false);
      const renamed = await store.updateAsset(project.id, a.id, { name: 'x.json', updatedAt: '2026-12-01T00:00:00.000Z' });
      expect(renamed).toEqual({ ...a, name: 'x.json', updatedAt: '2026-12-01T00:00:00.000Z' });
      expect(await store.updateAsset(project.id, 'nope', { name: 'y', updatedAt: now })).toBeUndefined();
    });

    it('does not show one project its neighbour\'s assets', async () => {
      const other = await store.createProject({ id: newId(), alias: 'p2', name: 'P2', visibility: 'public', createdAt: now });
      const mine = asset();
      await store.insertAssets([mine, asset({ projectId: other.id })]);
      expect(await store.getAsset(other.id, mine.id)).toBeUndefined();
      const listed = await store.listAssets({ projectId: project.id, publicOnly: false }, { limit: 10 });
      expect(listed.map((x) => x.id)).toEqual([mine.id]);
    });

    it('lists slices in id order by keyset and by offset, and streams the whole scope', async () => {
      const assets = Array.from({ length: 1203 }, (_, i) => asset({ public: i % 3 !== 0 }));
      await store.insertAssets(assets);
      const publicIds = assets.filter((a) => a.public).map((a) => a.id);
      const scope = { projectId: project.id, publicOnly: true };
      const first = await store.listAssets(scope, { limit: 5 });
      expect(first.map((a) => a.id)).toEqual(publicIds.slice(0, 5));
      const after = await store.listAssets(scope, { afterId: publicIds[4]!, limit: 5 });
      expect(after.map((a) => a.id)).toEqual(publicIds.slice(5, 10));
      const byOffset = await store.listAssets(scope, { offset: 700, limit: 7 });
      expect(byOffset.map((a) => a.id)).toEqual(publicIds.slice(700, 707));
      expect(await store.listAssets(scope, { offset: 5000, limit: 7 })).toEqual([]);
      const streamed: string[] = [];
      for await (const a of store.streamAssets(scope)) streamed.push(a.id);
      expect(streamed).toEqual(publicIds);
      const everything: string[] = [];
      for await (const a of store.streamAssets({ projectId: project.id, publicOnly: false })) everything.push(a.id);
      expect(everything).toEqual(assets.map((a) => a.id));
    });

    it('lets other work of the process run while it streams', async () => {
      await store.insertAssets(Array.from({ length: 1600 }, () => asset()));
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
      const assets = Array.from({ length: 6 }, () => asset());
      await store.insertAssets(assets);
      await store.deleteAsset(project.id, assets[2]!.id);
      const next = await store.listAssets({ projectId: project.id, publicOnly: true }, { afterId: assets[2]!.id, limit: 2 });
      expect(next.map((a) => a.id)).toEqual([assets[3]!.id, assets[4]!.id]);
    });

    it('inserts a batch all or nothing', async () => {
      const a = asset();
      await expect(store.insertAssets([asset(), a, { ...a }])).rejects.toThrow();
      expect(await store.countAssets({ projectId: project.id, publicOnly: false })).toBe(0);
      expect(await store.listAssets({ projectId: project.id, publicOnly: false }, { limit: 10 })).toEqual([]);
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

    it('deletes a project\'s assets and keys with it', async () => {
      const a = asset();
      await store.insertAssets([a]);
      await store.createApiKey({ id: newId(), projectId: project.id, name: 'k', keyHash: 'hh', createdAt: now });
      await store.deleteProject(project.id);
      expect(await store.assetExists(a.id)).toBe(false);
      expect(await store.findApiKeyByHash(project.id, 'hh')).toBeUndefined();
    });

    it('keeps meta values', async () => {
      expect(await store.getMeta('demo')).toBeUndefined();
      await store.setMeta('demo', '1');
      await store.setMeta('demo', '2');
      expect(await store.getMeta('demo')).toBe('2');
    });
  });
}
