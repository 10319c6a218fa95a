import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from './browser.js';
import { useBrowserAndServer } from './fixture.js';

/**
 * Another site: `/` embeds `target.url` (set once the Orbis server runs) in an iframe; `/frame`
 * embeds Orbis's plugin frame document directly, without the `sandbox` attribute Orbis adds.
 */
function embedder(target: { url: string; frame: string }): Promise<Server> {
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    const src = request.url === '/frame' ? target.frame : target.url;
    response.end(`<!doctype html><title>news</title><iframe src="${src}" title="map" width="600" height="400"></iframe>`);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** What the page's script sees, typed here: the e2e tests compile without the DOM library. */
interface PageGlobals {
  origin: string;
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  document: { cookie: string };
}

describe('ORBIS_FRAME_ANCESTORS in a browser (docs/contract.md §9)', () => {
  // The embedding site is served on one port under two names: only `localhost` is listed.
  const target = { url: 'about:blank', frame: 'about:blank' };
  const env: Record<string, string> = {};
  let site: Server;
  let port: number;
  // Runs before the fixture's own beforeAll, which reads `env` when it starts the server.
  beforeAll(async () => {
    site = await embedder(target);
    port = (site.address() as AddressInfo).port;
    env.ORBIS_FRAME_ANCESTORS = `http://localhost:${port}`;
  });
  const fx = useBrowserAndServer({
    env,
    setUp: async (h) => {
      await h.project('framed');
      await h.admin('POST', '/api/projects/framed/publish');
      target.url = `${h.url}/p/framed`;
      target.frame = `${h.url}/app/plugin-frame.html`;
    },
  });
  afterAll(() => {
    site?.close();
  });

  it('lets a listed origin embed the published page, and blocks any other', async () => {
    const allowed = await newPage(fx.browser, { width: 640, height: 480 });
    await allowed.page.goto(`http://localhost:${port}/`);
    await allowed.page.frameLocator('iframe').getByTestId('project-name').waitFor({ timeout: 60_000 });
    expect(await allowed.page.frameLocator('iframe').getByTestId('project-name').textContent()).toBe('framed');
    await allowed.close();

    const other = await newPage(fx.browser, { width: 640, height: 480 });
    await other.page.goto(`http://127.0.0.1:${port}/`);
    const frame = other.page.frames()[1]!;
    await expect.poll(() => frame.url(), { timeout: 30_000 }).toMatch(/^chrome-error:/);
    expect(await other.page.frameLocator('iframe').getByTestId('project-name').count()).toBe(0);
    await other.close();
  });

  it('keeps the plugin frame document opaque when a listed origin frames it directly (issue 30)', async () => {
    const { page, close } = await newPage(fx.browser, { width: 640, height: 480 });
    // What a signed-in editor leaves in Orbis's storage.
    await page.goto(`${fx.h.url}/openapi.json`);
    await page.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.setItem('orbis-probe', 'secret'));
    await page.goto(`http://localhost:${port}/frame`);
    // `goto` waits for the load event, which waits for the iframe.
    const frame = page.frames().find((f) => f.url() === target.frame)!;
    const seen = await frame.evaluate(() => {
      // Read inside `attempt`: in an opaque origin, even reading `localStorage` throws.
      const win = globalThis as unknown as PageGlobals;
      const attempt = (read: () => string | null) => {
        try {
          return String(read());
        } catch (error) {
          return `refused: ${(error as Error).name}`;
        }
      };
      return { origin: win.origin, storage: attempt(() => win.localStorage.getItem('orbis-probe')), cookie: attempt(() => win.document.cookie) };
    });
    expect(seen).toEqual({ origin: 'null', storage: 'refused: SecurityError', cookie: 'refused: SecurityError' });
    await close();
  });
});
