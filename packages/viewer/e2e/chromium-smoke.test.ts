import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, type TestPage } from './browser.js';
import { dominantColorIn, isCloseTo, screenshotPixels, shareCloseTo } from './pixels.js';

// A WebGL 2 canvas cleared to red (read back in the page too) and a 2D canvas with a blue square
// on white: the shape of every viewer check, "this colour here, the base colour elsewhere".
const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><style>body { margin: 0; background: #fff } canvas { display: block }</style></head>
<body>
<canvas data-testid="gl" width="64" height="64"></canvas>
<canvas data-testid="2d" width="64" height="64"></canvas>
<script>
  const gl = document.querySelector('[data-testid="gl"]').getContext('webgl2');
  if (gl) {
    gl.clearColor(1, 0, 0, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    const pixel = new Uint8Array(4);
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    document.body.dataset.glPixel = pixel.join(',');
  } else {
    document.body.dataset.glPixel = 'no webgl2 context';
  }
  const ctx = document.querySelector('[data-testid="2d"]').getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 64, 64);
  ctx.fillStyle = '#00f';
  ctx.fillRect(16, 16, 32, 32);
  requestAnimationFrame(() => { document.body.dataset.ready = 'true'; });
</script>
</body></html>`;

describe('headless Chromium', () => {
  let browser: Browser;
  let server: Server;
  let origin: string;
  let tab: TestPage;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser(); // may first install Chromium with apt: minutes on a fresh machine
    tab = await newPage(browser, { width: 640, height: 480 });
    await tab.page.goto(`${origin}/`);
    await tab.page.locator('body[data-ready="true"]').waitFor();
  }, 300_000);

  afterAll(async () => {
    await tab?.close();
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });

  it('creates a WebGL 2 context whose red clear colour reads back as red', async () => {
    expect(await tab.page.locator('body').getAttribute('data-gl-pixel')).toBe('255,0,0,255');
  });

  it('shows the WebGL 2 frame and the 2D canvas in a screenshot', async () => {
    const gl = await screenshotPixels(tab.page, tab.page.getByTestId('gl'));
    expect([gl.width, gl.height]).toEqual([64, 64]);
    expect(shareCloseTo(gl, { x: 0, y: 0, width: 64, height: 64 }, [255, 0, 0], 8)).toBe(1);

    const canvas = await screenshotPixels(tab.page, tab.page.getByTestId('2d'));
    expect(isCloseTo(dominantColorIn(canvas, { x: 20, y: 20, width: 24, height: 24 }), [0, 0, 255], 8)).toBe(true);
    expect(isCloseTo(dominantColorIn(canvas, { x: 0, y: 0, width: 64, height: 12 }), [255, 255, 255], 8)).toBe(true);
    expect(isCloseTo(canvas.at(32, 32), [0, 0, 255, 255], 8)).toBe(true);
    expect(() => canvas.at(64, 0)).toThrow(RangeError);
  });

  it('logged nothing and threw nothing', () => {
    expect(tab.pageErrors).toEqual([]);
    expect(tab.consoleMessages.filter((m) => m.type === 'error')).toEqual([]);
    expect(() => tab.assertClean()).not.toThrow();
  });

  it('blocks and records a request to another host', async () => {
    const outcome = await tab.page.evaluate(async (url) => {
      try {
        await fetch(url);
        return 'fetched';
      } catch {
        return 'rejected';
      }
    }, 'http://example.com/');
    expect(outcome).toBe('rejected');
    expect(tab.blockedRequests).toEqual(['http://example.com/']);
    expect(() => tab.assertClean()).toThrow(/request to another host: http:\/\/example\.com\//);
  });

  it('lets requests to its own 127.0.0.1 server through', async () => {
    const status = await tab.page.evaluate(async (url) => (await fetch(url)).status, `${origin}/again`);
    expect(status).toBe(200);
  });
});
