// The layer benchmark: a 10,000-feature GeoJSON layer on the published page, from load to drawn
// (`data-ready`), styled by conditions next to the same layer unstyled and with one literal
// colour, in the same run. Each page is loaded cold, in turn, `runs` times; medians are compared.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startOrbis } from './viewer.js';

const FEATURES = 10_000;
const KINDS = ['park', 'shop', 'school', 'station', 'office'];
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];
const READY_PROBE = `(() => {
  const observer = new MutationObserver(() => {
    if (window.__benchReadyAt === undefined && document.querySelector('[data-testid="viewer"][data-ready="true"]')) {
      window.__benchReadyAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'], childList: true });
})();`;

/** 10,000 points in a grid over Japan, each with a `kind` and a `value`. */
function points() {
  const features = [];
  for (let i = 0; i < FEATURES; i++) {
    const lng = 130 + (i % 100) * 0.1;
    const lat = 31 + Math.floor(i / 100) * 0.1;
    features.push({
      type: 'Feature',
      properties: { id: i, kind: KINDS[i % KINDS.length], value: i % 1000 },
      geometry: { type: 'Point', coordinates: [lng, lat] },
    });
  }
  return JSON.stringify({ type: 'FeatureCollection', features });
}

const VARIANTS = {
  unstyled: undefined,
  literal: { marker: { pointColor: '#ff8800', pointSize: 6 } },
  conditions: {
    marker: {
      pointColor: {
        conditions: [
          ...KINDS.slice(0, 4).map((k, i) => [`\${kind} === '${k}'`, `color('${['#e69f00', '#56b4e9', '#009e73', '#f0e442'][i]}')`]),
          ['true', "color('#999999')"],
        ],
      },
      pointSize: {
        conditions: [
          ['${value} >= 500', '8'],
          ['true', '5'],
        ],
      },
    },
  },
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export async function benchLayers({ runs = 3, log = () => {} } = {}) {
  const problems = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'orbis-bench-layers-'));
  const server = await startOrbis(dataDir, problems);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const admin = (method, path, body) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
        body: body instanceof FormData ? body : body && JSON.stringify(body),
      });
    for (const [name, appearance] of Object.entries(VARIANTS)) {
      await admin('POST', '/api/projects', { alias: `layers-${name}`, name, visibility: 'public' });
      const form = new FormData();
      form.append('public', 'true');
      form.append('file', new Blob([points()]), 'points.geojson');
      const uploaded = await (await admin('POST', `/api/projects/layers-${name}/assets`, form)).json();
      const assetId = (Array.isArray(uploaded) ? uploaded[0] : uploaded).id;
      const layer = { id: 'points', title: 'Points', type: 'geojson', assetId, visible: true, ...(appearance ? { appearance } : {}) };
      const scene = {
        property: {},
        camera: { lng: 135, lat: 36, height: 2_500_000, heading: 0, pitch: -90, roll: 0 },
        layers: [layer],
        widgets: [],
        story: { pages: [] },
      };
      const put = await admin('PUT', `/api/projects/layers-${name}/scene`, scene);
      if (!put.ok) throw new Error(`scene of ${name}: ${await put.text()}`);
      await admin('POST', `/api/projects/layers-${name}/publish`);
    }
    const samples = Object.fromEntries(Object.keys(VARIANTS).map((k) => [k, []]));
    for (let run = 0; run < runs; run++) {
      for (const name of Object.keys(VARIANTS)) {
        const context = await browser.newContext({ viewport: { width: 640, height: 480 } });
        const page = await context.newPage();
        await page.addInitScript(READY_PROBE);
        await page.goto(`${server.url}/p/layers-${name}`);
        await page.waitForFunction(() => window.__benchReadyAt !== undefined, undefined, { timeout: 180_000 });
        const ms = await page.evaluate(() => window.__benchReadyAt);
        samples[name].push(Math.round(ms));
        log(`run ${run + 1}/${runs}: ${name} ready after ${Math.round(ms)} ms`);
        await context.close();
      }
    }
    const med = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
    return {
      features: FEATURES,
      runs,
      medianReadyMs: med,
      conditionsOverUnstyled: Number((med.conditions / med.unstyled).toFixed(2)),
      conditionsOverLiteral: Number((med.conditions / med.literal).toFixed(2)),
      samples,
      problems,
    };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
