import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../records/ids.js';
import type { ReviewRequest } from './review-store.js';
import { type ContentModel, type Project, type Store, StoreConflictError, type VersionActor } from './store.js';

/**
 * The review part of the Store contract (docs/content-workflow.md, "Review"): a model that requires
 * review keeps its items' writes as drafts, hidden from the public listing, until a request over
 * them is approved, which publishes every one at once.
 */
export function reviewsContract(name: string, open: () => Promise<Store>): void {
  describe(`Store contract, review: ${name}`, () => {
    let store: Store;
    let project: Project;
    let model: ContentModel;
    const t = (minute: number) => `2026-11-21T12:${String(minute).padStart(2, '0')}:00.000Z`;
    const wanda: VersionActor = { type: 'user', id: 'u1', email: 'wanda@example.org' };
    const mia: VersionActor = { type: 'user', id: 'u2', email: 'mia@example.org' };
    const request = (items: { modelId: string; itemId: string }[]): ReviewRequest => ({
      id: newId(),
      projectId: project.id,
      title: 'Shelters',
      items,
      reviewers: ['u2'],
      state: 'open',
      createdBy: wanda,
      createdAt: t(5),
      closedBy: null,
      closedAt: null,
      comment: null,
    });
    const publicIds = async () => (await store.joinRecords({ projectId: project.id, modelId: model.id, publicOnly: true }, { limit: 10 })).json;

    beforeEach(async () => {
      store = await open();
      project = await store.createProject({ id: newId(), alias: 'review', name: 'R', visibility: 'public', createdAt: t(0) });
      model = await store.createModel({
        id: newId(),
        projectId: project.id,
        key: 'shelters',
        name: 'S',
        public: true,
        review: true,
        fields: [{ key: 'name', type: 'text' }],
        createdAt: t(0),
      });
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps a new item hidden with its draft, and later writes as drafts, each a version', async () => {
      expect(model.review).toBe(true);
      const [item] = await store.insertItems(model.id, [{ public: true, fields: { name: 'Hall' } }], t(1), wanda);
      expect(item!.public).toBe(false);
      expect(await store.reviews.getDraft(model.id, item!.id)).toEqual({
        public: true,
        fields: { name: 'Hall' },
        at: t(1),
        actor: wanda,
        requestId: null,
        published: false,
      });
      expect((await store.getModel(project.id, 'shelters'))!.publicItemCount).toBe(0);
      expect(await publicIds()).toBe('');
      const draft = await store.reviews.putDraft(model.id, item!.id, { public: true, fields: { name: 'Gym' } }, t(2), wanda);
      expect(draft).toMatchObject({ fields: { name: 'Gym' }, published: false });
      expect((await store.getItem(model.id, item!.id))!.fields).toEqual({ name: 'Hall' });
      expect((await store.listItemVersions(model.id, item!.id, { offset: 0, limit: 5 })).map((v) => [v.version, v.public, v.fields.name])).toEqual([
        [2, true, 'Gym'],
        [1, true, 'Hall'],
      ]);
      expect(await store.reviews.putDraft(model.id, newId(), { public: true, fields: {} }, t(2), wanda)).toBeUndefined();
      expect((await store.reviews.draftsOf(model.id, [item!.id, newId()])).get(item!.id)?.fields).toEqual({ name: 'Gym' });
      // A delete takes the draft with it.
      expect(await store.deleteItem(model.id, item!.id)).toBe(true);
      expect(await store.reviews.getDraft(model.id, item!.id)).toBeUndefined();
    });

    it('opens a request over drafts only, one open request an item; approval publishes every item at once', async () => {
      const [a, b] = await store.insertItems(
        model.id,
        [
          { public: true, fields: { name: 'A' } },
          { public: true, fields: { name: 'B' } },
        ],
        t(1),
        wanda,
      );
      const first = await store.reviews.openRequest(
        request([
          { modelId: model.id, itemId: a!.id },
          { modelId: model.id, itemId: b!.id },
        ]),
      );
      expect((await store.reviews.getDraft(model.id, a!.id))!.requestId).toBe(first.id);
      await expect(store.reviews.openRequest(request([{ modelId: model.id, itemId: a!.id }]))).rejects.toThrow(StoreConflictError);
      expect(await store.reviews.getRequest(project.id, first.id)).toEqual(first);
      expect((await store.reviews.listRequests(project.id, 'open', 10)).map((r) => r.id)).toEqual([first.id]);
      expect(await store.reviews.listRequests(project.id, 'approved', 10)).toEqual([]);

      const closed = await store.reviews.closeRequest(project.id, first.id, { state: 'approved', by: mia, at: t(6), comment: 'checked' });
      expect(closed).toMatchObject({ state: 'approved', closedBy: mia, closedAt: t(6), comment: 'checked' });
      expect(await store.getItem(model.id, a!.id)).toMatchObject({ public: true, fields: { name: 'A' }, updatedAt: t(6) });
      expect(await store.reviews.getDraft(model.id, a!.id)).toBeUndefined();
      expect((await store.getModel(project.id, 'shelters'))!.publicItemCount).toBe(2);
      expect(await publicIds()).toContain('"name":"B"');
      expect((await store.listItemVersions(model.id, b!.id, { offset: 0, limit: 1 }))[0]).toMatchObject({ version: 2, actor: mia });
      await expect(store.reviews.closeRequest(project.id, first.id, { state: 'declined', by: mia, at: t(7), comment: null })).rejects.toThrow(
        StoreConflictError,
      );
      // Published: a draft of it is no request's yet, and an item without one cannot be asked for.
      await expect(store.reviews.openRequest(request([{ modelId: model.id, itemId: a!.id }]))).rejects.toThrow(StoreConflictError);
      expect((await store.reviews.putDraft(model.id, a!.id, { public: true, fields: { name: 'A2' } }, t(8), wanda))!.published).toBe(true);
    });

    it('a declined request leaves the drafts unpublished and free for another request', async () => {
      const [a] = await store.insertItems(model.id, [{ public: true, fields: { name: 'A' } }], t(1), wanda);
      const first = await store.reviews.openRequest(request([{ modelId: model.id, itemId: a!.id }]));
      expect(await store.reviews.closeRequest(project.id, first.id, { state: 'declined', by: mia, at: t(6), comment: 'not yet' })).toMatchObject({
        state: 'declined',
        comment: 'not yet',
      });
      expect(await store.reviews.getDraft(model.id, a!.id)).toMatchObject({ requestId: null, fields: { name: 'A' } });
      expect(await publicIds()).toBe('');
      expect((await store.reviews.openRequest(request([{ modelId: model.id, itemId: a!.id }]))).state).toBe('open');
      expect(await store.reviews.closeRequest(project.id, newId(), { state: 'approved', by: mia, at: t(7), comment: null })).toBeUndefined();
    });

    it('names the free drafts and the existing items a model at a time; a request of hundreds is checked, opened and approved in batches', async () => {
      const rows = Array.from({ length: 650 }, (_, i) => ({ public: i % 2 === 0, fields: { name: `Hall ${i}` } }));
      const items = await store.insertItems(model.id, rows, t(1), wanda);
      const ids = items.map((i) => i.id);
      const taken = await store.reviews.openRequest(request(ids.slice(0, 3).map((itemId) => ({ modelId: model.id, itemId }))));
      expect(await store.reviews.freeDrafts(model.id, 1_000)).toEqual(ids.slice(3));
      expect(await store.reviews.freeDrafts(model.id, 2)).toEqual(ids.slice(3, 5));
      const gone = newId();
      expect(await store.reviews.existing(model.id, [ids[0]!, gone, ids[649]!])).toEqual(new Set([ids[0], ids[649]]));
      // One item in another open request, or without a draft, and the whole request is refused, naming it.
      const big = request(ids.slice(2).map((itemId) => ({ modelId: model.id, itemId })));
      await expect(store.reviews.openRequest(big)).rejects.toThrow(`item ${ids[2]} is in request ${taken.id}, still open`);
      await expect(
        store.reviews.openRequest(
          request([
            { modelId: model.id, itemId: ids[5]! },
            { modelId: model.id, itemId: gone },
          ]),
        ),
      ).rejects.toThrow(`item ${gone} has no draft to review`);
      expect((await store.reviews.getDraft(model.id, ids[5]!))!.requestId).toBeNull();
      const opened = await store.reviews.openRequest(request(ids.slice(3).map((itemId) => ({ modelId: model.id, itemId }))));
      expect(await store.reviews.freeDrafts(model.id, 10)).toEqual([]);
      const hook = await store.webhooks.create({
        id: newId(),
        projectId: project.id,
        url: 'https://hooks.example.org/x',
        triggers: ['item.update', 'item.publish'],
        active: true,
        secret: 'whsec_x',
        createdAt: t(0),
        updatedAt: t(0),
      });
      await store.reviews.closeRequest(project.id, opened.id, { state: 'approved', by: mia, at: t(6), comment: null });
      const after = await store.getModel(project.id, 'shelters');
      expect(after!.publicItemCount).toBe(rows.slice(3).filter((r) => r.public).length);
      expect((await store.joinRecords({ projectId: project.id, modelId: model.id, publicOnly: true }, { limit: 1_000 })).count).toBe(after!.publicItemCount);
      expect(await store.reviews.draftsOf(model.id, ids)).toEqual(new Map(ids.slice(0, 3).map((id) => [id, expect.objectContaining({ requestId: taken.id })])));
      expect(await store.getItem(model.id, ids[649]!)).toMatchObject({ public: false, fields: { name: 'Hall 649' }, updatedAt: t(6) });
      expect((await store.listItemVersions(model.id, ids[4]!, { offset: 0, limit: 5 })).map((v) => [v.version, v.actor])).toEqual([
        [2, mia],
        [1, wanda],
      ]);
      // Every published item told as updated, the public ones as published too.
      const events = await store.webhooks.listDeliveries(hook.id, 2_000);
      expect(events.filter((e) => e.type === 'item.update')).toHaveLength(647);
      expect(events.filter((e) => e.type === 'item.publish')).toHaveLength(after!.publicItemCount);
    });

    it('restores drafts and requests as a project import carries them: as they were, without a version', async () => {
      // The import writes the items without drafts (its model requires review only once they are in), then restores them.
      const halls = await store.createModel({
        id: newId(),
        projectId: project.id,
        key: 'halls',
        name: 'H',
        public: true,
        review: false,
        fields: [{ key: 'name', type: 'text' }],
        createdAt: t(0),
      });
      const [a, b] = await store.insertItems(
        halls.id,
        [
          { public: false, fields: { name: 'A' } },
          { public: true, fields: { name: 'B' } },
        ],
        t(1),
        wanda,
      );
      const closed = { ...request([]), state: 'declined' as const, closedBy: mia, closedAt: t(6), comment: 'No' };
      const open = request([{ modelId: halls.id, itemId: a!.id }]);
      const draft = { public: true, fields: { name: 'A2' }, at: t(2), actor: wanda, requestId: open.id, published: false };
      await store.reviews.restore([{ modelId: halls.id, itemId: a!.id, draft }], [open, closed]);
      await store.updateModel(project.id, 'halls', { review: true, updatedAt: t(7) });
      expect(await store.reviews.getDraft(halls.id, a!.id)).toEqual(draft);
      expect(await store.reviews.getDraft(halls.id, b!.id)).toBeUndefined();
      expect(await store.reviews.getRequest(project.id, closed.id)).toEqual(closed);
      expect(await store.reviews.listRequests(project.id, 'open', 10)).toEqual([open]);
      expect(await store.countItemVersions(halls.id, a!.id)).toBe(1);
    });
  });
}
