// `node bench/tiles-memory.js [MB] [--file PATH] [--dist DIR]` (default 2,048 MB, about 15.4 million
// points): where the memory of a tile index of a large file of points goes. A child process (run
// with --expose-gc) streams the file as the tile worker does (points-file.js's file, or PATH, kept),
// gathers its features with the server's TileFeatures, builds the TileMaker, and prints the
// process's memory after each step (RSS, its peak so far, the JavaScript heap, ArrayBuffers; before
// and after a collection) and the bytes of each part of the index. DIR: another build's
// packages/server/dist, or another checkout's packages/server/src run by Node 24 (main's, for the
// figures before a change). Prints a table and
// the JSON; writes `tilesMemory` to bench/results/latest.json (not with --dist: that is the other
// build's). Bounded: the child is stopped after 15 minutes.
// `--against DIR` instead: the tile times, this build's index and DIR's (the baseline) built in
// one child from the same file, then the same cold tiles (four places within the points, zooms
// 0–14) cut by each in turn, the first to cut alternating: the median and slowest of each zoom,
// and the ratio of the medians. Writes `tilesMemoryCut` (the memory figures are the other mode's).
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tileAt, writePoints } from './points-file.js';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const mb = (bytes) => Math.round(bytes / 1024 / 1024);

/** The child: prints one JSON line. */
async function phases(path, dist) {
  const { TileMaker, TileFeatures, tiledFeature, featuresOf } = await modulesOf(dist);
  const steps = [];
  const snap = (step) => {
    const m = process.memoryUsage();
    steps.push({
      step,
      rssMb: mb(m.rss),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      heapMb: mb(m.heapUsed),
      arrayBuffersMb: mb(m.arrayBuffers),
    });
  };
  snap('start');
  let started = performance.now();
  const gathered = new TileFeatures();
  for await (const { index, feature } of featuresOf(createReadStream(path), 256 * 1024 * 1024)) gathered.add(tiledFeature(feature, index));
  const readS = (performance.now() - started) / 1000;
  snap('file read and gathered');
  globalThis.gc();
  snap('gathered, collected');
  started = performance.now();
  const maker = new TileMaker(gathered);
  const buildS = (performance.now() - started) / 1000;
  snap('index built');
  globalThis.gc();
  snap('index built, collected');
  // The parts, read from the index's fields (private in TypeScript, there in JavaScript).
  const p = maker.points;
  const bytes = (array) => array?.byteLength ?? 0;
  const levels = p.levels.levels.reduce((sum, l) => sum + (l ? bytes(l.entries) + bytes(l.weights) + bytes(l.tree.data ?? l.tree) : 0), 0);
  const parts = {
    entries: p.xs.length,
    xsYsMb: mb(bytes(p.xs) + bytes(p.ys)),
    pointOfMb: mb(bytes(p.pointOf)),
    treeMb: mb(bytes(p.tree.data ?? p.tree)),
    levelsMb: mb(levels),
    placesIdsMb: mb(bytes(p.places) + bytes(p.ids)),
    // Before: an array of objects on the heap (the heap after a collection says what it holds).
    propertiesMb: Array.isArray(p.tags) ? null : mb(p.tags.byteLength),
  };
  console.log(JSON.stringify({ features: gathered.count, readS: round(readS), buildS: round(buildS), steps, parts }));
}

const round = (value) => Math.round(value * 10) / 10;

/** The tile modules of a build's .js, or, run by a Node that strips types, of a checkout's .ts sources. */
async function modulesOf(dist) {
  const ext = existsSync(join(dist, 'tiles/tile-maker.js')) ? 'js' : 'ts';
  const { TileMaker, TileFeatures, tiledFeature } = await import(pathToFileURL(join(dist, `tiles/tile-maker.${ext}`)).href);
  const { featuresOf } = await import(pathToFileURL(join(dist, `tiles/geojson-stream.${ext}`)).href);
  return { TileMaker, TileFeatures, tiledFeature, featuresOf };
}

/** A file's TileMaker, built as the tile worker builds it. */
async function makerOf(path, dist) {
  const { TileMaker, TileFeatures, tiledFeature, featuresOf } = await modulesOf(dist);
  const gathered = new TileFeatures();
  for await (const { index, feature } of featuresOf(createReadStream(path), 256 * 1024 * 1024)) gathered.add(tiledFeature(feature, index));
  return new TileMaker(gathered);
}

