// `node bench/tiles-large.js [MB]` (default 500): a GeoJSON file of points far too large for the
// browser, tiled by the built server's TileSource (packages/server/dist): how long until its index
// is built, what the first tiles cost, and the process's peak memory, next to a baseline measured in
// the same run: the same file read by the streaming parser alone, with nothing kept. Writes
// `tilesLarge` to bench/results/latest.json.
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { writeResult } from './report.js';

const megabytes = Number(process.argv[2] ?? 500);
const { TileSource } = await import('../packages/server/dist/tiles/tile-source.js');
const { jsonElements } = await import('../packages/server/dist/json-elements.js');
const { KINDS } = await import('./data-scale-data.js');

/** Points on a grid over 130–140°E, 31–41°N, as data-scale-data.js writes them, until the file has `bytes`. */
async function writePoints(path, bytes) {
  const out = createWriteStream(path);
  const side = 2000;
  let written = 0;
  let n = 0;
  const write = async (text) => {
    written += text.length;
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('{"type":"FeatureCollection","features":[');
  while (written < bytes) {
    const lng = (130 + ((n % side) * 10) / side).toFixed(5);
    const lat = (31 + ((Math.floor(n / side) % side) * 10) / side).toFixed(5);
    await write(`${n ? ',' : ''}{"type":"Feature","properties":{"id":${n},"kind":"${KINDS[n % KINDS.length]}","height":${(n * 37) % 5000}},"geometry":{"type":"Point","coordinates":[${lng},${lat}]}}`);
    n++;
  }
  await write(']}');
  out.end();
  await once(out, 'finish');
  return n;
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
  for (const [z, x, y] of [[0, 0, 0], [5, 28, 12], [14, 14563, 6451]]) {
    const at = performance.now();
    await source.tile(z, x, y);
    tileMs.push(Math.round(performance.now() - at));
  }
  await source.close();
  const result = {
    fileMb,
    features,
    baseline: { what: 'the file through the streaming parser (json-elements) alone, nothing kept', seconds: Math.round(parseS * 10) / 10, features: parsed, peakRssMb: rssAfterParse },
    orbis: { seconds: Math.round(readyS * 10) / 10, features: indexed, peakRssMb: mb(peakRss), firstTilesMs: { z0: tileMs[0], z5: tileMs[1], z14: tileMs[2] } },
    ratio: Math.round((readyS / parseS) * 100) / 100,
    node: process.version,
  };
  console.log(`tilesLarge: ${features.toLocaleString('en-US')} points, ${fileMb} MB
  index built in ${result.orbis.seconds} s (parse alone ${result.baseline.seconds} s, ratio ${result.ratio}); peak RSS ${result.orbis.peakRssMb} MB (parse alone ${rssAfterParse} MB)
  first tiles: z0 ${tileMs[0]} ms, z5 ${tileMs[1]} ms, z14 ${tileMs[2]} ms`);
  writeResult('tilesLarge', result);
} finally {
  clearInterval(sample);
  rmSync(dir, { recursive: true, force: true });
}
