import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

// The container recipe (docs/operations.md, "Run it in a container") checked as far as a machine
// without a container runtime can: what the Dockerfile copies and runs exists, its final stage is
// not root's, compose.yaml's services name each other consistently, and the image's start command
// with the image's settings starts the server (from this checkout's build, not from the image's
// `npm ci`, which would take minutes). Building and running the image itself is not tested here.

const ROOT = dirname(fileURLToPath(import.meta.url));
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
/** The Dockerfile's instructions, continuation lines joined, comments left out. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => ({ op: l.split(/\s+/)[0]!.toUpperCase(), args: l.slice(l.indexOf(' ') + 1).trim() }));
const stages = instructions.reduce<(typeof instructions)[]>((all, i) => (i.op === 'FROM' ? [...all, [i]] : (all.at(-1)!.push(i), all)), []);
const final = stages.at(-1)!;
const finalEnv = Object.fromEntries(final.filter((i) => i.op === 'ENV').flatMap((i) => [...i.args.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!])));
const command = JSON.parse(final.find((i) => i.op === 'CMD')!.args) as string[];

describe('the container recipe (Dockerfile, compose.yaml)', () => {
  it('builds in one stage and runs in another, on Node 24, as a user other than root', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage[0]!.args).toMatch(/^node:24[-.\w]*( AS \w+)?$/i);
    const user = final.filter((i) => i.op === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    // The build stage makes the precompressed assets (npm ci's `prepare` is the root `build`).
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.prepare).toBe('npm run build');
    expect(stages[0]!.some((i) => i.op === 'RUN' && /npm ci/.test(i.args) && /npm prune --omit=dev/.test(i.args))).toBe(true);
  });

  it('copies what exists and starts the CLI the repository has; leaves installed and built files to the build', () => {
    for (const copy of instructions.filter((i) => i.op === 'COPY' && !i.args.startsWith('--from'))) {
      const sources = copy.args
        .split(/\s+/)
        .filter((a) => !a.startsWith('--'))
        .slice(0, -1);
      for (const source of sources) expect(existsSync(join(ROOT, source)), source).toBe(true);
    }
    expect(command.slice(0, 1)).toEqual(['node']);
    expect(existsSync(join(ROOT, command[1]!))).toBe(true);
    expect(command.slice(2)).toEqual(['serve']);
    expect(final.find((i) => i.op === 'EXPOSE')!.args).toBe(finalEnv.PORT);
    expect(final.find((i) => i.op === 'HEALTHCHECK')!.args).toContain(`127.0.0.1:${finalEnv.PORT}/readyz`);
    const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n');
    for (const pattern of ['**/node_modules', '**/dist', 'data', '.git']) expect(ignored).toContain(pattern);
  });

  it("wires compose.yaml's server to its PostgreSQL and S3-compatible services", () => {
    const compose = parse(readFileSync(join(ROOT, 'compose.yaml'), 'utf8'), { merge: true }) as {
      services: Record<string, { image?: string; build?: string; environment?: Record<string, string>; command?: string; entrypoint?: string[] }>;
    };
    const { orbis, postgres, s3, bucket } = compose.services;
    expect(orbis?.build).toBe('.');
    const env = orbis!.environment!;
    const db = new URL(env.ORBIS_DATABASE_URL!);
    expect([db.protocol, db.hostname, db.username, db.password, db.pathname]).toEqual([
      'postgres:',
      'postgres',
      postgres!.environment!.POSTGRES_USER,
      postgres!.environment!.POSTGRES_PASSWORD,
      `/${postgres!.environment!.POSTGRES_DB}`,
    ]);
    // pg_dump in the image is Debian bookworm's, which dumps a server of its own major (15) or older.
    expect(postgres!.image).toBe('postgres:15');
    const storage = /^s3:\/\/([^/]+)\//.exec(env.ORBIS_STORAGE!);
    expect(storage).not.toBeNull();
    expect(bucket!.entrypoint!.join(' ')).toContain(`s3://${storage![1]}`);
    const endpoint = new URL(env.ORBIS_S3_ENDPOINT!);
    expect(endpoint.hostname).toBe('s3');
    expect(s3!.command).toContain(`-s3.port=${endpoint.port}`);
    expect(bucket!.entrypoint!.join(' ')).toContain(`--endpoint-url ${env.ORBIS_S3_ENDPOINT}`);
    for (const key of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) expect(env[key], key).toBe(bucket!.environment![key]);
  });

  it("starts the server with the image's command and settings (here on 127.0.0.1 and any port), ready, and stops on SIGTERM", async () => {
    const data = mkdtempSync(join(tmpdir(), 'orbis-container-'));
    const env = {
      ...process.env,
      ...finalEnv,
      HOST: '127.0.0.1',
      PORT: '0',
      ORBIS_DATA_DIR: data,
      ORBIS_NO_DEMO: '1',
      ORBIS_DATABASE_URL: '',
      ORBIS_STORAGE: '',
    };
    const child = spawn(process.execPath, command.slice(1), { cwd: ROOT, env });
    let out = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /^Orbis listening on (http:\/\/\S+)$/m.exec(out);
        if (m) resolve(m[1]!);
      });
      child.stderr.on('data', (c: Buffer) => (out += c.toString()));
      child.once('exit', () => reject(new Error(`the server exited: ${out}`)));
    });
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
