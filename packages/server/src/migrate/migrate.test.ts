import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../config/serve-config.js';
import { openStorage } from '../context.js';
import { type RunningServer, startServer } from '../server.js';
import type { Storage } from '../storage/storage.js';
import { postgresS3Env } from '../test/harness.js';
import { signIn, PASSWORD } from '../test/team.js';
import { checkTable } from './copy-rows.js';
import { migrate, MIGRATE_MARKER } from './migrate.js';
import { PostgresTables } from './postgres-tables.js';
import { SqliteTables } from './sqlite-tables.js';
import { copyable } from './table-database.js';

const BIN = fileURLToPath(new URL('../../bin/orbis.js', import.meta.url));
/**
 * Items generated beside the demo (docs/operations.md): every batch size of the ramp (100 doubling to 2,000,
 * copy-rows.ts), then seven more full batches; `bench/migrate.js` moves 1,000,000. (With 100,000 the
 * file took 48 s alone instead of 21 s, and took no other path.)
 */
const ITEMS = 20_000;
/** A move of them both ways takes about 7 s alone: a loaded 2-core machine may need many times that. */
const MOVE_MS = 300_000;

const quiet = () => undefined;
const tempDir = (name: string) => mkdtempSync(join(tmpdir(), `orbis-${name}-`));

/** A server on an installation, with its secrets from its data dir (none from the environment). */
function serve(dataDir: string, env: Record<string, string> = {}, demo = false): Promise<RunningServer> {
  const config = resolveConfig({ port: '0', 'data-dir': dataDir, 'no-demo': !demo }, env);
  return startServer(config, { quiet: true, env });
}

async function filesOf(storage: Storage): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const { key } of storage.list())
    out.set(
      key,
      createHash('sha256')
        .update(Buffer.concat(await (await storage.read(key)).toArray()))
        .digest('hex'),
    );
  return out;
}

