import { describe, expect, it } from 'vitest';
import { useBrowserAndServer } from './fixture.js';
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
  // The page is the test's own (Chromium alone is under test here); its requests reach the server as any page's do.
  const fx = useBrowserAndServer({
    onPage: async (tab, h) => {
      await tab.page.route(`${h.url}/smoke`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: PAGE }));
      await tab.page.goto(`${h.url}/smoke`);
      await tab.page.locator('body[data-ready="true"]').waitFor();
    },
  });

  it('creates a WebGL 2 context whose red clear colour reads back as red', async () => {
    expect(await fx.tab.page.locator('body').getAttribute('data-gl-pixel')).toBe('255,0,0,255');
  });

  it('shows the WebGL 2 frame and the 2D canvas in a screenshot', async () => {
    const gl = await screenshotPixels(fx.tab.page, fx.tab.page.getByTestId('gl'));
    expect([gl.width, gl.height]).toEqual([64, 64]);
    expect(shareCloseTo(gl, { x: 0, y: 0, width: 64, height: 64 }, [255, 0, 0], 8)).toBe(1);

    const canvas = await screenshotPixels(fx.tab.page, fx.tab.page.getByTestId('2d'));
    expect(isCloseTo(dominantColorIn(canvas, { x: 20, y: 20, width: 24, height: 24 }), [0, 0, 255], 8)).toBe(true);
    expect(isCloseTo(dominantColorIn(canvas, { x: 0, y: 0, width: 64, height: 12 }), [255, 255, 255], 8)).toBe(true);
    expect(isCloseTo(canvas.at(32, 32), [0, 0, 255, 255], 8)).toBe(true);
    expect(() => canvas.at(64, 0)).toThrow(RangeError);
  });

  it('logged nothing and threw nothing', () => {
    expect(fx.tab.pageErrors).toEqual([]);
    expect(fx.tab.consoleMessages.filter((m) => m.type === 'error')).toEqual([]);
    expect(() => fx.tab.assertClean()).not.toThrow();
  });

  it('blocks and records a request to another host', async () => {
    const outcome = await fx.tab.page.evaluate(async (url) => {
      try {
        await fetch(url);
        return 'fetched';
      } catch {
        return 'rejected';
      }
    }, 'http://example.com/');
    expect(outcome).toBe('rejected');
    expect(fx.tab.blockedRequests).toEqual(['http://example.com/']);
    expect(() => fx.tab.assertClean()).toThrow(/request to another host: http:\/\/example\.com\//);
  });

  it('lets requests to its own 127.0.0.1 server through', async () => {
    const status = await fx.tab.page.evaluate(async (url) => (await fetch(url)).status, `${fx.h.url}/cesium/Assets/Images/ion-credit.png`);
    expect(status).toBe(200);
  });
});
