import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Layer } from '@orbis/scene';
import * as Y from 'yjs';
import { ADMIN_TOKEN, postgresS3Env, TEST_BACKEND } from '../test/harness.js';
import { editScene, type LiveClient, liveClient } from '../test/live-client.js';
import { type ServerProcess, startServerProcess } from '../test/server-process.js';

const OPERATIONS = 500;

const op = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('add' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), at: fc.nat(20) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('restyle' as const), at: fc.nat(20), size: fc.integer({ min: 1, max: 30 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('rename' as const), at: fc.nat(20), title: fc.string({ minLength: 1, maxLength: 6 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('move' as const), at: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('camera' as const), height: fc.integer({ min: 100, max: 10_000_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('page' as const), text: fc.string({ maxLength: 8 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('toggle-connection' as const) }) },
);

/** Whether every change `client` holds is in `server`: each client id's clock in the server's state vector is at least the client's. */
function holdsAll(server: Map<number, number>, client: Map<number, number>): boolean {
  return [...client].every(([id, clock]) => (server.get(id) ?? 0) >= clock);
}

/**
 * docs/collaboration.md, "Convergence": 2–5 editors make 500 random scene operations at once,
 * disconnect and reconnect at random, and the server is killed (SIGKILL) once in the middle and
 * started again. Every editor ends with the same scene, equal to the stored one, and no change the
 * server had acknowledged before the kill is lost.
 */
describe(`the live scene converges and loses nothing (${TEST_BACKEND})`, () => {
  // CI's Node 22 runs on PostgreSQL hung here (stops 46 and 47): the server, stopped while its editors
  // reconnected, kept a document Hocuspocus had dropped from its list, whose timer held the process
  // open (live-hocuspocus.ts); `stop` now fails naming a process that does not exit. It has passed on
  // its first try in every CI run since, on both stores and both Nodes, so it has no second try.
  it('random operations, disconnects and one kill -9', { timeout: 200_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 5 }),
        fc.array(fc.tuple(fc.nat(4), op), { minLength: OPERATIONS, maxLength: OPERATIONS }),
        fc.integer({ min: 100, max: OPERATIONS - 100 }),
        async (count, steps, killAt) => {
          const dataDir = mkdtempSync(join(tmpdir(), 'orbis-live-'));
          const env = {
            ORBIS_ADMIN_TOKEN: ADMIN_TOKEN,
            ORBIS_CURSOR_SECRET: 'test-cursor-secret-0123456789',
            ...(TEST_BACKEND === 'postgres-s3' ? await postgresS3Env() : {}),
          };
          let server: ServerProcess = await startServerProcess(dataDir, env);
          const admin = (method: string, path: string, body?: unknown) =>
            fetch(server.url + path, {
              method,
              headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
              body: body === undefined ? undefined : JSON.stringify(body),
            });
          expect((await admin('POST', '/api/projects', { alias: 'race' })).status).toBe(201);
          const docs = Array.from({ length: count }, () => new Y.Doc());
          const clients: (LiveClient | undefined)[] = docs.map((doc) => liveClient(server.url, 'race', { token: ADMIN_TOKEN, doc }));
          let added = 0;
          try {
            await Promise.all(clients.map((c) => c!.synced));
            for (const [i, [who, step]] of steps.entries()) {
              if (i === killAt) {
                // What the server holds (it applies, and so shows, an update only once it is stored), read by a
                // new editor while the others go on editing; then the server is killed at once.
                const observer = liveClient(server.url, 'race', { token: ADMIN_TOKEN });
                await observer.synced;
                const acknowledged = [Y.decodeStateVector(Y.encodeStateVector(observer.doc))];
                observer.close();
                for (const c of clients) c?.edit((s) => (s.camera.roll = (s.camera.roll + 1) % 360));
                await server.kill();
                for (const c of clients) c?.close();
                clients.fill(undefined);
                server = await startServerProcess(dataDir, env);
                // Before any editor is back to send its changes again: the restarted server holds every acknowledged one.
                const fresh = liveClient(server.url, 'race', { token: ADMIN_TOKEN });
                await fresh.synced;
                const held = Y.decodeStateVector(Y.encodeStateVector(fresh.doc));
                fresh.close();
                expect(acknowledged.length).toBeGreaterThan(0);
                for (const vector of acknowledged) expect(holdsAll(held, vector)).toBe(true);
                // Each editor comes back with what it changed meanwhile (offline changes merge on reconnect).
                docs.forEach((doc, k) => (clients[k] = liveClient(server.url, 'race', { token: ADMIN_TOKEN, doc })));
              }
              const k = who % count;
              if (step.kind === 'toggle-connection') {
                if (clients[k]) {
                  clients[k]!.close();
                  clients[k] = undefined;
                } else {
                  clients[k] = liveClient(server.url, 'race', { token: ADMIN_TOKEN, doc: docs[k]! });
                }
                continue;
              }
              editScene(docs[k]!, (s) => {
                const target = s.layers.length > 0 && 'at' in step ? s.layers[step.at % s.layers.length] : undefined;
                if (step.kind === 'add')
                  s.layers.push({ id: `l${k}-${added++}`, title: 'new', type: 'geojson', url: 'https://example.org/a.geojson', visible: true } satisfies Layer);
                else if (step.kind === 'remove' && target) s.layers.splice(s.layers.indexOf(target), 1);
                else if (step.kind === 'restyle' && target) target.appearance = { marker: { ...target.appearance?.marker, pointSize: step.size } };
                else if (step.kind === 'rename' && target) target.title = step.title;
                else if (step.kind === 'move' && target) s.layers.unshift(...s.layers.splice(s.layers.indexOf(target), 1));
                else if (step.kind === 'camera') s.camera.height = step.height;
                else if (step.kind === 'page') s.story.pages.push({ id: `p${k}-${added++}`, title: 'page', text: step.text, camera: s.camera });
              });
              // Let the sockets breathe now and then, so that edits interleave with syncs.
              if (i % 25 === 0) await new Promise((r) => setTimeout(r, 10));
            }
            docs.forEach((doc, k) => (clients[k] ??= liveClient(server.url, 'race', { token: ADMIN_TOKEN, doc })));
            await Promise.all(clients.map((c) => c!.synced));
            await Promise.all(clients.map((c) => c!.settled()));
            // Every editor has every change: one state vector among them (read anew each time: the first may still be catching up).
            await expect.poll(() => new Set(docs.map((d) => Buffer.from(Y.encodeStateVector(d)).toString('base64'))).size, { timeout: 60_000 }).toBe(1);
            // Equal as values: each client's maps list their keys in the order it received them.
            await expect.poll(() => clients.every((c) => isDeepStrictEqual(c!.scene(), clients[0]!.scene())), { timeout: 60_000 }).toBe(true);
            const scene = clients[0]!.scene();
            // After a clean restart the stored scene is what every editor holds.
            await server.stop();
            server = await startServerProcess(dataDir, env);
            const stored = await (await admin('GET', '/api/projects/race/scene')).json();
            expect(stored).toEqual(scene);
          } finally {
            for (const c of clients) c?.close();
            await server.stop();
          }
        },
      ),
      { numRuns: 1, endOnFailure: true },
    );
    // Three `orbis serve` processes start in this test; each took 5–12 s on a loaded 2-core machine (about 1 s idle).
  });
});
