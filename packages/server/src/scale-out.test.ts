import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresS3Env } from './test/harness.js';

const BIN = fileURLToPath(new URL('../bin/orbis.js', import.meta.url));
const ADMIN = 'scale-out-admin-token-0123456789';

interface Proc {
  child: ChildProcess;
  url: string;
}

/** Starts `orbis serve` as its own process, with its own data dir, on the shared database and bucket. */
function serve(env: Record<string, string>): Promise<Proc> {
  const dataDir = mkdtempSync(join(tmpdir(), 'orbis-proc-'));
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, ...env, ORBIS_LOG_LEVEL: 'warn', PORT: '', HOST: '' },
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /^Orbis listening on (http:\/\/\S+)$/m.exec(out);
      if (m) resolve({ child, url: m[1]! });
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
  });
}

describe('several processes on one PostgreSQL database and one bucket', () => {
  let a: Proc;
  let b: Proc;
  const admin = { authorization: `Bearer ${ADMIN}` };

  beforeAll(async () => {
    const env = { ...(await postgresS3Env()), ORBIS_ADMIN_TOKEN: ADMIN, ORBIS_CURSOR_SECRET: 'shared-cursor-secret-0123456789' };
    // Started together: they race to migrate and to create the demo.
    [a, b] = await Promise.all([serve(env), serve(env)]);
  });
  afterAll(() => {
    for (const p of [a, b]) p?.child.kill('SIGKILL');
  });

  it('migrates once and creates one demo between them', async () => {
    for (const p of [a, b]) {
      const demo = await (await fetch(`${p.url}/api/p/demo/assets.json`)).json();
      expect(demo.totalCount).toBe(4);
    }
    const projects = await (await fetch(`${a.url}/api/projects`, { headers: admin })).json();
    expect(projects.filter((p: { alias: string }) => p.alias === 'demo')).toHaveLength(1);
  });

  it('lists and serves through one process what was uploaded through the other', async () => {
    const created = await fetch(`${a.url}/api/projects`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ alias: 'shared', visibility: 'private' }),
    });
    expect(created.status).toBe(201);
    const names: string[] = [];
    for (let i = 0; i < 7; i++) {
      const form = new FormData();
      form.append('public', 'true');
      form.append('file', new Blob([`{"type":"FeatureCollection","features":[],"n":${i}}`]), `part-${i}.geojson`);
      const via = i % 2 === 0 ? a : b;
      const res = await fetch(`${via.url}/api/projects/shared/assets`, { method: 'POST', headers: admin, body: form });
      expect(res.status).toBe(201);
      names.push(`part-${i}.geojson`);
    }
    const key = (
      await (
        await fetch(`${a.url}/api/projects/shared/keys`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: '{"name":"app"}' })
      ).json()
    ).key as string;
    const auth = { authorization: `Bearer ${key}` };

    // A cursor walk that hops between the processes at every page.
    const seen: string[] = [];
    let next: string | null = null;
    for (let page = 0; page < 10; page++) {
      const via = page % 2 === 0 ? b : a;
      const query: string = next ? `?limit=2&start_cursor=${encodeURIComponent(next)}` : '?limit=2';
      const body = await (await fetch(`${via.url}/api/p/shared/assets.json${query}`, { headers: auth })).json();
      seen.push(...body.results.map((r: { name: string }) => r.name));
      next = body.nextCursor;
      if (!body.hasMore) break;
    }
    expect(seen).toEqual(names);

    // Bytes uploaded through A come back through B, from the bucket.
    const listed = await (await fetch(`${b.url}/api/p/shared/assets.json`, { headers: auth })).json();
    const file = await fetch(`${b.url}${new URL(listed.results[3].url).pathname}`, { headers: auth });
    expect(await file.text()).toBe('{"type":"FeatureCollection","features":[],"n":3}');

    // A key revoked through B stops working on A at once.
    const keys = await (await fetch(`${b.url}/api/projects/shared/keys`, { headers: admin })).json();
    expect((await fetch(`${b.url}/api/projects/shared/keys/${keys[0].id}`, { method: 'DELETE', headers: admin })).status).toBe(204);
    expect((await fetch(`${a.url}/api/p/shared/assets.json`, { headers: auth })).status).toBe(401);
  });

  it('never answers from one process a cached page that the other has changed', async () => {
    const json = { ...admin, 'content-type': 'application/json' };
    await fetch(`${a.url}/api/projects`, { method: 'POST', headers: json, body: JSON.stringify({ alias: 'cached', visibility: 'public' }) });
    const form = new FormData();
    form.append('public', 'true');
    for (let i = 0; i < 5; i++) form.append('file', new Blob([`{"n":${i}}`]), `c-${i}.json`);
    const made = (await (await fetch(`${a.url}/api/projects/cached/assets`, { method: 'POST', headers: admin, body: form })).json()) as { id: string }[];
    const pages = ['?limit=3', '?offset=1&limit=3', '?page=2&limit=2'];
    const ids = async (via: Proc, query: string) =>
      ((await (await fetch(`${via.url}/api/p/cached/assets.json${query}`)).json()).results as { id: string }[]).map((r) => r.id);
    // Each page answered twice by A: the second answer comes from A's page cache.
    for (const q of pages) for (let i = 0; i < 2; i++) await ids(a, q);
    expect(await ids(a, '?limit=3')).toEqual(made.slice(0, 3).map((m) => m.id));

    // Unpublished through B: gone from A's next answers, with no wait.
    await fetch(`${b.url}/api/projects/cached/assets/${made[1]!.id}`, { method: 'PATCH', headers: json, body: '{"public":false}' });
    const left = made.filter((_, i) => i !== 1).map((m) => m.id);
    expect(await ids(a, '?limit=3')).toEqual(left.slice(0, 3));
    expect(await ids(a, '?offset=1&limit=3')).toEqual(left.slice(1, 4));
    expect(await ids(a, '?page=2&limit=2')).toEqual(left.slice(2, 4));

    // Deleted through B, then the project made private: A follows at once too.
    await fetch(`${b.url}/api/projects/cached/assets/${made[0]!.id}`, { method: 'DELETE', headers: admin });
    expect(await ids(a, '?limit=3')).toEqual(left.slice(1, 4));
    await fetch(`${b.url}/api/projects/cached`, { method: 'PATCH', headers: json, body: '{"visibility":"private"}' });
    expect((await fetch(`${a.url}/api/p/cached/assets.json?limit=3`)).status).toBe(401);
  });

  it('stops each process cleanly', async () => {
    for (const p of [a, b]) {
      const exited = new Promise<number | null>((r) => p.child.on('exit', r));
      p.child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });
});
