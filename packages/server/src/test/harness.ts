import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { resolveConfig } from '../config/serve-config.js';
import { type RunningServer, startServer } from '../server.js';
import type { Asset, Project } from '../store/store.js';

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

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
  /** Adds assets straight through the service (fast), in order, with given public flags. */
  seed(alias: string, flags: boolean[]): Promise<Asset[]>;
  close(): Promise<void>;
}

/** Starts a real server on 127.0.0.1 with a free port and a fresh data dir. */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'orbis-test-'));
  const config = resolveConfig(
    { port: '0', 'data-dir': dataDir, 'no-demo': true },
    { ORBIS_ADMIN_TOKEN: ADMIN_TOKEN, ORBIS_CURSOR_SECRET: 'test-cursor-secret-0123456789', ...env },
  );
  const server = await startServer(config, { quiet: true });
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
