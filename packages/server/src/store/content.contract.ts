import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../records/ids.js';
import type { Field } from '@orbis/content-model';
import { itemRecord, spliceAssets } from '../records/item-record.js';
import { turnsDuring } from '../test/event-loop-turns.js';
import { seededRandom } from '../test/upload-batch.js';
import { CHECKPOINT_EVERY } from './checkpoints.js';
import { streamedJoined } from './listing.contract.js';
import { type ContentModel, type Item, type ListingScope, type Project, type Store, STREAM_JOINED } from './store.js';
import { StoreConflictError, StoreNotFoundError } from './store.js';

type Parsed = { id: string } & Record<string, unknown>;

/**
 * The content-model part of the Store contract (docs/contract.md §10): models, items, their counts and
 * versions, stored records, and item listings through the same reads as assets' (keyset,
 * offsets from checkpoints, streams).
 */
export function contentContract(name: string, open: () => Promise<Store>): void {
  describe(`Store contract, content models: ${name}`, () => {
    let store: Store;
    let project: Project;
    let model: ContentModel;
    const now = '2026-11-21T12:00:00.000Z';
    const later = '2026-11-22T08:30:00.000Z';
    const fields: Field[] = [
      { key: 'name', type: 'text', required: true },
      { key: 'capacity', type: 'integer' },
      { key: 'photo', type: 'asset' },
    ];

    beforeEach(async () => {
      store = await open();
      project = await store.createProject({ id: newId(), alias: 'content', name: 'C', visibility: 'public', createdAt: now });
      model = await store.createModel({ id: newId(), projectId: project.id, key: 'shelters', name: 'Shelters', public: true, fields, createdAt: now });
    });
    afterEach(async () => {
      await store.close();
    });

    const scope = (publicOnly: boolean): ListingScope => ({ projectId: project.id, modelId: model.id, publicOnly });
    const parsed = async (s: ListingScope, slice: { afterId?: string; offset?: number; limit: number }) => {
      const joined = await store.joinRecords(s, slice);
      const records = JSON.parse(`[${spliceAssets(joined.json)}]`) as Parsed[];
      expect(joined.count).toBe(records.length);
      expect(joined.lastId).toBe(records.at(-1)?.id);
      return records;
    };
    const insert = (n: number, isPublic: (i: number) => boolean = () => true) =>
      store.insertItems(
        model.id,
        Array.from({ length: n }, (_, i) => ({ public: isPublic(i), fields: { name: `n${i}`, capacity: i } })),
        now,
        { type: 'admin' },
      );

    it('creates, finds, lists, changes and deletes models; a taken key is a conflict', async () => {
      expect(model).toMatchObject({
        key: 'shelters',
        name: 'Shelters',
        public: true,
        fields,
        itemCount: 0,
        publicItemCount: 0,
        createdAt: now,
        updatedAt: now,
      });
      expect(await store.getModel(project.id, 'shelters')).toEqual(model);
      expect(await store.getModel(project.id, 'nope')).toBeUndefined();
      await expect(
        store.createModel({ id: newId(), projectId: project.id, key: 'shelters', name: 'x', public: false, fields: [], createdAt: now }),
      ).rejects.toBeInstanceOf(StoreConflictError);
      await expect(
        store.createModel({ id: newId(), projectId: newId(), key: 'k', name: 'x', public: false, fields: [], createdAt: now }),
      ).rejects.toBeInstanceOf(StoreNotFoundError);
      await store.createModel({ id: newId(), projectId: project.id, key: 'a-first', name: 'A', public: false, fields: [], createdAt: now });
      expect((await store.listModels(project.id)).map((m) => m.key)).toEqual(['a-first', 'shelters']);
      const changed = await store.updateModel(project.id, 'shelters', { name: 'Refuges', public: false, updatedAt: later });
      expect(changed).toMatchObject({ name: 'Refuges', public: false, fields, updatedAt: later });
      expect(changed!.version).toBeGreaterThan(model.version);
      expect(await store.updateModel(project.id, 'nope', { name: 'x', updatedAt: later })).toBeUndefined();
      expect(await store.deleteModel(project.id, 'shelters')).toBe(true);
      expect(await store.deleteModel(project.id, 'shelters')).toBe(false);
      expect(await store.getModel(project.id, 'shelters')).toBeUndefined();
    });

    it('reads a model with its project and the key asked about, in one read, and sees changes at once', async () => {
      const other = await store.createProject({ id: newId(), alias: 'content-other', name: 'O', visibility: 'private', createdAt: now });
      const theirs = await store.createModel({ id: newId(), projectId: other.id, key: 'theirs', name: 'T', public: true, fields: [], createdAt: now });
      await store.createApiKey({ id: newId(), projectId: other.id, name: 'k', keyHash: 'ko', createdAt: now });
      // At once, so that PostgreSQL answers them in one batched read.
      const [mine, withKey, notHere, unknownModel, unknownProject] = await Promise.all([
        store.getProjectModelAccess(project.alias, undefined, 'shelters'),
        store.getProjectModelAccess(other.alias, 'ko', 'theirs'),
        store.getProjectModelAccess(project.alias, 'ko', 'theirs'),
        store.getProjectModelAccess(project.alias, undefined, 'nope'),
        store.getProjectModelAccess('no-such-alias', undefined, 'shelters'),
      ]);
      expect(mine).toEqual({ project: await store.getProjectByAlias(project.alias), keyHash: null, model: await store.getModel(project.id, 'shelters') });
      expect(withKey).toEqual({ project: await store.getProjectByAlias(other.alias), keyHash: 'ko', model: theirs });
      expect(notHere).toEqual({ project: await store.getProjectByAlias(project.alias), keyHash: null, model: undefined });
      expect(unknownModel?.model).toBeUndefined();
      expect(unknownProject).toBeUndefined();
      const changed = await store.updateModel(project.id, 'shelters', { public: false, updatedAt: later });
      expect((await store.getProjectModelAccess(project.alias, undefined, 'shelters'))?.model).toEqual(changed);
    });

    it('records items all at once with ids in order, counts, versions and the records itemRecord makes', async () => {
      const asset = newId();
      const items = await store.insertItems(
        model.id,
        [
          { public: true, fields: { name: 'Hall "A"', capacity: 120, photo: asset } },
          { public: false, fields: { name: '東京' } },
        ],
        now,
        { type: 'admin' },
      );
      expect(items[0]!.id < items[1]!.id).toBe(true);
      const m = (await store.getModel(project.id, 'shelters'))!;
      expect(m).toMatchObject({ itemCount: 2, publicItemCount: 1 });
      expect(m.version).toBeGreaterThan(model.version);
      expect(await store.getItem(model.id, items[1]!.id)).toEqual(items[1]);
      const joined = await store.joinRecords(scope(true), { limit: 10 });
      expect(joined.json).toBe(itemRecord(fields, items[0]!));
      expect(await parsed(scope(true), { limit: 10 })).toEqual([
        { id: items[0]!.id, name: 'Hall "A"', capacity: 120, photo: asset, createdAt: now, updatedAt: now },
      ]);
      const all = await parsed(scope(false), { limit: 10 });
      expect(all.map((r) => [r.id, r.public, r.capacity])).toEqual([
        [items[0]!.id, true, 120],
        [items[1]!.id, false, null],
      ]);
      await expect(store.insertItems(newId(), [{ public: true, fields: {} }], now, { type: 'admin' })).rejects.toBeInstanceOf(StoreNotFoundError);
    });

    it('updates and deletes items, keeping counts and versions in step', async () => {
      const [a, b] = await insert(2);
      const v0 = (await store.getModel(project.id, 'shelters'))!.version;
      const updated = await store.updateItem(model.id, a!.id, { public: false, fields: { name: 'renamed' }, updatedAt: later, actor: { type: 'admin' } });
      expect(updated).toMatchObject({ id: a!.id, public: false, fields: { name: 'renamed' }, createdAt: now, updatedAt: later });
      expect(await store.getItem(model.id, a!.id)).toEqual(updated);
      const m1 = (await store.getModel(project.id, 'shelters'))!;
      expect([m1.itemCount, m1.publicItemCount, m1.version > v0]).toEqual([2, 1, true]);
      expect((await parsed(scope(false), { limit: 5 }))[0]).toMatchObject({ name: 'renamed', capacity: null, updatedAt: later, public: false });
      expect(await store.updateItem(model.id, newId(), { public: true, updatedAt: later, actor: { type: 'admin' } })).toBeUndefined();
      expect(await store.deleteItem(model.id, b!.id)).toBe(true);
      expect(await store.deleteItem(model.id, b!.id)).toBe(false);
      expect(await store.getModel(project.id, 'shelters')).toMatchObject({ itemCount: 1, publicItemCount: 0 });
    });

    it('keeps the values of remaining fields when the fields change, in the new order', async () => {
      const [a] = await insert(1);
      const next: Field[] = [
        { key: 'capacity', type: 'integer' },
        { key: 'note', type: 'text' },
      ];
      await store.updateModel(project.id, 'shelters', { fields: next, updatedAt: later });
      expect((await store.getItem(model.id, a!.id))!.fields).toEqual({ capacity: 0 });
      const [record] = await parsed(scope(true), { limit: 5 });
      expect(Object.keys(record!)).toEqual(['id', 'capacity', 'note', 'createdAt', 'updatedAt']);
      expect(record).toMatchObject({ capacity: 0, note: null });
    });

    it('lists a model apart from assets and from other models, and streams it', async () => {
      const other = await store.createModel({ id: newId(), projectId: project.id, key: 'other', name: 'O', public: true, fields, createdAt: now });
      await store.insertItems(other.id, [{ public: true, fields: { name: 'elsewhere' } }], now, { type: 'admin' });
      const mine = await insert(3);
      expect((await parsed(scope(true), { limit: 10 })).map((r) => r.id)).toEqual(mine.map((i) => i.id));
      expect((await store.joinRecords({ projectId: project.id, publicOnly: true }, { limit: 10 })).count).toBe(0);
      for (const publicOnly of [true, false]) {
        const streamed = await streamedJoined(store, scope(publicOnly));
        const whole = await store.joinRecords(scope(publicOnly), { limit: 10 });
        expect(streamed).toEqual({ json: whole.json, count: 3 });
      }
      const items: Item[] = [];
      for await (const i of store.streamItems(model.id)) items.push(i);
      expect(items).toEqual(mine);
    });

    it('streams a large model with turns of the event loop between its reads (a fast reader never waits, so the store lets others run)', async () => {
      const batches = 64;
      await store.importItems(
        model.id,
        Array.from({ length: batches * STREAM_JOINED }, (_, i) => ({ public: true, fields: { name: `n${i}`, capacity: i } })),
        now,
        { type: 'admin' },
      );
      let count = 0;
      const turns = await turnsDuring(async () => {
        for await (const batch of store.streamJoined(scope(true))) count += batch.count;
      });
      expect(count).toBe(batches * STREAM_JOINED);
      // SQLite reads a batch at a time and yields after each; PostgreSQL reads 16 batches a round trip.
      expect(turns).toBeGreaterThanOrEqual(batches / 16);
    });

    it('deleting the project deletes its models and items', async () => {
      await insert(2);
      await store.deleteProject(project.id);
      expect(await store.getModel(project.id, 'shelters')).toBeUndefined();
      expect(await store.getItem(model.id, (await store.joinRecords(scope(false), { limit: 1 })).lastId ?? newId())).toBeUndefined();
    });

    it('answers offset pages of items like a plain list after deletes and flag changes (checkpoints)', async () => {
      const random = seededRandom(16);
      const list = (await insert(2 * CHECKPOINT_EVERY + 30, () => random() < 0.7)).map((i) => ({ id: i.id, public: i.public }));
      const check = async (round: number) => {
        for (const publicOnly of [true, false]) {
          const ids = list.filter((x) => !publicOnly || x.public).map((x) => x.id);
          for (const offset of [0, CHECKPOINT_EVERY + 1, ids.length - 3, ids.length + 2]) {
            const page = await parsed(scope(publicOnly), { offset, limit: 6 });
            expect(
              page.map((r) => r.id),
              `round ${round} ${publicOnly} ${offset}`,
            ).toEqual(ids.slice(offset, offset + 6));
          }
        }
      };
      await check(0);
      for (let round = 1; round <= 3; round++) {
        for (let op = 0; op < 4; op++) {
          const pick = Math.floor(random() * 100);
          const target = list[pick]!;
          if (random() < 0.5) {
            await store.deleteItem(model.id, target.id);
            list.splice(pick, 1);
          } else {
            target.public = !target.public;
            await store.updateItem(model.id, target.id, { public: target.public, updatedAt: now, actor: { type: 'admin' } });
          }
        }
        await check(round);
      }
    });

    it('bumps the project content version on every asset write', async () => {
      const v0 = (await store.getProjectByAlias('content'))!.contentVersion;
      const draft = {
        projectId: project.id,
        name: 'a.json',
        contentType: 'application/json',
        size: 1,
        public: true,
        storageKey: `${project.id}/${newId()}/o`,
        files: null,
      };
      const [a] = await store.insertAssets(project.id, [draft], now);
      const v1 = (await store.getProjectByAlias('content'))!.contentVersion;
      await store.updateAsset(project.id, a!.id, { name: 'b.json', updatedAt: later });
      const v2 = (await store.getProjectByAlias('content'))!.contentVersion;
      await store.deleteAsset(project.id, a!.id);
      const v3 = (await store.getProjectByAlias('content'))!.contentVersion;
      expect(v0 < v1 && v1 < v2 && v2 < v3).toBe(true);
    });

    it("replaces an asset's files (a GeoTIFF's converted levels) in the record and its listing, and keeps them through a rename", async () => {
      const draft = {
        projectId: project.id,
        name: 'dem.tif',
        contentType: 'image/tiff',
        size: 9,
        public: true,
        storageKey: `${project.id}/${newId()}/original`,
        files: null,
      };
      const [a] = await store.insertAssets(project.id, [draft], now);
      const files = [{ path: 'orbis-cog/level-0.tif', size: 5, contentType: 'image/tiff' }];
      expect((await store.updateAsset(project.id, a!.id, { files, updatedAt: later }))?.files).toEqual(files);
      await store.updateAsset(project.id, a!.id, { name: 'dem-2.tif', updatedAt: later });
      expect(await store.getAsset(project.id, a!.id)).toMatchObject({ name: 'dem-2.tif', files, public: true });
      const joined = await store.joinRecords({ projectId: project.id, publicOnly: false }, { limit: 1000 });
      expect(joined.json).toContain('orbis-cog/level-0.tif');
    });
  });
}
