import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, postgresS3Env, TEST_BACKEND } from '../test/harness.js';
import { type LiveClient, liveClient } from '../test/live-client.js';
import { type RedisProcess, startRedis } from '../test/redis-server.js';
import { type ServerProcess, startServerProcess } from '../test/server-process.js';

/**
 * docs/scale-out.md, "Live scenes": two processes behind one address share each live document
 * through Hocuspocus's Redis extension; an edit made on one reaches an editor of the other at once.
 * Always on PostgreSQL (processes share a database there), so it runs once, in the SQLite project.
 */
describe.skipIf(TEST_BACKEND === 'postgres-s3')('live scenes across processes (Redis)', () => {
  let redis: RedisProcess;
  let a: ServerProcess;
  let b: ServerProcess;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    const env = {
      ...(await postgresS3Env()),
      ORBIS_ADMIN_TOKEN: ADMIN_TOKEN,
      ORBIS_CURSOR_SECRET: 'shared-cursor-secret-0123456789',
      ORBIS_REDIS_URL: redis.url,
    };
    [a, b] = await Promise.all([
      startServerProcess(mkdtempSync(join(tmpdir(), 'orbis-a-')), env),
      startServerProcess(mkdtempSync(join(tmpdir(), 'orbis-b-')), env),
    ]);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await Promise.all([a?.stop(), b?.stop()]);
    redis?.stop();
  });

  it('an edit through one process reaches an editor on the other, and a PUT on either reaches both', async () => {
    const created = await fetch(`${a.url}/api/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ alias: 'shared' }),
    });
    expect(created.status).toBe(201);
    const onA = liveClient(a.url, 'shared', { token: ADMIN_TOKEN });
    const onB = liveClient(b.url, 'shared', { token: ADMIN_TOKEN });
    clients.push(onA, onB);
    await Promise.all([onA.synced, onB.synced]);
    onA.edit((s) => s.layers.push({ id: 'from-a', title: 'A', type: 'geojson', url: 'https://example.org/a.geojson', visible: true }));
    await expect.poll(() => onB.scene().layers.map((l) => l.id)).toEqual(['from-a']);
    onB.edit((s) => (s.layers[0]!.title = 'renamed on B'));
    await expect.poll(() => onA.scene().layers[0]?.title).toBe('renamed on B');
    const scene = onB.scene();
    const put = await fetch(`${b.url}/api/projects/shared/scene`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...scene, camera: { ...scene.camera, height: 4242 } }),
    });
    expect(put.status).toBe(200);
    await expect.poll(() => onA.scene().camera.height).toBe(4242);
    const fromA = await (await fetch(`${a.url}/api/projects/shared/scene`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json();
    expect(fromA).toEqual(onA.scene());
  });
});
