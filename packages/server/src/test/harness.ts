import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { inject } from 'vitest';
import { resolveConfig } from '../config/serve-config.js';
import { type RunningServer, startServer } from '../server.js';
import type { Asset, Project } from '../store/store.js';
import { createTestDatabase } from './postgres-database.js';

/** Which store and storage the integration tests run on: `ORBIS_TEST_BACKEND=postgres-s3`, or SQLite and a folder. */
export const TEST_BACKEND = process.env.ORBIS_TEST_BACKEND === 'postgres-s3' ? 'postgres-s3' : 'sqlite-local';

/** Settings that put a server on a fresh PostgreSQL database and a fresh prefix of the test bucket. */
export async function postgresS3Env(): Promise<Record<string, string>> {
  const s3 = inject('s3');
  return {
    ORBIS_DATABASE_URL: await createTestDatabase(inject('postgresUrl')),
    ORBIS_STORAGE: `s3://${s3.bucket}/t-${randomBytes(6).toString('hex')}`,
    ORBIS_S3_ENDPOINT: s3.endpoint,
    AWS_ACCESS_KEY_ID: s3.accessKeyId,
    AWS_SECRET_ACCESS_KEY: s3.secretAccessKey,
    AWS_REGION: 'us-east-1',
  };
}

export const ADMIN_TOKEN = 'test-admin-token-0123456789-0123456789';

export interface Harness {
  server: RunningServer;
  url: string;
  dataDir: string;
  /** A fetch against the server with the admin token. */
  admin(method: string, path: string, body?: unknown): Promise<Response>;
  /** A plain fetch, with optional headers. */
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  /** Creates a project through the API. */
  project(alias: string, visibility?: 'public' | 'private'): Promise<Project>;
  /** Every stored key, plus half-written temporaries where the storage is a folder. */
  storedKeys(): Promise<string[]>;
  /** Adds assets straight through the service (fast), in order, with given public flags. */
  seed(alias: string, flags: boolean[]): Promise<Asset[]>;
  close(): Promise<void>;
}

/**
 * Starts a real server on 127.0.0.1 with a free port and a fresh data dir (or `dataDir`, to start
 * again on what an earlier one left, with the same `env`); quiet, unless `logStream` is given, where
 * its log lines go then (at ORBIS_LOG_LEVEL, `info` by default). With `demo`, it seeds the demo
 * project as `orbis serve` does (its published page at `/p/demo`).
 */
export async function startHarness(
  env: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream; demo?: boolean; dataDir?: string } = {},
): Promise<Harness> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'orbis-test-'));
  const fullEnv = {
    ORBIS_ADMIN_TOKEN: ADMIN_TOKEN,
    ORBIS_CURSOR_SECRET: 'test-cursor-secret-0123456789',
    ...(TEST_BACKEND === 'postgres-s3' ? await postgresS3Env() : {}),
    ...env,
  };
  const config = resolveConfig({ port: '0', 'data-dir': dataDir, 'no-demo': options.demo !== true }, fullEnv);
  const server = await startServer(config, { quiet: !options.logStream, env: fullEnv, logStream: options.logStream });
  const url = server.url;
  const admin = (method: string, path: string, body?: unknown) =>
    fetch(url + path, {
      method,
      headers: {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return {
    server,
    url,
    dataDir,
    admin,
    get: (path, headers = {}) => fetch(url + path, { headers }),
    async storedKeys() {
      const keys: string[] = [];
      for await (const k of server.ctx.storage.list()) keys.push(k.key);
      const temp = join(dataDir, 'files', '.tmp');
      if (existsSync(temp)) keys.push(...readdirSync(temp).map((n) => `.tmp/${n}`));
      return keys.sort();
    },
    async project(alias, visibility = 'public') {
      const res = await admin('POST', '/api/projects', { alias, name: alias, visibility });
      if (res.status !== 201) throw new Error(`project ${alias}: ${res.status} ${await res.text()}`);
      return (await server.ctx.store.getProjectByAlias(alias))!;
    },
    async seed(alias, flags) {
      const project = (await server.ctx.store.getProjectByAlias(alias))!;
      const out: Asset[] = [];
      for (const [i, isPublic] of flags.entries()) {
        const file = { name: `asset-${i}.geojson`, stream: Readable.from([Buffer.from(`{"type":"FeatureCollection","features":[],"i":${i}}`)]) };
        out.push(...(await server.ctx.assets.add(project, [file], isPublic)));
      }
      return out;
    },
    close: () => server.close(),
  };
}

/** A multipart body of files (and optional fields) for the upload route. */
export function uploadForm(files: { name: string; content: string | Uint8Array; type?: string }[], fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('file', new Blob([f.content], { type: f.type ?? 'application/octet-stream' }), f.name);
  return form;
}
