import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../config/serve-config.js';
import { createContext } from '../../context.js';
import { routesOf } from '../../test/routes-of.js';
import { buildApp } from '../app.js';

/** `/files/{project}/{assetId}/{*}` → `/files/:project/:assetId/*`, the router's spelling. */
function routerPath(path: string): string {
  return path.replace(/\{\*\}$/, '*').replace(/\{(\w+)\}/g, ':$1');
}

describe('/openapi.json', () => {
  it('is made from the route schemas and describes every route the app registers', async () => {
    const ctx = await createContext(resolveConfig({ 'data-dir': mkdtempSync(join(tmpdir(), 'orbis-openapi-')) }, {}));
    const app = await buildApp(ctx);
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { summary?: string }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toMatch(/^3\./);

    const registered = routesOf(app)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((m) => m !== 'head')
          .map((m) => `${m.toUpperCase()} ${routerPath(path)}`),
      )
      .sort();
    expect(registered.length).toBeGreaterThan(25);
    expect(documented).toEqual(registered);
    // Every operation says what it does; the shared shapes are components named after their ids.
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops))
        if (method !== 'head' && !path.startsWith('/app/') && !path.startsWith('/cesium/')) expect(op.summary, `${method} ${path}`).toBeTruthy();
    }
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Error', 'Asset', 'Listing', 'Project', 'Model', 'Item']));
    await app.close();
    await ctx.store.close();
  });
});