/** The child of `--against`: prints one JSON line of tile times, this build's (`mine`) and the baseline's. */
async function against(path, dist, baseline) {
  const makers = { mine: await makerOf(path, dist), baseline: await makerOf(path, baseline) };
  globalThis.gc();
  // points-file.js's grid, filled: four places within it, each zoom.
  const places = [
    [132.5, 33.5],
    [137.5, 33.5],
    [132.5, 38.5],
    [137.5, 38.5],
  ];
  const rows = [];
  for (let z = 0; z <= 14; z++) {
    for (const [turn, [lng, lat]] of places.entries()) {
      const [, x, y] = tileAt(z, lng, lat);
      const row = { z, x, y };
      for (const way of turn % 2 ? ['baseline', 'mine'] : ['mine', 'baseline']) {
        const at = performance.now();
        const bytes = makers[way].tile(z, x, y);
        row[`${way}Ms`] = round(performance.now() - at);
        row[`${way}Bytes`] = bytes?.length ?? 0;
      }
      rows.push(row);
    }
  }
  console.log(JSON.stringify({ rows }));
}

if (args[0] === '--phases') await phases(args[1], args[2]);
else if (args[0] === '--cut') await against(args[1], args[2], args[3]);
else {
  const megabytes = Number(args.find((a) => /^\d/.test(a)) ?? 2048);
  const given = option('--file');
  const dist = resolve(option('--dist') ?? new URL('../packages/server/dist', import.meta.url).pathname);
  const dir = given ? undefined : mkdtempSync(join(tmpdir(), 'orbis-bench-memory-'));
  try {
    const path = given ?? join(dir, 'points.geojson');
    if (!given || !existsSync(given)) await writePoints(path, megabytes * 1024 * 1024);
    const baseline = option('--against');
    const mode = baseline ? ['--cut', path, dist, resolve(baseline)] : ['--phases', path, dist];
    const line = execFileSync(process.execPath, ['--expose-gc', new URL(import.meta.url).pathname, ...mode], {
      encoding: 'utf8',
      maxBuffer: 1 << 22,
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 15 * 60_000,
    }).trim();
    if (baseline) {
      const { rows } = JSON.parse(line);
      const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
      const byZoom = Array.from({ length: 15 }, (_, z) => {
        const of = (way) => rows.filter((r) => r.z === z).map((r) => r[`${way}Ms`]);
        const [mine, base] = [of('mine'), of('baseline')];
        return {
          z,
          mineMs: { median: median(mine), max: Math.max(...mine) },
          baselineMs: { median: median(base), max: Math.max(...base) },
          ratio: median(base) > 0 ? Math.round((median(mine) / median(base)) * 100) / 100 : null,
        };
      });
      const same = rows.every((r) => r.mineBytes === r.baselineBytes);
      console.log(`tilesMemoryCut: ${mb(statSync(path).size)} MB, ${dist} against ${baseline}; same tile sizes: ${same}`);
      console.log('  zoom | this build ms (slowest) | baseline ms (slowest) | ratio of medians');
      for (const r of byZoom)
        console.log(
          `  ${String(r.z).padStart(4)} | ${`${r.mineMs.median} (${r.mineMs.max})`.padStart(22)} | ${`${r.baselineMs.median} (${r.baselineMs.max})`.padStart(21)} | ${r.ratio}`,
        );
      const { writeResult } = await import('./report.js');
      writeResult('tilesMemoryCut', { fileMb: mb(statSync(path).size), byZoom, rows, sameSizes: same, node: process.version });
      process.exit(0);
    }
    const result = { fileMb: mb(statSync(path).size), dist, node: process.version, ...JSON.parse(line) };
    console.log(`tilesMemory: ${result.features.toLocaleString('en-US')} features, ${result.fileMb} MB, ${dist}`);
    console.log(`  read ${result.readS} s, index built ${result.buildS} s`);
    console.log('  step                        |  RSS MB | peak RSS MB | heap MB | ArrayBuffers MB');
    for (const s of result.steps) {
      console.log(
        `  ${s.step.padEnd(27)} | ${String(s.rssMb).padStart(7)} | ${String(s.peakRssMb).padStart(11)} | ${String(s.heapMb).padStart(7)} | ${String(s.arrayBuffersMb).padStart(15)}`,
      );
    }
    console.log(`  parts: ${JSON.stringify(result.parts)}`);
    if (!option('--dist')) {
      const { writeResult } = await import('./report.js');
      writeResult('tilesMemory', result);
    }
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
