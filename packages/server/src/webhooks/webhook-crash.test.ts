import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { describe, it } from 'vitest';
import { ADMIN_TOKEN, postgresS3Env } from '../test/harness.js';
import { type ServerProcess, startServerProcess } from '../test/server-process.js';

/** A receiver on 127.0.0.1 that never answers its first request (the sender dies holding it) and answers the others 200. */
async function holdingReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const held: ServerResponse[] = [];
  const waiting: { n: number; resolve: () => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (received.length === 1) held.push(res);
      else res.writeHead(200).end();
      for (const w of waiting.filter((x) => x.n <= received.length)) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    has: (n: number) => (received.length >= n ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ n, resolve }))),
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
  return { status: res.status, body: (await res.json()) as any };
}

describe('webhooks: the server killed while it delivers (docs/content-workflow.md, "Delivery")', () => {
  // Both stores at once: each waits out the 60 s hold.
  it.for([
    ['sqlite', async () => ({})],
    ['postgres-s3', postgresS3Env],
  ] as const)(
    'on %s, a delivery under way when the server is killed (SIGKILL) is sent again after the restart, once its hold is over: the same event, signed, delivered',
    { concurrent: true, timeout: 180_000 },
    async ([, envOf], { expect }) => {
      const receiver = await holdingReceiver();
      const dataDir = mkdtempSync(join(tmpdir(), 'orbis-hook-crash-'));
      const env = { ...(await envOf()), ORBIS_ADMIN_TOKEN: ADMIN_TOKEN, ORBIS_WEBHOOK_ALLOW_PRIVATE: '1' };
      let server = await startServerProcess(dataDir, env);
      try {
        expect((await call(server, 'POST', '/api/projects', { alias: 'city', name: 'City', visibility: 'public' })).status).toBe(201);
        expect((await call(server, 'POST', '/api/projects/city/models', { key: 'halls', public: true, fields: [{ key: 'name', type: 'text' }] })).status).toBe(
          201,
        );
        const hook = await call(server, 'POST', '/api/projects/city/webhooks', { url: receiver.url, triggers: ['item.create'] });
        expect(hook.status).toBe(201);
        expect((await call(server, 'POST', '/api/projects/city/models/halls/items', { fields: { name: 'Hall A' } })).status).toBe(201);
        // The first try reaches the receiver, which holds it: the server dies while it waits for the answer.
        await receiver.has(1);
        await server.kill();
        server = await startServerProcess(dataDir, env);
        // The restarted server finds the delivery claimed by the dead one, and sends it once the 60 s hold is over.
        await receiver.has(2);
        const [first, second] = receiver.received;
        expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
        expect(second!.body).toBe(first!.body);
        const event = new Webhook(hook.body.secret).verify(second!.body, second!.headers as Record<string, string>) as {
          type: string;
          data: { item: { fields: unknown } };
        };
        expect(event).toMatchObject({ type: 'item.create', data: { item: { fields: { name: 'Hall A' } } } });
        await expect
          .poll(async () => (await call(server, 'GET', `/api/projects/city/webhooks/${hook.body.id}/deliveries`)).body, { timeout: 30_000 })
          .toEqual([expect.objectContaining({ type: 'item.create', status: 'delivered', attempts: 2, statusCode: 200 })]);
        expect(receiver.received).toHaveLength(2);
      } catch (err) {
        throw new Error(`${(err as Error).message}\n${server.output()}`, { cause: err });
      } finally {
        await server.stop();
        await receiver.close();
      }
    },
  );
});
