import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Harness, startHarness } from '../../test/harness.js';
import { addMember, signedInUser, type TestUser } from '../../test/team.js';
import { startReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';

const METRICS_TOKEN = 'metrics-token-0123456789-0123456789-01';
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });

describe('webhooks refused at addresses inside the network (docs/contract.md §16)', () => {
  let h: Harness;
  let writer: TestUser;
  beforeAll(async () => {
    h = await startHarness();
    await h.project('city');
    writer = await signedInUser(h, 'wanda@example.org');
    await addMember(h, 'city', writer.email, 'writer');
  });
  afterAll(() => h.close());

  it('refuses loopback, private and link-local hosts, by address or by name, without ORBIS_WEBHOOK_ALLOW_PRIVATE', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest',
      'http://[fd00::1]/hook',
    ]) {
      const res = await json(await h.admin('POST', '/api/projects/city/webhooks', { url, triggers: ['item.create'] }));
      expect(res.status, url).toBe(400);
      expect(res.body.error.code).toBe('invalid_body');
      expect(res.body.error.message).toContain('ORBIS_WEBHOOK_ALLOW_PRIVATE');
    }
    expect((await json(await h.admin('GET', '/api/projects/city/webhooks'))).body).toEqual([]);
    // A public address is taken (nothing happens in this project, so nothing is sent to it).
    expect(
      (await json(await h.admin('POST', '/api/projects/city/webhooks', { url: 'https://203.0.113.9/hook', triggers: ['item.create'] }))).body,
    ).toMatchObject({ url: 'https://203.0.113.9/hook' });
  });

  it('refuses an unknown trigger or a URL that is not http(s), and a writer', async () => {
    expect(
      (await json(await h.admin('POST', '/api/projects/city/webhooks', { url: 'https://example.org/h', triggers: ['item.explode'] }))).body.error.message,
    ).toContain('item.explode');
    expect((await h.admin('POST', '/api/projects/city/webhooks', { url: 'ftp://example.org/h', triggers: ['item.create'] })).status).toBe(400);
    expect((await writer.call('POST', '/api/projects/city/webhooks', { url: 'https://example.org/h', triggers: ['item.create'] })).status).toBe(403);
    expect((await writer.call('GET', '/api/projects/city/webhooks')).status).toBe(403);
  });
});

describe('webhook deliveries (docs/content-workflow.md, "Webhooks")', () => {
  let h: Harness;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    h = await startHarness({ ORBIS_WEBHOOK_ALLOW_PRIVATE: '1', ORBIS_METRICS_TOKEN: METRICS_TOKEN });
    await h.project('city');
    const fields = [{ key: 'name', type: 'text' }];
    expect((await h.admin('POST', '/api/projects/city/models', { key: 'shelters', name: 'Shelters', public: false, fields })).status).toBe(201);
  });
  afterAll(async () => {
    await h.close();
    await receiver.close();
  });

  it('shows the secret once, delivers signed events a receiver verifies, and lists the deliveries with their answers', async () => {
    const created = await json(await h.admin('POST', '/api/projects/city/webhooks', { url: receiver.url, triggers: ['item.create', 'item.publish'] }));
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);
    const { secret, ...shown } = created.body;
    expect((await json(await h.admin('GET', '/api/projects/city/webhooks'))).body).toEqual([shown]);
    expect((await json(await h.admin('GET', `/api/projects/city/webhooks/${shown.id}`))).body).not.toHaveProperty('secret');

    const item = (await json(await h.admin('POST', '/api/projects/city/models/shelters/items', { fields: { name: 'Hall' } }))).body;
    expect((await h.admin('PATCH', `/api/projects/city/models/shelters/items/${item.id}`, { fields: { name: 'Gym' } })).status).toBe(200);
    expect((await h.admin('PATCH', `/api/projects/city/models/shelters/items/${item.id}`, { public: true })).status).toBe(200);
    const events = [await receiver.nth(1), await receiver.nth(2)].map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as any);
    expect(events.map((e) => e.type)).toEqual(['item.create', 'item.publish']);
    expect(events[1].data).toMatchObject({ model: 'shelters', item: { id: item.id, public: true, fields: { name: 'Gym' } } });

    await vi.waitFor(async () => {
      const deliveries = (await json(await h.admin('GET', `/api/projects/city/webhooks/${shown.id}/deliveries`))).body;
      expect(deliveries.map((d: any) => [d.type, d.status, d.statusCode, d.attempts])).toEqual([
        ['item.publish', 'delivered', 200, 1],
        ['item.create', 'delivered', 200, 1],
      ]);
      expect(Object.keys(deliveries[0])).toEqual(['id', 'type', 'status', 'attempts', 'statusCode', 'error', 'attemptedAt', 'nextAttemptAt', 'createdAt']);
    });
    const metrics = await (await h.get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).text();
    expect(metrics).toContain('orbis_webhook_deliveries_total{outcome="delivered"} 2');
  });

  it('stops telling an inactive webhook, and a deleted one goes with its deliveries', async () => {
    const hook = (await json(await h.admin('POST', '/api/projects/city/webhooks', { url: receiver.url, triggers: ['item.delete'], active: false }))).body;
    const item = (await json(await h.admin('POST', '/api/projects/city/models/shelters/items', { fields: { name: 'Tent' } }))).body;
    expect((await h.admin('DELETE', `/api/projects/city/models/shelters/items/${item.id}`)).status).toBe(204);
    expect((await json(await h.admin('GET', `/api/projects/city/webhooks/${hook.id}/deliveries`))).body).toEqual([]);
    expect((await json(await h.admin('PATCH', `/api/projects/city/webhooks/${hook.id}`, { active: true }))).body.active).toBe(true);
    expect((await h.admin('DELETE', `/api/projects/city/webhooks/${hook.id}`)).status).toBe(204);
    expect((await h.admin('GET', `/api/projects/city/webhooks/${hook.id}/deliveries`)).status).toBe(404);
  });
});
