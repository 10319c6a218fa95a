// `node bench/editor-render.js`: the view libraries considered for the editor's panels (docs/editor.md,
// "How the editor draws"), drawing the same list of layer rows in headless Chromium: the time to draw
// it, the time to draw one changed row again, whether the other rows keep their elements (what keeps
// focus and an open panel), and each library's bytes. Ratios are against the hand-written targeted
// update measured in the same run (the ceiling), and the old editor's way (every row made anew) is
// shown beside them. Prints a table and sets `editorRender` in bench/results/latest.json.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { writeResult } from './report.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './viewer.js';

const ROWS = 300;
const UPDATES = 200;
const CANDIDATES = ['dom-targeted', 'dom-redraw', 'preact', 'lit', 'solid'];

async function bundle(name) {
  const out = await build({
    entryPoints: [fileURLToPath(new URL(`./editor-render/${name}.js`, import.meta.url))],
    bundle: true,
    minify: true,
    format: 'iife',
    globalName: 'candidate',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

/** In the page: draws ROWS rows, then changes one title UPDATES times; times each with a forced layout. */
async function measure(page, rows, updates) {
  return page.evaluate(
    async ({ rows, updates }) => {
      const c = globalThis.candidate;
      const makeRows = (n) =>
        Array.from({ length: n }, (_, i) => ({ id: `layer-${i}`, title: `Layer ${i}`, type: i % 3 ? 'geojson' : 'csv', visible: i % 2 === 0 }));
      const container = document.getElementById('root');
      let data = makeRows(rows);
      const t0 = performance.now();
      await c.mount(container, data);
      void document.body.offsetHeight;
      const mountMs = performance.now() - t0;
      const watched = container.querySelectorAll('li')[5];
      const times = [];
      for (let k = 0; k < updates; k++) {
        const changed = 10 + (k % 50);
        data = data.map((r, i) => (i === changed ? { ...r, title: `${r.title}!` } : r));
        const t = performance.now();
        await c.update(data, changed);
        void document.body.offsetHeight;
        times.push(performance.now() - t);
      }
      const shown = container.querySelectorAll('li')[10].querySelector('input.input').value;
      times.sort((a, b) => a - b);
      return {
        mountMs,
        medianUpdateMs: times[Math.floor(times.length / 2)],
        p95UpdateMs: times[Math.floor(times.length * 0.95)],
        rowsKeepElements: container.querySelectorAll('li')[5] === watched,
        drawsChange: shown.endsWith('!'),
      };
    },
    { rows, updates },
  );
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const results = {};
try {
  const code = Object.fromEntries(await Promise.all(CANDIDATES.map(async (name) => [name, await bundle(name)])));
  const runs = Object.fromEntries(CANDIDATES.map((name) => [name, []]));
  // Five rounds, each candidate once per round in turn, after one round not counted (Chromium warms up).
  for (let round = 0; round < 6; round++) {
    for (const name of CANDIDATES) {
      const page = await browser.newPage({ viewport: { width: 640, height: 480 } });
      await page.setContent('<!doctype html><div id="root"></div>');
      await page.addScriptTag({ content: code[name] });
      // Preact draws a change on its next tick; here at once, so that its work is what is timed.
      await page.evaluate(() => globalThis.candidate.syncRendering?.());
      const result = await measure(page, ROWS, UPDATES);
      if (round > 0) runs[name].push(result);
      await page.close();
    }
  }
  for (const name of CANDIDATES) {
    const median = (key) => runs[name].map((r) => r[key]).sort((a, b) => a - b)[2];
    results[name] = {
      gzipBytes: gzipSync(code[name]).length,
      mountMs: median('mountMs'),
      medianUpdateMs: median('medianUpdateMs'),
      p95UpdateMs: median('p95UpdateMs'),
      rowsKeepElements: runs[name].every((r) => r.rowsKeepElements),
      drawsChange: runs[name].every((r) => r.drawsChange),
    };
  }
} finally {
  await browser.close();
}
const base = results['dom-targeted'];
const round = (x) => Math.round(x * 100) / 100;
for (const r of Object.values(results))
  Object.assign(r, { updateRatio: round(r.medianUpdateMs / base.medianUpdateMs), mountRatio: round(r.mountMs / base.mountMs) });
const row = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(14) : String(cell).padStart(12))).join('');
console.log(`editor render: ${ROWS} layer rows, ${UPDATES} one-row changes, medians of 5 pages; ratios against the hand-written targeted update`);
console.log(row(['', 'KiB gzip', 'draw ms', 'draw ×', 'update ms', 'update ×', 'p95 ms', 'rows kept']));
for (const [name, r] of Object.entries(results))
  console.log(
    row([
      name,
      (r.gzipBytes / 1024).toFixed(1),
      r.mountMs.toFixed(1),
      r.mountRatio,
      r.medianUpdateMs.toFixed(2),
      r.updateRatio,
      r.p95UpdateMs.toFixed(2),
      r.rowsKeepElements ? 'yes' : 'no',
    ]),
  );
const file = writeResult('editorRender', { rows: ROWS, updates: UPDATES, chromium: browser.version(), results });
console.log(`written to ${file.pathname} (key "editorRender")`);
