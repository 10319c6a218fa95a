import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test/harness.js';
import { unzip } from '../test/unzip.js';
import { exportProject } from './project-export.js';
import { PROJECT_MANIFEST, type ProjectManifest } from './project-manifest.js';

describe('orbis project export (docs/operations.md)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    // Every part a project has, written straight through the store and services (the export reads the store).
    const { store, models } = h.server.ctx;
    const project = await h.project('atlas');
    await h.seed('atlas', [true, false]);
    const now = new Date().toISOString();
    await store.putScene(project.id, '{"layers":[],"story":{"pages":[]}}', now);
    await store.putPublication(project.id, '{"published":true}', now);
    await store.putPlugin(project.id, 'hello', '{"manifest":{"id":"hello"}}', now);
    await store.putPlugin(project.id, 'bye', '{"manifest":{"id":"bye"}}', now);
    const model = await models.create(project, { key: 'halls', name: 'Halls', public: true, fields: [{ key: 'name', type: 'text' }] });
    for (const name of ['a', 'b']) await models.createItem(project, model, { public: name === 'a', fields: { name } }, { type: 'admin' });
    await store.accounts.createUser({ id: 'user-ana', email: 'ana@example.org', name: 'Ana', passwordHash: null, createdAt: now });
    await store.accounts.setMember(project.id, 'user-ana', 'writer');
  });
  afterAll(() => h.close());

  it('writes a project whole: settings, scene, published snapshot, every file, models with their items, plugins, members by email', async () => {
    const { store, storage } = h.server.ctx;
    const project = (await store.getProjectByAlias('atlas'))!;
    const file = join(mkdtempSync(join(tmpdir(), 'orbis-export-')), 'atlas.zip');
    await exportProject(store, storage, project, file);
    const entries = await unzip(readFileSync(file));
    const manifest = JSON.parse(entries.get(PROJECT_MANIFEST)!.toString()) as ProjectManifest;
    expect(manifest).toMatchObject({
      format: 'orbis-project',
      version: 1,
      project: { alias: 'atlas', name: project.name, visibility: project.visibility },
      scene: true,
      publication: true,
      members: [{ email: 'ana@example.org', role: 'writer' }],
    });
    expect(entries.get('scene.json')!.toString()).toBe((await store.getScene(project.id))!.json);
    expect(entries.get('publication.json')!.toString()).toBe((await store.getPublication(project.id))!.json);
    expect(manifest.assets.length).toBe(2);
    for (const a of manifest.assets) {
      const asset = (await store.getAsset(project.id, a.id))!;
      expect(entries.get(`assets/${a.id}/original`), a.name).toEqual(Buffer.concat(await (await storage.read(asset.storageKey)).toArray()));
    }
    const models = await store.listModels(project.id);
    expect(manifest.models.map((m) => m.key)).toEqual(models.map((m) => m.key));
    for (const model of models) {
      const lines = entries
        .get(`models/${model.key}.ndjson`)!
        .toString()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { public: boolean; fields: unknown });
      const items = [];
      for await (const item of store.streamItems(model.id)) items.push({ id: item.id, public: item.public, fields: item.fields });
      expect(lines).toEqual(items);
      expect(lines.length).toBeGreaterThan(0);
    }
    const plugins = await store.listPlugins(project.id);
    expect(manifest.plugins).toBe(2);
    plugins.forEach((json, n) => expect(entries.get(`plugins/${n}.json`)!.toString()).toBe(json));
    await expect(exportProject(store, storage, project, file)).rejects.toThrow(/exists already/);
  });
});
