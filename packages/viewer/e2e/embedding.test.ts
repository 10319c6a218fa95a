import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../server/src/test/harness.js';
import { launchBrowser, newPage } from './browser.js';

/** Another site: one page that embeds `target.url` (set once the Orbis server runs) in an iframe. */
function embedder(target: { url: string }): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>news</title><iframe src="${target.url}" title="map" width="600" height="400"></iframe>`);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('ORBIS_FRAME_ANCESTORS in a browser (SPEC §9)', () => {
  let browser: Browser;
  let h: Harness;
  let site: Server;
  let port: number;

  beforeAll(async () => {
    // The embedding site is served on one port under two names: only `localhost` is listed.
    const target = { url: 'about:blank' };
    site = await embedder(target);
    port = (site.address() as AddressInfo).port;
    [browser, h] = await Promise.all([launchBrowser(), startHarness({ ORBIS_FRAME_ANCESTORS: `http://localhost:${port}` })]);
    await h.project('framed');
    await h.admin('POST', '/api/projects/framed/publish');
    target.url = `${h.url}/p/framed`;
  });
  afterAll(async () => {
    site?.close();
    await browser?.close();
    await h?.close();
  });

  it('lets a listed origin embed the published page, and blocks any other', async () => {
    const allowed = await newPage(browser, { width: 640, height: 480 });
    await allowed.page.goto(`http://localhost:${port}/`);
    await allowed.page.frameLocator('iframe').getByTestId('project-name').waitFor({ timeout: 60_000 });
    expect(await allowed.page.frameLocator('iframe').getByTestId('project-name').textContent()).toBe('framed');
    await allowed.close();

    const other = await newPage(browser, { width: 640, height: 480 });
    await other.page.goto(`http://127.0.0.1:${port}/`);
    const frame = other.page.frames()[1]!;
    await expect.poll(() => frame.url(), { timeout: 30_000 }).toMatch(/^chrome-error:/);
    expect(await other.page.frameLocator('iframe').getByTestId('project-name').count()).toBe(0);
    await other.close();
  });
});
