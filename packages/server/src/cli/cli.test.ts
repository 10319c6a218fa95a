import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ORIGINAL_POINTS, shapefileZip } from '../test/gdal-fixtures.js';
import { HEAP_GROWING_PERCENT, MALLOC_ARENAS, SEMI_SPACE_MB } from './runtime-tuning.js';

const BIN = fileURLToPath(new URL('../../bin/orbis.js', import.meta.url));
const run = promisify(execFile);

function env(dataDir: string): NodeJS.ProcessEnv {
  return { ...process.env, ORBIS_DATA_DIR: dataDir, ORBIS_LOG_LEVEL: 'warn', ORBIS_ADMIN_TOKEN: '', PORT: '', HOST: '' };
}

async function orbis(dataDir: string, ...args: string[]) {
  const { stdout } = await run(process.execPath, [BIN, ...args], { env: env(dataDir) });
  return JSON.parse(stdout);
}

/** Starts `orbis serve`, resolving with the URL from its listening line. */
function serve(dataDir: string, ...args: string[]): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  return serveWith({}, dataDir, ...args);
}

function serveWith(extraEnv: NodeJS.ProcessEnv, dataDir: string, ...args: string[]): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { env: { ...env(dataDir), ...extraEnv } });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^Orbis listening on (http:\/\/\S+)$/m.exec(out);
      if (match) resolve({ child, url: match[1]!, output: () => out });
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
  });
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

