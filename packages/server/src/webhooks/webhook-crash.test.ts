import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { describe, it } from 'vitest';
import { ADMIN_TOKEN, postgresS3Env } from '../test/harness.js';
import { type ServerProcess, startServerProcess } from '../test/server-process.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether the receiver answered it 200 (acknowledged); a held request never is. */
  acknowledged: boolean;
}

/**
 * A receiver on 127.0.0.1 that answers 200 while `holding` is off, and holds every request while
 * it is on (never answers: the sender dies waiting, or gives the try up at its time limit).
 */
async function receiverOn() {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  const waiting: { holds: () => boolean; resolve: () => void }[] = [];
  const control = { holding: false };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), acknowledged: !control.holding };
      received.push(r);
      if (control.holding) held.push(res);
      else res.writeHead(200).end();
      for (const w of waiting.filter((x) => x.holds())) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    control,
    /** Resolves once `holds` is true of what was received. */
    until: (holds: () => boolean) => (holds() ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ holds, resolve }))),
    close: () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function call(server: ServerProcess, method: string, path: string, body?: unknown) {
  const res = await fetch(server.url + path, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text === '' ? null : JSON.parse(text)) as any };
}

/** Each change's events, named `type name` (the item's name after the change, or before it for a delete). */
const DELIVERED = ['item.create A'];
/** Made while the receiver holds every request: the first is surely in flight at the kill, the others in flight or in the outbox. */
const HELD = ['item.create B', 'item.update A2', 'item.update B', 'item.publish B', 'item.delete A2', 'item.create C'];
const EVENTS = [...DELIVERED, ...HELD];

describe('webhooks: the server killed while it delivers (docs/content-workflow.md, "Delivery")', () => {
  // Both stores at once: each waits out the hold of a try the killed server had claimed (six
  // times the receivers' time limit: 30 s at the 5 s set here, 60 s at the default 10 s).
  it.for([
    ['sqlite', async () => ({})],
    ['postgres-s3', postgresS3Env],
  ] as const)(
    'on %s, changes delivered, in flight and in the outbox when the server is killed (SIGKILL) are each delivered after the restart under one webhook-id: none lost, none doubled',
    { concurrent: true, timeout: 240_000 },
    async ([, envOf], { expect }) => {
      const receiver = await receiverOn();
      const dataDir = mkdtempSync(join(tmpdir(), 'orbis-hook-crash-'));
      const env = { ...(await envOf()), ORBIS_ADMIN_TOKEN: ADMIN_TOKEN, ORBIS_WEBHOOK_ALLOW_PRIVATE: '1', ORBIS_WEBHOOK_TIMEOUT: '5' };
      let server = await startServerProcess(dataDir, env);
      let secret = '';
      /** A received request read and verified (a forged or unsigned one throws). */
      const eventOf = (r: Received) => {
        const event = new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as {
          type: string;
          data: { item: { fields: { name: string } } };
        };
        return { id: r.headers['webhook-id'] as string, name: `${event.type} ${event.data.item.fields.name}`, acknowledged: r.acknowledged };
      };
      const acknowledged = () =>
        new Set(
          receiver.received
            .map(eventOf)
            .filter((e) => e.acknowledged)
            .map((e) => e.name),
        );
      try {
        const item = (id: string) => `/api/projects/city/models/halls/items/${id}`;
        expect((await call(server, 'POST', '/api/projects', { alias: 'city', name: 'City', visibility: 'public' })).status).toBe(201);
        expect((await call(server, 'POST', '/api/projects/city/models', { key: 'halls', public: true, fields: [{ key: 'name', type: 'text' }] })).status).toBe(
          201,
        );
        const triggers = ['item.create', 'item.update', 'item.delete', 'item.publish'];
        const hook = await call(server, 'POST', '/api/projects/city/webhooks', { url: receiver.url, triggers });
        expect(hook.status).toBe(201);
        secret = hook.body.secret;
        // Delivered and acknowledged before the crash.
        const a = (await call(server, 'POST', '/api/projects/city/models/halls/items', { fields: { name: 'A' }, public: true })).body;
        await receiver.until(() => acknowledged().has('item.create A'));
        // In flight: the receiver holds every try from now on; the next changes' deliveries are held too, or still in the outbox when the server dies.
        receiver.control.holding = true;
        const b = (await call(server, 'POST', '/api/projects/city/models/halls/items', { fields: { name: 'B' }, public: false })).body;
        await receiver.until(() => receiver.received.length >= 2);
        expect((await call(server, 'PATCH', item(a.id), { fields: { name: 'A2' } })).status).toBe(200);
        expect((await call(server, 'PATCH', item(b.id), { public: true })).status).toBe(200);
        expect((await call(server, 'DELETE', item(a.id))).status).toBe(204);
        expect((await call(server, 'POST', '/api/projects/city/models/halls/items', { fields: { name: 'C' } })).status).toBe(201);
        await server.kill();
        receiver.control.holding = false;
        server = await startServerProcess(dataDir, env);
        // What the outbox holds due is sent at once; each try the dead server held, once its 30 s hold is over.
        await receiver.until(() => acknowledged().size === EVENTS.length);
        const hookId = hook.body.id as string;
        const deliveries = async () => (await call(server, 'GET', `/api/projects/city/webhooks/${hookId}/deliveries`)).body as any[];
        await expect.poll(async () => (await deliveries()).filter((d) => d.status === 'delivered').length, { timeout: 30_000 }).toBe(EVENTS.length);

        const events = receiver.received.map(eventOf);
        // Every change told, and each under one webhook-id: a second try of the held one repeats its id and body.
        expect([...acknowledged()].sort()).toEqual([...EVENTS].sort());
        const idsOf = (name: string) => [...new Set(events.filter((e) => e.name === name).map((e) => e.id))];
        for (const name of EVENTS) expect(idsOf(name), name).toHaveLength(1);
        expect(new Set(events.map((e) => e.id)).size).toBe(EVENTS.length);
        const held = receiver.received.filter((r) => r.headers['webhook-id'] === idsOf('item.create B')[0]);
        expect(held.length).toBeGreaterThanOrEqual(2);
        expect(new Set(held.map((r) => r.body)).size).toBe(1);
        // The outbox agrees: one delivery per event, all delivered; the held one after more than one try.
        const rows = await deliveries();
        expect(rows.map((d) => d.id).sort()).toEqual(EVENTS.map((name) => idsOf(name)[0]).sort());
        expect(rows.every((d) => d.status === 'delivered' && d.statusCode === 200)).toBe(true);
        expect(rows.find((d) => d.id === idsOf('item.create B')[0]).attempts).toBeGreaterThanOrEqual(2);
        expect(rows.find((d) => d.id === idsOf('item.create A')[0]).attempts).toBe(1);
      } catch (err) {
        throw new Error(`${(err as Error).message}\n${server.output()}`, { cause: err });
      } finally {
        await server.stop();
        await receiver.close();
      }
    },
  );
});
