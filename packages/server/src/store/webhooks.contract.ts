import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../records/ids.js';
import { startHoldingReceiver, startReceiver, type WebhookReceiver } from '../test/webhook-receiver.js';
import { RETRY_DELAYS_MS } from '../webhooks/retry-schedule.js';
import { KEEP_DONE_MS, WebhookDispatcher } from '../webhooks/webhook-dispatcher.js';
import type { ContentModel, Project, Store, VersionActor } from './store.js';
import { WEBHOOK_TRIGGERS, type WebhookTrigger } from '@orbis/contract';
import type { Webhook as StoredWebhook } from './webhook-store.js';

/** Where a store keeps its data, and opening a store there (again: a restart). */
export interface StorePlace {
  make(): Promise<string>;
  open(place: string): Promise<Store>;
}

/**
 * The webhooks part of the Store contract (docs/content-workflow.md, "Webhooks"): the item and
 * asset writes add outbox rows in their own transactions, and the dispatcher sends them signed
 * to a real receiver on 127.0.0.1, retries on the schedule, and sends after a restart what was due.
 */
export function webhooksContract(name: string, places: StorePlace): void {
  describe(`Store contract, webhooks: ${name}`, () => {
    let place: string;
    let store: Store;
    let project: Project;
    let model: ContentModel;
    let receiver: WebhookReceiver | undefined;
    const actor: VersionActor = { type: 'admin' };
    const start = new Date();
    const at = (ms: number) => new Date(start.getTime() + ms);
    const hook = async (url: string, triggers: WebhookTrigger[], active = true, projectId = project.id): Promise<StoredWebhook> => {
      const t = start.toISOString();
      return store.webhooks.create({
        id: newId(),
        projectId,
        url,
        triggers,
        active,
        secret: `whsec_${Buffer.from(newId()).toString('base64')}`,
        createdAt: t,
        updatedAt: t,
      });
    };
    const dispatcher = (clock: { now: Date }) => new WebhookDispatcher(store.webhooks, { allowPrivate: true, now: () => clock.now });

    beforeEach(async () => {
      place = await places.make();
      store = await places.open(place);
      project = await store.createProject({ id: newId(), alias: 'hooks', name: 'H', visibility: 'public', createdAt: start.toISOString() });
      model = await store.createModel({
        id: newId(),
        projectId: project.id,
        key: 'shelters',
        name: 'S',
        public: true,
        fields: [{ key: 'name', type: 'text' }],
        createdAt: start.toISOString(),
      });
    });
    afterEach(async () => {
      await store.close();
      await receiver?.close();
      receiver = undefined;
    });

    it('adds an outbox row per active webhook of the project whose triggers name the event, with the write', async () => {
      const all = await hook('http://127.0.0.1:9/all', [...WEBHOOK_TRIGGERS]);
      const publishOnly = await hook('http://127.0.0.1:9/publish', ['item.publish']);
      const inactive = await hook('http://127.0.0.1:9/off', [...WEBHOOK_TRIGGERS], false);
      const other = await store.createProject({ id: newId(), alias: 'other', name: 'O', visibility: 'public', createdAt: start.toISOString() });
      const elsewhere = await hook('http://127.0.0.1:9/other', [...WEBHOOK_TRIGGERS], true, other.id);
      const [item] = await store.insertItems(model.id, [{ public: false, fields: { name: 'Hall' } }], at(1).toISOString(), actor);
      await store.updateItem(model.id, item!.id, { public: true, fields: { name: 'Hall 2' }, updatedAt: at(2).toISOString(), actor });
      await store.deleteItem(model.id, item!.id);
      const [asset] = await store.insertAssets(
        project.id,
        [{ projectId: project.id, name: 'a.json', contentType: 'application/json', size: 2, public: true, storageKey: 'k', files: null }],
        at(3).toISOString(),
      );
      await store.deleteAsset(project.id, asset!.id);
      // An import's items are not announced one by one.
      expect(await store.importItems(model.id, [{ public: true, fields: { name: 'x' } }], at(4).toISOString(), actor)).toBe(1);

      const types = (await store.webhooks.listDeliveries(all.id, 50)).map((d) => d.type).reverse();
      expect(types.slice(0, 2)).toEqual(['item.create', 'item.update']);
      expect(new Set(types)).toEqual(new Set(WEBHOOK_TRIGGERS.filter((t) => t !== 'item.unpublish')));
      expect(types).toHaveLength(6);
      const published = await store.webhooks.listDeliveries(publishOnly.id, 50);
      expect(published.map((d) => d.type)).toEqual(['item.publish']);
      expect(JSON.parse(published[0]!.payload)).toEqual({
        type: 'item.publish',
        timestamp: at(2).toISOString(),
        data: {
          model: 'shelters',
          item: { id: item!.id, public: true, fields: { name: 'Hall 2' }, createdAt: at(1).toISOString(), updatedAt: at(2).toISOString() },
        },
      });
      // One event, one id, whichever webhook is told.
      const publishOfAll = (await store.webhooks.listDeliveries(all.id, 50)).find((d) => d.type === 'item.publish')!;
      expect(publishOfAll.id).toBe(published[0]!.id);
      expect(published[0]).toMatchObject({ status: 'pending', attempts: 0, lastCode: null });
      expect(await store.webhooks.listDeliveries(inactive.id, 50)).toEqual([]);
      expect(await store.webhooks.listDeliveries(elsewhere.id, 50)).toEqual([]);
      // Deleting a webhook takes its deliveries with it.
      expect(await store.webhooks.delete(project.id, all.id)).toBe(true);
      expect(await store.webhooks.listDeliveries(all.id, 50)).toEqual([]);
    });

    it('sends each delivery signed (standardwebhooks verifies it); a 500 is tried again on the schedule, a 200 ends it, and nothing is sent twice', async () => {
      receiver = await startReceiver([500]);
      const h = await hook(receiver.url, ['item.create']);
      await store.insertItems(model.id, [{ public: true, fields: { name: 'Hall' } }], start.toISOString(), actor);
      const clock = { now: start };
      const sender = dispatcher(clock);
      expect(await sender.deliverDue()).toBe(1);
      let [d] = await store.webhooks.listDeliveries(h.id, 10);
      expect(d).toMatchObject({ status: 'pending', attempts: 1, lastCode: 500, nextAt: at(RETRY_DELAYS_MS[0]!).toISOString() });
      // Not due yet: nothing is sent.
      expect(await sender.deliverDue()).toBe(0);
      clock.now = at(RETRY_DELAYS_MS[0]!);
      expect(await sender.deliverDue()).toBe(1);
      [d] = await store.webhooks.listDeliveries(h.id, 10);
      expect(d).toMatchObject({ status: 'delivered', attempts: 2, lastCode: 200, nextAt: null });
      clock.now = at(10 * 24 * 3_600_000);
      expect(await sender.deliverDue()).toBe(0);
      expect(receiver.received).toHaveLength(2);
      for (const r of receiver.received) {
        const verified = new Webhook(h.secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: { model: string } };
        expect(verified).toMatchObject({ type: 'item.create', data: { model: 'shelters' } });
        expect(r.headers['webhook-id']).toBe(d!.id);
      }
      // Another secret does not verify it.
      expect(() =>
        new Webhook(`whsec_${Buffer.from('another secret of 24 bytes').toString('base64')}`).verify(
          receiver!.received[0]!.body,
          receiver!.received[0]!.headers as Record<string, string>,
        ),
      ).toThrow();
    });

    it('checks the address again when it connects: a receiver inside the network is not reached unless allowed', async () => {
      receiver = await startReceiver();
      const h = await hook(receiver.url, ['item.create']);
      await store.insertItems(model.id, [{ public: true, fields: { name: 'Hall' } }], start.toISOString(), actor);
      expect(await new WebhookDispatcher(store.webhooks, { allowPrivate: false, now: () => start }).deliverDue()).toBe(1);
      expect(receiver.received).toHaveLength(0);
      const [d] = await store.webhooks.listDeliveries(h.id, 10);
      expect(d).toMatchObject({ status: 'pending', lastCode: null, attempts: 1 });
      expect(d!.lastError).toContain('ORBIS_WEBHOOK_ALLOW_PRIVATE');
    });

    it('tries a delivery that keeps failing for more than a day, then gives it up', async () => {
      receiver = await startReceiver(Array.from({ length: 20 }, () => 503));
      const h = await hook(receiver.url, ['item.create']);
      await store.insertItems(model.id, [{ public: true, fields: { name: 'Hall' } }], start.toISOString(), actor);
      const clock = { now: start };
      const sender = dispatcher(clock);
      let tries = 0;
      for (;;) {
        tries += await sender.deliverDue();
        const [d] = await store.webhooks.listDeliveries(h.id, 10);
        if (d!.status !== 'pending') break;
        clock.now = new Date(d!.nextAt!);
      }
      expect(tries).toBe(RETRY_DELAYS_MS.length + 1);
      expect(clock.now.getTime() - start.getTime()).toBeGreaterThan(24 * 3_600_000);
      expect((await store.webhooks.listDeliveries(h.id, 10))[0]).toMatchObject({ status: 'failed', lastCode: 503, attempts: tries });
      expect(receiver.received).toHaveLength(tries);
      // Kept for the listing a while, then deleted; a pending one never is.
      await store.insertItems(model.id, [{ public: true, fields: { name: 'Tent' } }], clock.now.toISOString(), actor);
      clock.now = new Date(start.getTime() + KEEP_DONE_MS + 1);
      expect(await store.webhooks.prune(new Date(clock.now.getTime() - KEEP_DONE_MS).toISOString())).toBe(1);
      expect((await store.webhooks.listDeliveries(h.id, 10)).map((d) => d.status)).toEqual(['pending']);
    });

    it('a receiver that does not answer holds only its own delivery: another, due meanwhile, is sent while it waits', async () => {
      const slow = await startHoldingReceiver();
      receiver = await startReceiver();
      await hook(slow.url, ['item.create']);
      await hook(receiver.url, ['item.update']);
      const sender = new WebhookDispatcher(store.webhooks, { allowPrivate: true });
      sender.start();
      try {
        const [item] = await store.insertItems(model.id, [{ public: true, fields: { name: 'Hall' } }], start.toISOString(), actor);
        await slow.nth(1);
        // Due once the slow receiver holds its try: sent without waiting for that try's end (its 10 s limit).
        await store.updateItem(model.id, item!.id, { fields: { name: 'Hall 2' }, updatedAt: start.toISOString(), actor });
        expect(JSON.parse((await receiver.nth(1)).body).type).toBe('item.update');
        expect(slow.open()).toBe(1);
      } finally {
        await slow.close();
        await sender.stop();
      }
    });

    it('sends after a restart, once, what was due at the stop; a try cut off by a crash is made again after its hold', async () => {
      receiver = await startReceiver();
      const h = await hook(receiver.url, ['item.create', 'item.update']);
      const [item] = await store.insertItems(model.id, [{ public: true, fields: { name: 'Hall' } }], start.toISOString(), actor);
      // The server stops before its dispatcher sent either.
      await store.updateItem(model.id, item!.id, { fields: { name: 'Hall 2' }, updatedAt: at(1).toISOString(), actor });
      await store.close();
      store = await places.open(place);
      const clock = { now: at(2) };
      // Both are due: sent once each, once.
      expect(await dispatcher(clock).deliverDue()).toBe(2);
      expect(await dispatcher(clock).deliverDue()).toBe(0);
      expect(receiver.received.map((r) => JSON.parse(r.body).type).sort()).toEqual(['item.create', 'item.update']);
      // A process claims the next delivery and dies before it is sent.
      await store.updateItem(model.id, item!.id, { fields: { name: 'Hall 3' }, updatedAt: at(3).toISOString(), actor });
      const claimed = await store.webhooks.claimDue(at(3).toISOString(), at(63_000).toISOString(), 10);
      expect(claimed).toHaveLength(1);
      await store.close();
      store = await places.open(place);
      // Held while the dead process might still be sending it, due again after.
      expect(await dispatcher({ now: at(4) }).deliverDue()).toBe(0);
      expect(await dispatcher({ now: at(63_000) }).deliverDue()).toBe(1);
      expect(receiver.received).toHaveLength(3);
      expect((await store.webhooks.listDeliveries(h.id, 10))[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    });
  });
}
