import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../config/serve-config.js';
import { createContext } from '../context.js';
import { buildApp, routesOf } from './app.js';
import { openApiDocument } from './openapi.js';

/** `/files/{project}/{assetId}/{name}` → `/files/:project/:assetId/*`, the router's spelling. */
function routerPath(path: string): string {
  return path.replace(/\{(name|path)\}$/, '*').replace(/\{(\w+)\}/g, ':$1');
}

describe('/openapi.json', () => {
  it('documents exactly the routes the app registers', async () => {
    const ctx = await createContext(resolveConfig({ 'data-dir': mkdtempSync(join(tmpdir(), 'orbis-openapi-')) }, {}));
    const app = await buildApp(ctx);
    await app.ready();
    const registered = routesOf(app).map((r) => `${r.method} ${r.url}`).sort();
    const documented = Object.entries(openApiDocument.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${routerPath(path)}`))
      .sort();
    expect(registered.length).toBeGreaterThan(15);
    expect(registered).toEqual(documented);

    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json().openapi).toMatch(/^3\./);
    await app.close();
    await ctx.store.close();
  });
});
