import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, type Harness } from '../../server/src/test/harness.js';
import { LIGHT_PROPERTY, uploadPublicAsset, useBrowserAndServer } from './fixture.js';
import type { TestPage } from './browser.js';
import { shot } from './shots.js';
import { viewerReady } from './viewer-pixels.js';

/*
 * Issue 30: KML and CZML descriptions are data from anywhere, and CesiumJS parses a KML balloon with `innerHTML` on
 * a div of the page. Here both carry hostile markup, and the pages are served with no Content-Security-Policy header
 * at all (as a proxy that drops headers would), so that only the sanitizer stands between the markup and the page:
 * nothing may run, and the harmless markup (bold, a link, a table) still shows in the infobox.
 *
 * The camera looks straight down from 3,000 km over 10°E 10°N: the KML square fills the view left of the centre, the
 * CZML square right of it, so that a click 40 px either side of the centre finds them whatever the globe's width (the
 * editor's is narrower).
 */
const CENTRE = { lng: 10, lat: 10 };

/** Every way the probe knows to start script from a description; each records its name in `window.__pwned`. */
const pwn = (name: string) => `(window.__pwned=window.__pwned||[]).push('${name}')`;
const hostile = (source: string) =>
  [
    `<img src="x-${source}" onerror="${pwn(`${source}-img`)}">`,
    `<script>${pwn(`${source}-script`)}</script>`,
    `<a href="javascript:${pwn(`${source}-link`)}" id="js-link">a javascript: link</a>`,
    `<svg><animate onbegin="${pwn(`${source}-svg`)}" attributeName="x" dur="1s"></animate></svg>`,
    `<details open ontoggle="${pwn(`${source}-details`)}"><summary>s</summary></details>`,
    `<iframe srcdoc="<script>parent.${pwn(`${source}-iframe`)}</script>"></iframe>`,
  ].join('');
const harmless = (source: string) =>
  `<p><b>Bold ${source}</b> and <a href="https://example.com/${source}">a link</a></p><table><tr><th>kind</th><td>${source} cell</td></tr></table>`;

const square = (w: number, s: number, e: number, n: number) => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];

// The balloon text substitutes `$[name]` into an attribute: a name that closes the quote must not break out of it.
const KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
<Style id="balloon"><BalloonStyle><text><![CDATA[<img src="x-name" alt="$[name]">$[description]]]></text></BalloonStyle></Style>
<Placemark id="kml-square"><name>KML square" onerror="${pwn('kml-name')}</name><styleUrl>#balloon</styleUrl>
<description><![CDATA[${harmless('kml')}${hostile('kml')}]]></description>
<Polygon><outerBoundaryIs><LinearRing><coordinates>${square(-5, 0, 9.5, 20)
  .map(([x, y]) => `${x},${y},0`)
  .join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon>
</Placemark></Document></kml>`;

const CZML = JSON.stringify([
  { id: 'document', name: 'czml', version: '1.0' },
  {
    id: 'czml-square',
    name: 'CZML square',
    description: harmless('czml') + hostile('czml'),
    polygon: {
      positions: { cartographicDegrees: square(10.5, 0, 25, 20).flatMap(([x, y]) => [x, y, 0]) },
      material: { solidColor: { color: { rgba: [0, 0, 255, 255] } } },
    },
  },
]);

async function setUp(h: Harness): Promise<void> {
  await h.project('described');
  const kml = await uploadPublicAsset(h, 'described', 'balloons.kml', KML);
  const czml = await uploadPublicAsset(h, 'described', 'entities.czml', CZML);
  const scene = {
    property: LIGHT_PROPERTY,
    camera: { ...CENTRE, height: 3_000_000, heading: 0, pitch: -90, roll: 0 },
    layers: [
      { id: 'kml', title: 'Balloons', type: 'kml', assetId: kml, visible: true },
      { id: 'czml', title: 'Entities', type: 'czml', assetId: czml, visible: true },
    ],
    widgets: [],
    story: { pages: [] },
  };
  expect((await h.admin('PUT', '/api/projects/described/scene', scene)).status).toBe(200);
  expect((await h.admin('POST', '/api/projects/described/publish')).status).toBe(200);
}

/** Serves every page of `tab` without its Content-Security-Policy header. */
async function dropPagePolicy(tab: TestPage): Promise<void> {
  await tab.page.route(/\/(p|editor)\//, async (route) => {
    const response = await route.fetch();
    const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name.toLowerCase() !== 'content-security-policy'));
    await route.fulfill({ response, headers });
  });
}

async function pwned(page: Page): Promise<string[]> {
  return page.evaluate(() => (globalThis as unknown as { __pwned?: string[] }).__pwned ?? []);
}

/** Clicks the globe `dx` px right of its centre until the infobox shows a feature of `layerId` (a loaded machine may draw late). */
async function select(page: Page, dx: number, layerId: string): Promise<void> {
  const infobox = page.getByTestId('infobox');
  const viewer = page.getByTestId('viewer');
  const box = (await viewer.boundingBox())!;
  const [x, y] = [Math.round(box.width / 2 + dx), Math.round(box.height / 2)];
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    await viewer.click({ position: { x, y } });
    if ((await infobox.getAttribute('data-feature'))?.startsWith(`${layerId}/`) && (await infobox.isVisible())) return;
    await page.waitForTimeout(500);
  }
  throw new Error(`clicking at ${x},${y} selected no feature of ${layerId}`);
}

/** Shows each square's infobox and checks what it holds: the harmless markup, and no trace of the hostile one. */
async function checkInfoboxes(page: Page, name: string): Promise<void> {
  const infobox = page.getByTestId('infobox');
  for (const [source, dx] of [
    ['kml', -40],
    ['czml', 40],
  ] as const) {
    await select(page, dx, source);
    const description = infobox.getByTestId('infobox-description');
    expect(await description.locator('b').first().textContent()).toBe(`Bold ${source}`);
    const link = description.locator(`a[href="https://example.com/${source}"]`);
    expect(await link.textContent()).toBe('a link');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    expect(await description.locator('table td').textContent()).toBe(`${source} cell`);
    const left = await description.evaluate((element) => ({
      handlers: [...element.querySelectorAll('*')].flatMap((e) =>
        [...e.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${e.tagName} ${a.name}`),
      ),
      scripts: element.querySelectorAll('script, iframe, svg, details').length,
      jsLinks: [...element.querySelectorAll('a')].filter((a) => a.getAttribute('href')?.trim().toLowerCase().startsWith('javascript:')).length,
    }));
    expect(left).toEqual({ handlers: [], scripts: 0, jsLinks: 0 });
    await shot(page, `layer-description-${name}-${source}`);
    // The link that was `javascript:` is plain text or goes nowhere: clicking what is left of it runs nothing.
    if ((await description.locator('#js-link').count()) > 0) await description.locator('#js-link').click();
    // Closed again, so that it does not cover the next square.
    await page.keyboard.press('Escape');
    await infobox.waitFor({ state: 'hidden' });
  }
}

