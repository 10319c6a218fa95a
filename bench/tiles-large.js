// `node bench/tiles-large.js [MB]` (default 500): a GeoJSON file of points far too large for the
// browser, tiled by the built server's TileSource (packages/server/dist): how long until its index
// is built, what the first tiles cost, and the process's peak memory, next to a baseline measured in
// the same run: the same file read by the streaming parser alone, with nothing kept. Writes
// `tilesLarge` to bench/results/latest.json.
//
// `node bench/tiles-large.js MB --points-index [--runs N]` instead compares, on the same file, the
// server's tile index (points from their own kdbush index) with geojson-vt holding every feature, as
// tiles were cut before: N runs of each (3 by default), taking turns, each in its own process
// (tiles-points-cut.js). Writes `tilesPointsIndex`.
import { execFileSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeResult } from './report.js';
import { middleOf, tileAt, writePoints } from './points-file.js';

const args = process.argv.slice(2);
const megabytes = Number(args.find((a) => /^\d/.test(a)) ?? 500);
const comparePointsIndex = args.includes('--points-index');
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const { TileSource } = await import('../packages/server/dist/tiles/tile-source.js');
const { jsonElements } = await import('../packages/server/dist/json-elements.js');

/** Each way of cutting, `runs` times, taking turns; ranges of each figure. */
async function pointsIndexComparison(path, features, fileMb) {
  const script = new URL('./tiles-points-cut.js', import.meta.url).pathname;
  const seen = { index: [], 'geojson-vt': [] };
  for (let run = 0; run < runs; run++) {
    for (const way of Object.keys(seen)) {
      try {
        const line = execFileSync(process.execPath, [script, way, path, JSON.stringify(firstTiles(features))], {
          encoding: 'utf8',
          maxBuffer: 1 << 20,
          stdio: ['ignore', 'pipe', 'pipe'],
        }).trim();
        process.stderr.write(`[bench] ${line}\n`);
        seen[way].push(JSON.parse(line));
      } catch (err) {
        // geojson-vt alone runs out of heap on a large enough file: a figure of its own.
        const why = /heap out of memory/.test(String(err.stderr)) ? 'JavaScript heap out of memory' : `exit ${err.status ?? err.signal}`;
        process.stderr.write(`[bench] ${way}: failed (${why})\n`);
        seen[way].push({ way, failed: why });
      }
    }
  }
  const range = (values) => ({ min: Math.min(...values), max: Math.max(...values) });
  const figures = (list) => ({
    indexS: range(list.map((r) => r.indexS)),
    peakRssMb: range(list.map((r) => r.peakRssMb)),
    tileMs: Object.fromEntries(['z0', 'z5', 'z10', 'z14'].map((z) => [z, range(list.map((r) => r.tileMs[z]))])),
    tileBytes: Object.fromEntries(['z0', 'z5', 'z10', 'z14'].map((z) => [z, list[0].tileMs[`${z}Bytes`]])),
  });
  const summary = (all) => {
    const list = all.filter((r) => !r.failed);
    const failed = all.filter((r) => r.failed).map((r) => r.failed);
    if (list.length === 0) return { failed };
    return { ...figures(list), ...(failed.length ? { failed } : {}) };
  };
  const result = {
    fileMb,
    features,
    runs,
    tiles: firstTiles(features),
    index: summary(seen.index),
    geojsonVt: summary(seen['geojson-vt']),
    node: process.version,
  };
  const show = ({ min, max }, unit) => (min === max ? `${min}${unit}` : `${min}–${max}${unit}`);
  for (const [name, s] of [
    ['points index', result.index],
    ['geojson-vt alone', result.geojsonVt],
  ]) {
    if (s.failed) console.log(`${name}: failed in ${s.failed.length} of ${runs} runs (${s.failed.join('; ')})`);
    if (!s.indexS) continue;
    console.log(
      `${name}: index ${show(s.indexS, ' s')}, peak RSS ${show(s.peakRssMb, ' MB')}; first tiles ${['z0', 'z5', 'z10', 'z14'].map((z) => `${z} ${show(s.tileMs[z], ' ms')}`).join(', ')}`,
    );
  }
  writeResult('tilesPointsIndex', result);
}

/** The server's TileSource on the file, next to the streaming parser alone. */
async function tileSourceAgainstParse(path, features, fileMb) {
  let started = performance.now();
  let parsed = 0;
  for await (const _ of jsonElements(createReadStream(path), '$.features')) parsed++;
  const parseS = (performance.now() - started) / 1000;
  const rssAfterParse = mb(peakRss);

  peakRss = 0;
  started = performance.now();
  const source = new TileSource(createReadStream(path));
  const indexed = await source.ready;
  const readyS = (performance.now() - started) / 1000;
  const tileMs = [];
  for (const [z, x, y] of firstTiles(features)) {
    const at = performance.now();
    await source.tile(z, x, y);
    tileMs.push(Math.round(performance.now() - at));
  }
  await source.close();
  const result = {
    fileMb,
    features,
    baseline: {
      what: 'the file through the streaming parser (json-elements) alone, nothing kept',
      seconds: Math.round(parseS * 10) / 10,
      features: parsed,
      peakRssMb: rssAfterParse,
    },
    orbis: {
      seconds: Math.round(readyS * 10) / 10,
      features: indexed,
      peakRssMb: mb(peakRss),
      firstTilesMs: { z0: tileMs[0], z5: tileMs[1], z10: tileMs[2], z14: tileMs[3] },
    },
    ratio: Math.round((readyS / parseS) * 100) / 100,
    node: process.version,
  };
  console.log(`tilesLarge: ${features.toLocaleString('en-US')} points, ${fileMb} MB
  index built in ${result.orbis.seconds} s (parse alone ${result.baseline.seconds} s, ratio ${result.ratio}); peak RSS ${result.orbis.peakRssMb} MB (parse alone ${rssAfterParse} MB)
  first tiles: z0 ${tileMs[0]} ms, z5 ${tileMs[1]} ms, z10 ${tileMs[2]} ms, z14 ${tileMs[3]} ms`);
  writeResult('tilesLarge', result);
}

/**
 * The tiles asked first, as a viewer opening on the data asks them: the world's, then zoom-5, 10
 * and 14 tiles over the middle of the points (writePoints fills rows of 2,000 from 31°N up).
 */
function firstTiles(features) {
  const [lng, lat] = middleOf(features);
  return [0, 5, 10, 14].map((z) => tileAt(z, lng, lat));
}

let peakRss = 0;
const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 100);
const mb = (bytes) => Math.round(bytes / 1024 / 1024);
const dir = mkdtempSync(join(tmpdir(), 'orbis-bench-tiles-'));
try {
  const path = join(dir, 'points.geojson');
  const features = await writePoints(path, megabytes * 1024 * 1024);
  const fileMb = mb(statSync(path).size);
  process.stderr.write(`[bench] tiles-large: ${features.toLocaleString('en-US')} points, ${fileMb} MB\n`);
  if (comparePointsIndex) await pointsIndexComparison(path, features, fileMb);
  else await tileSourceAgainstParse(path, features, fileMb);
} finally {
  clearInterval(sample);
  rmSync(dir, { recursive: true, force: true });
}