// Each test starts several CLI processes (a second each on an idle machine): generous time for a loaded one.
describe('orbis CLI', { timeout: 120_000 }, () => {
  it('serve prints the real port with --port 0, seeds the demo, and stops cleanly on SIGTERM and SIGINT', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orbis-cli-'));
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const { child, url, output } = await serve(dataDir, '--port', '0');
      children.push(child);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(url).not.toMatch(/:0$/);
      const listing = await (await fetch(`${url}/api/p/demo/assets.json`)).json();
      expect(listing.results.map((a: { name: string }) => a.name)).toEqual(['landmarks.geojson', 'flight-hnd-cts.czml', 'central-park.kml', 'prefectures.csv']);
      expect(listing.totalCount).toBe(4);
      const out = output();
      expect(out).toContain(`${url}/editor/demo`);
      expect(out).toContain(`${url}/p/demo`);
      expect(out).toContain(`${url}/api/p/demo/assets.json`);
      // The token is printed on the start that generated it, and then never again: only where it is.
      const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
      if (signal === 'SIGTERM') expect(out).toContain(`Admin token: ${token} (generated on this first start and kept in ${join(dataDir, 'admin-token')}`);
      else expect(out).not.toContain(token);
      if (signal === 'SIGINT') expect(out).toContain(`Admin token: in ${join(dataDir, 'admin-token')}`);
      const exited = new Promise<number | null>((r) => child.on('exit', r));
      child.kill(signal);
      expect(await exited).toBe(0);
    }
    // The admin token was generated once, kept with mode 0600.
    expect(statSync(join(dataDir, 'admin-token')).mode & 0o777).toBe(0o600);
  });

  it('serve refuses an admin token shorter than 32 characters, from the environment or the file, and says why', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orbis-cli-'));
    await expect(serveWith({ ORBIS_ADMIN_TOKEN: 'x'.repeat(31) }, dataDir, '--port', '0', '--no-demo')).rejects.toThrow(
      /serve exited 1: .*the admin token in ORBIS_ADMIN_TOKEN has 31 characters; it needs at least 32/,
    );
    writeFileSync(join(dataDir, 'admin-token'), 'short\n', { mode: 0o600 });
    await expect(serveWith({}, dataDir, '--port', '0', '--no-demo')).rejects.toThrow(`the admin token in ${join(dataDir, 'admin-token')} has 5 characters`);
    const { child } = await serveWith({ ORBIS_ADMIN_TOKEN: 'x'.repeat(32) }, dataDir, '--port', '0', '--no-demo');
    children.push(child);
  });

  it('serve writes structured JSON request logs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orbis-cli-'));
    const { child, url, output } = await serveWith({ ORBIS_LOG_LEVEL: 'info' }, dataDir, '--port', '0', '--no-demo');
    children.push(child);
    await fetch(`${url}/api/p/none/assets.json?limit=1`);
    // The child's log line comes through a pipe, after the answer: waited for, not for a fixed time.
    const completed = () =>
      output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line))
        .find((l) => l.msg === 'request completed');
    await expect.poll(completed, { timeout: 30_000 }).toBeDefined();
    const done = completed();
    expect(done).toMatchObject({ level: 30, res: { statusCode: 404 } });
    expect(typeof done.reqId).toBe('string');
    expect(typeof done.responseTime).toBe('number');
  });

  it('serve replaces itself once with its memory settings where Node can (22.15 and later), and runs as it is elsewhere', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orbis-cli-'));
    const { child, url } = await serve(dataDir, '--port', '0', '--no-demo');
    children.push(child);
    expect((await fetch(`${url}/api/projects`)).status).toBeLessThan(500);
    // The same process id, now running the tuned command (Linux's view of it).
    const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const environ = readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
    const canReplace = typeof (process as { execve?: unknown }).execve === 'function';
    expect(cmdline.includes(`--max-semi-space-size=${SEMI_SPACE_MB}`)).toBe(canReplace);
    expect(cmdline.includes(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)).toBe(canReplace);
    expect(environ.includes(`MALLOC_ARENA_MAX=${MALLOC_ARENAS}`)).toBe(canReplace);
    expect(cmdline.filter((a) => a.startsWith('--max-semi-space-size'))).toHaveLength(canReplace ? 1 : 0);
    expect(cmdline.slice(-4)).toEqual(['serve', '--port', '0', '--no-demo']);
  });

  it('serve --no-demo creates no demo project', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orbis-cli-'));
    const { child, url } = await serve(dataDir, '--port', '0', '--no-demo');
    children.push(child);
    const res = await fetch(`${url}/api/p/demo/assets.json`);
    expect(res.status).toBe(404);
  });

  it('manages projects, assets and keys on the data directly', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orbis-cli-'));
    const project = await orbis(dataDir, 'project', 'create', 'atlas', '--private');
    expect(project).toMatchObject({ alias: 'atlas', visibility: 'private' });
    const file = join(dataDir, 'places.geojson');
    writeFileSync(file, '{"type":"FeatureCollection","features":[]}');
    const draft = join(dataDir, 'notes.txt');
    writeFileSync(draft, 'draft');
    const added = await orbis(dataDir, 'asset', 'add', 'atlas', file, '--public');
    expect(added).toMatchObject([{ name: 'places.geojson', contentType: 'application/geo+json', public: true }]);
    await orbis(dataDir, 'asset', 'add', 'atlas', draft);
    const listed = await orbis(dataDir, 'asset', 'list', 'atlas');
    expect(listed.map((a: { name: string; public: boolean }) => [a.name, a.public])).toEqual([
      ['places.geojson', true],
      ['notes.txt', false],
    ]);
    const key = await orbis(dataDir, 'key', 'create', 'atlas', '--name', 'site');
    expect(key).toMatchObject({ name: 'site' });
    expect(key.key).toMatch(/^secret_/);
    const keys = await orbis(dataDir, 'key', 'list', 'atlas');
    expect(keys).toEqual([{ id: key.id, name: 'site', createdAt: key.createdAt }]);

    const { child, url } = await serve(dataDir, '--port', '0', '--no-demo');
    children.push(child);
    expect((await fetch(`${url}/api/p/atlas/assets.json`)).status).toBe(401);
    const ok = await fetch(`${url}/api/p/atlas/assets.json`, { headers: { authorization: `Bearer ${key.key}` } });
    expect((await ok.json()).results.map((a: { name: string }) => a.name)).toEqual(['places.geojson']);
    // Revoking through the CLI beside the running server stops the key at once.
    await orbis(dataDir, 'key', 'revoke', 'atlas', key.id);
    expect((await fetch(`${url}/api/p/atlas/assets.json`, { headers: { authorization: `Bearer ${key.key}` } })).status).toBe(401);
  });

  it('imports what its command runs: a data command and --help never load the server (Fastify)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orbis-cli-'));
    const loaded = join(dataDir, 'modules.txt');
    // A module resolve hook (node:module register) that writes down every module the process loads.
    const hooks = `import { appendFileSync } from 'node:fs'; export async function resolve(s, c, next) { const r = await next(s, c); appendFileSync(${JSON.stringify(loaded)}, r.url + '\\n'); return r; }`;
    const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;
    const modulesOf = async (...args: string[]) => {
      writeFileSync(loaded, '');
      await run(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(register)}`, BIN, ...args], { env: env(dataDir) });
      return readFileSync(loaded, 'utf8');
    };
    const list = await modulesOf('project', 'list');
    expect(list).toContain('/dist/cli/data-commands.js');
    expect(list).not.toContain('/dist/server.js');
    expect(list).not.toMatch(/\/node_modules\/fastify\//);
    const help = await modulesOf('--help');
    expect(help).toContain('/dist/cli/main.js');
    expect(help).not.toContain('/dist/cli/data-commands.js');
    expect(help).not.toContain('/dist/server.js');
  });

  it('fails with a clear message and a non-zero code on bad input', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orbis-cli-'));
    const fail = (...args: string[]) =>
      run(process.execPath, [BIN, ...args], { env: env(dataDir) }).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
      );
    expect(await fail('project', 'create', 'Bad Alias')).toMatchObject({ code: 1, stderr: expect.stringContaining('alias') });
    expect(await fail('asset', 'add', 'nope', '/etc/hostname')).toMatchObject({ code: 1, stderr: expect.stringContaining('nope') });
    expect(await fail('frobnicate')).toMatchObject({ code: 2, stderr: expect.stringContaining('Usage') });
    expect(await fail('serve', '--port', 'x')).toMatchObject({ code: 1, stderr: expect.stringContaining('port') });
    const { child, url } = await serve(dataDir, '--port', '0', '--no-demo');
    children.push(child);
    const taken = await fail('serve', '--port', new URL(url).port, '--no-demo');
    expect(taken).toMatchObject({ code: 1 });
    expect(taken.stderr.trim().split('\n')).toHaveLength(1);
    expect(taken.stderr).toMatch(/^orbis: cannot listen: .*EADDRINUSE/);
    await orbis(dataDir, 'project', 'create', 'twice');
    expect(await fail('project', 'create', 'twice')).toMatchObject({ code: 1, stderr: expect.stringContaining('exists') });
  });

  it('creates a content model and imports items on the data directly, all or nothing, and the public API lists them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orbis-cli-'));
    const file = (name: string, text: string) => {
      const path = join(dataDir, name);
      writeFileSync(path, text);
      return path;
    };
    await orbis(dataDir, 'project', 'create', 'atlas');
    const fields = [
      { key: 'name', type: 'text', required: true },
      { key: 'loc', type: 'geometry' },
    ];
    const created = await orbis(
      dataDir,
      'model',
      'create',
      'atlas',
      file('places.json', JSON.stringify({ key: 'places', name: 'Places', public: true, fields })),
    );
    expect(created).toMatchObject({ key: 'places', name: 'Places', public: true, itemCount: 0 });
    expect(await orbis(dataDir, 'item', 'import', 'atlas', 'places', file('a.csv', 'name,loc_lng,loc_lat\nTokyo,139.7,35.6\nOsaka,,\n'), '--public')).toEqual({
      created: 2,
    });
    const fc = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [135.5, 34.7] }, properties: { name: 'Kobe' } }],
    };
    expect(await orbis(dataDir, 'item', 'import', 'atlas', 'places', file('b.geojson', JSON.stringify(fc)), '--public')).toEqual({ created: 1 });

    const fail = (...args: string[]) =>
      run(process.execPath, [BIN, ...args], { env: env(dataDir) }).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => e,
      );
    // The second row lacks a required name: nothing of the file is kept, and the row is named.
    const bad = await fail('item', 'import', 'atlas', 'places', file('bad.csv', 'name,loc_lng,loc_lat\nNara,135.8,34.7\n,1,2\n'));
    expect(bad).toMatchObject({ code: 1, stderr: expect.stringContaining('row 2: field "name" is required') });
    expect(await fail('model', 'create', 'atlas', file('broken.json', '{ not json'))).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('is not JSON'),
    });
    expect(await fail('item', 'import', 'atlas', 'nowhere', file('c.csv', 'name\nX\n'))).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('model "nowhere" does not exist'),
    });
    expect(await fail('item', 'import', 'atlas', 'places', file('d.txt', 'name\nX\n'))).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('.csv, .json or .geojson'),
    });
    const [model] = await orbis(dataDir, 'model', 'list', 'atlas');
    expect(model).toMatchObject({ key: 'places', itemCount: 3, publicItemCount: 3 });

    const { child, url } = await serve(dataDir, '--port', '0', '--no-demo');
    children.push(child);
    const listed = (await (await fetch(`${url}/api/p/atlas/places.json`)).json()) as { totalCount: number; results: { name: string }[] };
    expect(listed.totalCount).toBe(3);
    expect(listed.results.map((r) => r.name).sort()).toEqual(['Kobe', 'Osaka', 'Tokyo']);
  });

  it('adds and imports GIS files on the data directly: a shapefile reprojected, a broken one refused (docs/contract.md §13)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orbis-cli-'));
    const zip = join(dataDir, 'places.zip');
    writeFileSync(zip, shapefileZip(ORIGINAL_POINTS, 'EPSG:6677', { encoding: 'CP932' }));
    const noDbf = join(dataDir, 'broken.zip');
    writeFileSync(noDbf, shapefileZip(ORIGINAL_POINTS, 'EPSG:6677', { drop: ['dbf'] }));
    await orbis(dataDir, 'project', 'create', 'atlas');
    const [asset] = await orbis(dataDir, 'asset', 'add', 'atlas', zip, '--public');
    expect(asset.files.some((f: string) => f.endsWith('/orbis-wgs84.geojson'))).toBe(true);
    const fields = [
      { key: 'name', type: 'text' },
      { key: 'loc', type: 'geometry' },
    ];
    writeFileSync(join(dataDir, 'spots.json'), JSON.stringify({ key: 'spots', public: true, fields }));
    await orbis(dataDir, 'model', 'create', 'atlas', join(dataDir, 'spots.json'));
    expect(await orbis(dataDir, 'item', 'import', 'atlas', 'spots', zip, '--public')).toEqual({ created: 4 });
    const bad = await run(process.execPath, [BIN, 'item', 'import', 'atlas', 'spots', noDbf], { env: env(dataDir) }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(bad).toMatchObject({ code: 1, stderr: expect.stringContaining('"places.dbf"') });
    const [model] = await orbis(dataDir, 'model', 'list', 'atlas');
    expect(model).toMatchObject({ key: 'spots', itemCount: 4 });
  });

  it('plugin install takes a folder or a zip with plugin.json or reearth.yml', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orbis-cli-'));
    const examples = fileURLToPath(new URL('../../../../examples/plugins/', import.meta.url));
    const fail = (...args: string[]) =>
      run(process.execPath, [BIN, ...args], { env: env(dataDir) }).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
      );
    expect(await fail('plugin', 'install', join(examples, 'reearth-compass'))).toMatchObject({ code: 2, stderr: expect.stringContaining('no project yet') });
    await orbis(dataDir, 'project', 'create', 'atlas');
    // The only project is the default one.
    expect(await orbis(dataDir, 'plugin', 'install', join(examples, 'reearth-compass'))).toEqual({
      project: 'atlas',
      id: 'reearth-compass',
      name: 'Compass',
      version: '1.0.0',
      format: 'reearth.yml',
      extensions: [
        { id: 'compass', type: 'widget', runs: true },
        { id: 'note', type: 'block', runs: false },
      ],
    });
    await orbis(dataDir, 'project', 'create', 'other');
    expect(await fail('plugin', 'install', join(examples, 'sky-toggle'))).toMatchObject({ code: 2, stderr: expect.stringContaining('--project') });
    expect(await orbis(dataDir, 'plugin', 'install', join(examples, 'sky-toggle'), '--project', 'atlas')).toMatchObject({
      project: 'atlas',
      format: 'plugin.json',
    });
    expect(await fail('plugin', 'install', 'other', join(dataDir, 'nowhere'))).toMatchObject({ code: 1, stderr: expect.stringContaining('does not exist') });
    expect((await orbis(dataDir, 'plugin', 'list', 'atlas')).map((p: { id: string }) => p.id).sort()).toEqual(['reearth-compass', 'sky-toggle']);
    // Eight CLI runs, each a process start: seconds apiece on a busy machine.
  }, 120_000);
});
