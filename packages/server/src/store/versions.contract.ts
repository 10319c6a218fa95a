import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../records/ids.js';
import type { ContentModel, Project, Store, VersionActor } from './store.js';

/**
 * The item-versions part of the Store contract (docs/content-workflow.md): every write of an item
 * keeps a numbered version with who and when, read newest first by offset or below a version;
 * versions outlive the item and go with its model.
 */
export function versionsContract(name: string, open: () => Promise<Store>): void {
  describe(`Store contract, item versions: ${name}`, () => {
    let store: Store;
    let project: Project;
    let model: ContentModel;
    const t = (minute: number) => `2026-11-21T12:${String(minute).padStart(2, '0')}:00.000Z`;
    const ana: VersionActor = { type: 'user', id: 'u1', email: 'ana@example.org' };
    const admin: VersionActor = { type: 'admin' };

    beforeEach(async () => {
      store = await open();
      project = await store.createProject({ id: newId(), alias: 'versions', name: 'V', visibility: 'public', createdAt: t(0) });
      model = await store.createModel({
        id: newId(),
        projectId: project.id,
        key: 'shelters',
        name: 'S',
        public: true,
        fields: [
          { key: 'name', type: 'text' },
          { key: 'capacity', type: 'integer' },
        ],
        createdAt: t(0),
      });
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps a version per write, numbered from 1, with who, when, the flag and the whole values', async () => {
      const [item] = await store.insertItems(model.id, [{ public: false, fields: { name: 'Hall' } }], t(1), ana);
      await store.updateItem(model.id, item!.id, { fields: { name: 'Hall', capacity: 10 }, updatedAt: t(2), actor: admin });
      await store.updateItem(model.id, item!.id, { public: true, updatedAt: t(3), actor: ana });
      expect(await store.countItemVersions(model.id, item!.id)).toBe(3);
      const all = await store.listItemVersions(model.id, item!.id, { offset: 0, limit: 10 });
      expect(all).toEqual([
        { version: 3, at: t(3), actor: ana, public: true, fields: { name: 'Hall', capacity: 10 } },
        { version: 2, at: t(2), actor: admin, public: false, fields: { name: 'Hall', capacity: 10 } },
        { version: 1, at: t(1), actor: ana, public: false, fields: { name: 'Hall' } },
      ]);
      expect(await store.getItemVersion(model.id, item!.id, 1)).toEqual(all[2]);
      expect(await store.getItemVersion(model.id, item!.id, 4)).toBeUndefined();
      expect(await store.listItemVersions(model.id, item!.id, { offset: 1, limit: 1 })).toEqual([all[1]]);
      expect(await store.listItemVersions(model.id, item!.id, { before: 3, limit: 5 })).toEqual(all.slice(1));
    });

    it('numbers each item apart, an import included, and keeps versions after the delete until the model goes', async () => {
      const [a, b] = await store.insertItems(
        model.id,
        [
          { public: true, fields: { name: 'a' } },
          { public: true, fields: { name: 'b' } },
        ],
        t(1),
        ana,
      );
      await store.updateItem(model.id, a!.id, { fields: { name: 'a2' }, updatedAt: t(2), actor: ana });
      expect(await store.importItems(model.id, [{ public: false, fields: { name: 'c' } }], t(3), admin)).toBe(1);
      const c = (await store.joinRecords({ projectId: project.id, modelId: model.id, publicOnly: false }, { limit: 10 })).lastId!;
      expect(await store.listItemVersions(model.id, c, { offset: 0, limit: 10 })).toEqual([
        { version: 1, at: t(3), actor: admin, public: false, fields: { name: 'c' } },
      ]);
      expect(await store.countItemVersions(model.id, b!.id)).toBe(1);
      expect(await store.deleteItem(model.id, a!.id)).toBe(true);
      expect((await store.listItemVersions(model.id, a!.id, { offset: 0, limit: 10 })).map((v) => v.fields.name)).toEqual(['a2', 'a']);
      expect(await store.deleteModel(project.id, 'shelters')).toBe(true);
      expect(await store.countItemVersions(model.id, a!.id)).toBe(0);
      expect(await store.countItemVersions(model.id, b!.id)).toBe(0);
    });

    it('keeps a version for each item of an import too large to record at once', async () => {
      const n = 2500;
      expect(
        await store.importItems(
          model.id,
          Array.from({ length: n }, (_, i) => ({ public: true, fields: { name: `n${i}`, capacity: i } })),
          t(4),
          admin,
        ),
      ).toBe(n);
      const last = (await store.joinRecords({ projectId: project.id, modelId: model.id, publicOnly: false }, { offset: n - 1, limit: 1 })).lastId!;
      expect(await store.listItemVersions(model.id, last, { offset: 0, limit: 10 })).toEqual([
        { version: 1, at: t(4), actor: admin, public: true, fields: { name: `n${n - 1}`, capacity: n - 1 } },
      ]);
    });

    it("replaces an item's versions as a project import carries them, and numbers the next write after them", async () => {
      const [item] = await store.insertItems(model.id, [{ public: true, fields: { name: 'Hall' } }], t(1), admin);
      const carried = [
        { version: 1, at: t(2), actor: ana, public: false, fields: { name: 'Old' } },
        { version: 2, at: t(3), actor: admin, public: true, fields: { name: 'Hall' } },
      ];
      await store.replaceItemVersions(model.id, item!.id, carried);
      expect(await store.listItemVersions(model.id, item!.id, { offset: 0, limit: 10 })).toEqual([...carried].reverse());
      await store.updateItem(model.id, item!.id, { fields: { name: 'New' }, updatedAt: t(4), actor: ana });
      expect((await store.getItemVersion(model.id, item!.id, 3))?.fields).toEqual({ name: 'New' });
    });
  });
}