describe('KML and CZML descriptions in Chromium, with no page policy', () => {
  const fx = useBrowserAndServer({ setUp, onPage: dropPagePolicy });

  it('run no script on the published page and show their harmless markup in the infobox', async () => {
    const { tab, h } = fx;
    const page = tab.page;
    const response = await page.goto(`${h.url}/p/described`);
    expect(response?.headers()['content-security-policy']).toBeUndefined();
    await viewerReady(page);
    expect(await pwned(page)).toEqual([]);
    await checkInfoboxes(page, 'published');
    // The images' errors have come back by now (the first click waited for a drawn frame after the load).
    await page.waitForTimeout(500);
    expect(await pwned(page)).toEqual([]);
    tab.assertClean();
  });

  it('sanitizes HTML that code parses with DOMParser, so that its nodes moved into the page run nothing (ui/html-policy.ts)', async () => {
    const { h } = fx;
    const tab = await fx.open();
    await dropPagePolicy(tab);
    await tab.page.goto(`${h.url}/p/described`);
    await tab.page.waitForFunction(() => (globalThis as unknown as { trustedTypes?: { defaultPolicy: unknown } }).trustedTypes?.defaultPolicy);
    const balloon = `${harmless('parsed')}<img src="https://example.com/parsed.png" alt="an image">${hostile('parsed')}`;
    // Parsed by DOMParser in the page, what is left is read, then moved into the page (but the image of another host,
    // which the test browser refuses to fetch): live nodes now. A string, since the e2e files are typed without the DOM.
    const parsed = await tab.page.evaluate(`(() => {
      const body = new DOMParser().parseFromString(${JSON.stringify(balloon)}, 'text/html').body;
      const kept = {
        bold: body.querySelector('b')?.textContent,
        link: body.querySelector('a[href="https://example.com/parsed"]')?.textContent,
        image: body.querySelector('img[src="https://example.com/parsed.png"]')?.getAttribute('alt'),
        cell: body.querySelector('table td')?.textContent,
        handlers: [...body.querySelectorAll('*')].flatMap((e) => [...e.attributes].filter((a) => a.name.startsWith('on')).map((a) => e.tagName + ' ' + a.name)),
        // DOMPurify's own allow-list keeps <details> and <svg>, without their handlers.
        scripts: body.querySelectorAll('script, iframe').length,
        jsLinks: [...body.querySelectorAll('a')].filter((a) => a.getAttribute('href')?.trim().toLowerCase().startsWith('javascript:')).length,
      };
      for (const image of body.querySelectorAll('img[src^="https:"]')) image.remove();
      window.__images = body.querySelectorAll('img').length;
      window.__imageErrors = 0;
      // Seen before the image's own handlers, in the same dispatch.
      document.addEventListener('error', () => (window.__imageErrors += 1), true);
      document.body.append(...body.childNodes);
      return kept;
    })()`);
    expect(parsed).toEqual({ bold: 'Bold parsed', link: 'a link', image: 'an image', cell: 'parsed cell', handlers: [], scripts: 0, jsLinks: 0 });
    // Every image moved in (the hostile one is relative: a 404 of the page's host) has failed, and nothing ran.
    await tab.page.waitForFunction(() => {
      const scope = globalThis as unknown as { __imageErrors: number; __images: number };
      return scope.__images > 0 && scope.__imageErrors === scope.__images;
    });
    expect(await pwned(tab.page)).toEqual([]);
    tab.assertClean();
  });

  it('run no script in the editor either', async () => {
    const { h } = fx;
    const tab = await fx.open();
    await dropPagePolicy(tab);
    await tab.page.goto(`${h.url}/editor/described?tab=map#token=${ADMIN_TOKEN}`);
    await viewerReady(tab.page);
    await checkInfoboxes(tab.page, 'editor');
    await tab.page.waitForTimeout(500);
    expect(await pwned(tab.page)).toEqual([]);
    tab.assertClean();
  });
});
