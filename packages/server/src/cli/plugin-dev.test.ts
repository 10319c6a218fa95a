import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../bin/orbis.js', import.meta.url));
const run = promisify(execFile);
const env = (dataDir: string): NodeJS.ProcessEnv => ({ ...process.env, ORBIS_DATA_DIR: dataDir, ORBIS_LOG_LEVEL: 'warn', ORBIS_ADMIN_TOKEN: '' });

async function orbis(dataDir: string, ...args: string[]) {
  return JSON.parse((await run(process.execPath, [BIN, ...args], { env: env(dataDir) })).stdout);
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

/** How long one awaited line may take on a loaded machine before the test fails, naming it. */
const LINE_WAIT_MS = 45_000;

/**
 * Starts `orbis plugin dev`; `until(re)` resolves once its output has a line matching `re`, and
 * rejects with the output so far if the process exits first or the line does not come in time.
 */
function dev(dataDir: string, ...args: string[]) {
  const child = spawn(process.execPath, [BIN, 'plugin', 'dev', ...args], { env: env(dataDir) });
  children.push(child);
  let out = '';
  let exited: string | undefined;
  const waiting: { re: RegExp; resolve: () => void; reject: (e: Error) => void }[] = [];
  const check = () => {
    for (const w of waiting.slice()) {
      if (w.re.test(out)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve();
      } else if (exited) {
        waiting.splice(waiting.indexOf(w), 1);
        w.reject(new Error(`plugin dev ${exited} before ${w.re}; it printed:\n${out}`));
      }
    }
  };
  child.stdout!.on('data', (chunk: Buffer) => ((out += chunk.toString()), check()));
  child.stderr!.on('data', (chunk: Buffer) => ((out += chunk.toString()), check()));
  child.on('exit', (code, signal) => ((exited = `exited (${code ?? signal})`), check()));
  const until = (re: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no line matching ${re} after ${LINE_WAIT_MS} ms; plugin dev printed:\n${out}`)), LINE_WAIT_MS);
      waiting.push({ re, resolve: () => (clearTimeout(timer), resolve()), reject: (e) => (clearTimeout(timer), reject(e)) });
      check();
    });
  return { child, until, output: () => out };
}

const manifest = (version: string) =>
  JSON.stringify({ id: 'hello', name: 'Hello', version, extensions: [{ id: 'main', type: 'widget', name: 'Hello widget' }] });

describe('orbis plugin dev, list, remove', () => {
  it('installs a folder, reinstalls it on each save, keeps the last good version on a bad save, and stops on SIGINT', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orbis-dev-'));
    const folder = mkdtempSync(join(tmpdir(), 'orbis-plugin-'));
    writeFileSync(join(folder, 'plugin.json'), manifest('1.0.0'));
    writeFileSync(join(folder, 'main.js'), 'console.log(1);');
    await orbis(dataDir, 'project', 'create', 'atlas');
    const { child, until, output } = dev(dataDir, folder, '--project', 'atlas');
    await until(/watching /);
    expect(output()).toContain('installed hello 1.0.0 into atlas (plugin.json, install 1)');
    writeFileSync(join(folder, 'main.js'), 'console.log(2);');
    writeFileSync(join(folder, 'plugin.json'), manifest('1.0.1'));
    await until(/installed hello 1\.0\.1 into atlas/);
    const listed = await orbis(dataDir, 'plugin', 'list', 'atlas');
    expect(listed).toEqual([{ id: 'hello', name: 'Hello', version: '1.0.1', extensions: ['main (widget)'] }]);
    writeFileSync(join(folder, 'plugin.json'), '{ not json');
    await until(/not installed: plugin\.json is not JSON/);
    expect((await orbis(dataDir, 'plugin', 'list', 'atlas'))[0].version).toBe('1.0.1');
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  }, 120_000);

  it('bundles a TypeScript extension with its imports, and takes a Re:Earth package', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orbis-dev-'));
    const folder = mkdtempSync(join(tmpdir(), 'orbis-plugin-'));
    writeFileSync(join(folder, 'plugin.json'), manifest('2.0.0'));
    writeFileSync(join(folder, 'format.ts'), 'export const format = (n: number): string => n.toFixed(2);');
    writeFileSync(join(folder, 'main.ts'), "import { format } from './format';\nconst x: number = 1;\nconsole.log(format(x));");
    await orbis(dataDir, 'project', 'create', 'atlas');
    const first = dev(dataDir, folder);
    await first.until(/watching /);
    expect(first.output()).toContain('installed hello 2.0.0 into atlas');
    first.child.kill('SIGINT');
    const server = await import('../plugins/plugin-source.js');
    const plugin = await server.readPluginSource(folder);
    expect(Object.keys(plugin.files).sort()).toEqual(['main.js']);
    // Types stripped, the import inlined: plain JavaScript a sandbox runs.
    expect(plugin.files['main.js']).toContain('toFixed(2)');
    expect(plugin.files['main.js']).not.toMatch(/: number|import /);
    writeFileSync(join(folder, 'main.ts'), 'const broken: = 1;');
    await expect(server.readPluginSource(folder)).rejects.toThrow(/main\.ts does not compile/);

    const reearth = mkdtempSync(join(tmpdir(), 'orbis-plugin-'));
    mkdirSync(join(reearth, 'sub'));
    writeFileSync(
      join(reearth, 'reearth.yml'),
      'id: re-hello\nname: Re Hello\nversion: 1.0.0\nextensions:\n  - id: hello\n    type: widget\n    name: Hello\n',
    );
    writeFileSync(join(reearth, 'hello.js'), 'reearth.ui.show("hi");');
    const second = dev(dataDir, reearth, '--project', 'atlas');
    await second.until(/watching /);
    expect(second.output()).toContain('installed re-hello 1.0.0 into atlas (reearth.yml, install 1)');
  }, 120_000);

  it('plugin remove takes an installed plugin off, and names one that is not installed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'orbis-dev-'));
    const folder = mkdtempSync(join(tmpdir(), 'orbis-plugin-'));
    writeFileSync(join(folder, 'plugin.json'), manifest('1.0.0'));
    writeFileSync(join(folder, 'main.js'), '');
    await orbis(dataDir, 'project', 'create', 'atlas');
    await orbis(dataDir, 'plugin', 'install', folder);
    expect(await orbis(dataDir, 'plugin', 'remove', 'hello')).toEqual({ project: 'atlas', removed: 'hello' });
    expect(await orbis(dataDir, 'plugin', 'list')).toEqual([]);
    const failed = await run(process.execPath, [BIN, 'plugin', 'remove', 'atlas', 'hello'], { env: env(dataDir) }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining('"hello" is not installed') });
  }, 120_000);
});