describe('orbis migrate (docs/operations.md, "Move to another store")', () => {
  const source = tempDir('migrate-source');
  let pg: Record<string, string>;
  const pgDir = tempDir('migrate-pg');
  let demoItems = 0;
  const secrets = { apiKey: '', cookie: '', token: '', adminToken: '', cursor: '', secondPage: '', demoAssets: '', sourceUrl: '' };

  beforeAll(async () => {
    // The demo, a private project with a key, a user with a session and a token, and generated items; then the server stops.
    const server = await serve(source, {}, true);
    const { ctx } = server;
    secrets.adminToken = ctx.adminToken;
    for (const m of await ctx.store.listModels((await ctx.store.getProjectByAlias('demo'))!.id)) demoItems += m.itemCount;
    const admin = (method: string, path: string, body?: unknown) =>
      fetch(server.url + path, {
        method,
        headers: { authorization: `Bearer ${ctx.adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await admin('POST', '/api/projects', { alias: 'vault', visibility: 'private' })).status).toBe(201);
    const project = (await ctx.store.getProjectByAlias('vault'))!;
    for (let i = 0; i < 3; i += 1)
      await ctx.assets.add(
        project,
        [{ name: `a${i}.geojson`, stream: (await import('node:stream')).Readable.from([`{"type":"FeatureCollection","features":[],"i":${i}}`]) }],
        false,
      );
    secrets.apiKey = (await ctx.keys.create(project, 'reader')).key;
    const model = await ctx.models.create(project, {
      key: 'rows',
      fields: [
        { key: 'n', type: 'number' },
        { key: 'label', type: 'text' },
      ],
    });
    await ctx.store.importItems(
      model.id,
      Array.from({ length: ITEMS }, (_, n) => ({ public: n % 3 !== 0, fields: { n, label: `row ${n} ✓` } })),
      new Date().toISOString(),
      { type: 'admin' },
    );
    // docs/content-workflow.md: a model that requires review with a draft, and a webhook (inactive: nothing is sent).
    const reviewed = await ctx.models.create(project, { key: 'reviewed', review: true, fields: [{ key: 'name', type: 'text' }] });
    await ctx.models.createItem(project, reviewed, { fields: { name: 'a draft' } }, { type: 'admin' });
    demoItems += 1; // this item is counted with the demo's: the items beside the generated ones
    await ctx.webhooks.create(project, { url: 'https://203.0.113.9/hook', triggers: ['item.create'], active: false });
    expect((await admin('POST', '/api/users', { email: 'ana@example.org', name: 'Ana', password: PASSWORD })).status).toBe(201);
    secrets.cookie = await signIn(server.url, 'ana@example.org');
    const token = await fetch(`${server.url}/api/tokens`, {
      method: 'POST',
      headers: { cookie: secrets.cookie, origin: server.url, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ci' }),
    });
    secrets.token = ((await token.json()) as { token: string }).token;
    const first = (await (await fetch(`${server.url}/api/p/vault/assets.json?limit=1`, { headers: { authorization: `Bearer ${secrets.apiKey}` } })).json()) as {
      nextCursor: string;
    };
    secrets.cursor = first.nextCursor;
    secrets.secondPage = await (
      await fetch(`${server.url}/api/p/vault/assets.json?limit=1&start_cursor=${encodeURIComponent(first.nextCursor)}`, {
        headers: { authorization: `Bearer ${secrets.apiKey}` },
      })
    ).text();
    secrets.demoAssets = await (await fetch(`${server.url}/api/p/demo/assets.json`)).text();
    secrets.sourceUrl = server.url;
    await server.close();
    pg = await postgresS3Env();
  });

  it(
    'moves SQLite and a folder to PostgreSQL and S3 and back with zero differences; keys, sessions, tokens and cursors keep working',
    async () => {
      const there = await migrate({ storage: pg.ORBIS_STORAGE, dataDir: pgDir }, source, pg.ORBIS_DATABASE_URL!, pg, quiet);
      expect(there.ok, JSON.stringify(there.tables.filter((t) => t.differences > 0))).toBe(true);
      expect(there.tables.find((t) => t.table === 'items')).toMatchObject({ rows: ITEMS + demoItems, copied: ITEMS + demoItems, differences: 0 });
      expect(there.files.differences).toBe(0);
      expect(there.files.files).toBeGreaterThan(3);
      expect(there.notCopied.map((t) => t.table)).toEqual(['sign_in_failures']);
      for (const table of ['item_drafts', 'webhooks'])
        expect(
          there.tables.find((t) => t.table === table),
          table,
        ).toMatchObject({ rows: 1, differences: 0 });

      // And back into a new data dir: every table and file equals the first one's.
      const back = tempDir('migrate-back');
      const home = await migrate({ storage: pg.ORBIS_STORAGE, dataDir: pgDir }, pg.ORBIS_DATABASE_URL!, back, pg, quiet);
      expect(home.ok).toBe(true);
      const a = new SqliteTables(join(source, 'orbis.db'));
      const b = new SqliteTables(join(back, 'orbis.db'));
      try {
        for (const table of (await a.tables()).filter(copyable)) expect(await checkTable(a, b, table), table.name).toMatchObject({ differences: 0 });
        // The check sees one changed value in one record among thousands.
        const items = (await b.tables()).find((t) => t.name === 'items')!;
        const [row] = await b.readAfter(items, undefined, 1);
        const fields = items.columns.indexOf('fields');
        await b.write(items, [row!.map((v, i) => (i === fields ? '{"changed":true}' : v))]);
        expect(await checkTable(a, b, items)).toMatchObject({ differences: 1, firstDifference: JSON.stringify([row![0]]) });
      } finally {
        await a.close();
        await b.close();
      }
      expect(await filesOf(await openStorage(undefined, back))).toEqual(await filesOf(await openStorage(undefined, source)));

      // A server on PostgreSQL + S3 with the copied secrets answers as the SQLite one did (after the way back: a session's use changes its row).
      const server = await serve(pgDir, pg);
      try {
        const get = (path: string, headers: Record<string, string>) => fetch(server.url + path, { headers });
        expect(
          await (
            await get(`/api/p/vault/assets.json?limit=1&start_cursor=${encodeURIComponent(secrets.cursor)}`, { authorization: `Bearer ${secrets.apiKey}` })
          ).text(),
        ).toBe(secrets.secondPage);
        expect((await get('/api/auth/me', { cookie: secrets.cookie })).status).toBe(200);
        expect((await get('/api/projects', { authorization: `Bearer ${secrets.token}` })).status).toBe(200);
        expect((await get('/api/projects', { authorization: `Bearer ${secrets.adminToken}` })).status).toBe(200);
        expect(await (await get('/api/p/demo/assets.json', {})).text()).toBe(secrets.demoAssets.replaceAll(secrets.sourceUrl, server.url));
      } finally {
        await server.close();
      }
    },
    MOVE_MS,
  );

  it('refuses a target that is not empty', async () => {
    await expect(migrate({ storage: pg.ORBIS_STORAGE, dataDir: pgDir }, source, pg.ORBIS_DATABASE_URL!, pg, quiet)).rejects.toThrow(
      /the target is not empty \(.*\d+ assets/,
    );
  });

  it(
    'finishes and verifies when run again after a kill -9 midway',
    async () => {
      const target = await postgresS3Env();
      const args = [
        BIN,
        'migrate',
        '--from',
        source,
        '--to',
        target.ORBIS_DATABASE_URL!,
        '--storage',
        target.ORBIS_STORAGE!,
        '--data-dir',
        tempDir('migrate-killed'),
      ];
      const child = spawn(process.execPath, args, { env: { ...process.env, ...target, ORBIS_DATABASE_URL: '', ORBIS_STORAGE: '' } });
      let output = '';
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
      // Killed as it starts on the items (the tables before them copied, the items not, nor the files).
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/^orbis migrate: items: /m.test(output)) child.kill('SIGKILL');
      });
      expect(await exited, output).toBe('SIGKILL');
      const tables = new PostgresTables(target.ORBIS_DATABASE_URL!);
      try {
        const meta = (await tables.tables()).find((t) => t.name === 'meta')!;
        const marker = (await tables.readAfter(meta, undefined, 1000)).find((row) => row[0] === MIGRATE_MARKER);
        expect(marker, 'the first run was stopped before it finished').toBeDefined();
      } finally {
        await tables.close();
      }
      const again = await migrate({ storage: target.ORBIS_STORAGE, dataDir: tempDir('migrate-killed') }, source, target.ORBIS_DATABASE_URL!, target, quiet);
      expect(again.ok, JSON.stringify(again.tables.filter((t) => t.differences > 0))).toBe(true);
      expect(again.tables.find((t) => t.table === 'projects')!.copied).toBe(0);
      expect(again.tables.find((t) => t.table === 'items')!.rows).toBe(ITEMS + demoItems);
    },
    MOVE_MS,
  );
});
