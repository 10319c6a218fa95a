import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from './browser.js';
import { useBrowserAndServer } from './fixture.js';

/** Another site: one page that embeds `target.url` (set once the Orbis server runs) in an iframe. */
function embedder(target: { url: string }): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>news</title><iframe src="${target.url}" title="map" width="600" height="400"></iframe>`);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('ORBIS_FRAME_ANCESTORS in a browser (SPEC §9)', () => {
  // The embedding site is served on one port under two names: only `localhost` is listed.
  const target = { url: 'about:blank' };
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
});
