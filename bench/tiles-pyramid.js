// `node bench/tiles-pyramid.js [MB] [--huge] [--server-only] [--file PATH]` (default 500 MB, about
// 3.8 million points; --huge: 2,048 MB; --server-only: the worker's part alone; --file: a file
// points-file.js wrote before, of at least 4 million points, kept): a GeoJSON file of points (points-file.js) indexed for tiles with the thinned levels of
// point-levels.ts, then four cold tiles over the middle of the points at every zoom 0–14 (the
// middle's and its neighbours' east, south and south-east), two ways in one process, taking turns: the server's TileMaker (a dense
// shallow tile reads its level alone) and today's cutting before the levels (every point of the
// tile read, then thinned by its cells), the baseline. Then the server's own TileSource (its worker
// thread, fed the file as storage streams it): how long until the index is built, each zoom's
// cold tile through the worker, and the process's peak RSS. Each part runs in its own process so
// that each peak is its own. Writes `tilesPyramid` to bench/results/latest.json.
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIDE, tileAt, writePoints } from './points-file.js';

const args = process.argv.slice(2);
const ZOOMS = Array.from({ length: 15 }, (_, z) => z);
const WHOLE_PARSE_BYTES = 128 * 1024 * 1024;
const dist = (path) => new URL(`../packages/${path}`, import.meta.url).href;

/**
 * Each zoom's tiles: those over four places within the points (at the shallow zooms, one tile
 * four times: each cut is cold all the same, nothing being kept between cuts).
 */
const tilesOf = (features) => {
  // writePoints fills rows of SIDE points 0.005° apart from 31°N up, SIDE rows, then again.
  const north = 31 + (Math.min(SIDE, Math.ceil(features / SIDE)) * 10) / SIDE;
  const [south, top] = [31 + (north - 31) / 4, 31 + ((north - 31) * 3) / 4];
  return ZOOMS.flatMap((z) =>
    [
      [132.5, south],
      [137.5, south],
      [132.5, top],
      [137.5, top],
    ].map(([lng, lat]) => tileAt(z, lng, lat)),
  );
};

const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

/** Today's cutting of a tile of points alone, before the levels: every point in it read, then thinned (tile-maker.ts before). */
function todaysCut(index, vtpbf, { MAX_TILE_ZOOM, TILE_LAYER }, THIN_ABOVE, z, x, y) {
  const z2 = 2 ** z;
  const entries = index.entriesIn(z, x, y);
  if (entries.length === 0) return undefined;
  const thin = z < MAX_TILE_ZOOM && entries.length > THIN_ABOVE;
  const taken = new Set();
  const features = [];
  for (const entry of entries) {
    const px = index.tileX(entry, z2, x);
    const py = index.tileY(entry, z2, y);
    if (thin) {
      const key = Math.floor(py / 32) * 130 + Math.floor(px / 32);
      if (taken.has(key)) continue;
      taken.add(key);
    }
    const id = index.id(entry);
    features.push({ type: 1, geometry: [[px, py]], tags: index.properties(entry), ...(id === undefined ? {} : { id }) });
  }
  return vtpbf.fromGeojsonVt({ [TILE_LAYER]: { features } }, { version: 2, extent: 4096 });
}

/** The child that cuts both ways: prints one JSON line. */
async function cutBothWays(path, features) {
  const { TileMaker, TileFeatures, tiledFeature, THIN_ABOVE } = await import(dist('server/dist/tiles/tile-maker.js'));
  const { PointLevels } = await import(dist('server/dist/tiles/point-levels.js'));
  const { featuresOf, featuresOfDocument } = await import(dist('server/dist/tiles/geojson-stream.js'));
  const scene = await import(dist('scene/dist/index.js'));
  const { default: vtpbf } = await import('vt-pbf');
  let started = performance.now();
  const source =
    statSync(path).size <= WHOLE_PARSE_BYTES
      ? featuresOfDocument(JSON.parse(readFileSync(path, 'utf8')))
      : featuresOf(createReadStream(path), 256 * 1024 * 1024);
  const gathered = new TileFeatures();
  for await (const { index, feature } of source) gathered.add(tiledFeature(feature, index));
  const readS = (performance.now() - started) / 1000;
  started = performance.now();
  const maker = new TileMaker(gathered);
  const buildS = (performance.now() - started) / 1000;
  // The levels' share of it: built again alone, from the index's own arrays (private in TypeScript).
  started = performance.now();
  new PointLevels(maker.points.xs, maker.points.ys, maker.points.world, scene.MAX_TILE_ZOOM, { above: THIN_ABOVE, cells: 128 });
  const levelsS = (performance.now() - started) / 1000;
  const rows = [];
  for (const [turn, [z, x, y]] of tilesOf(features).entries()) {
    const ways = {
      levels: () => maker.tile(z, x, y),
      today: () => todaysCut(maker.points, vtpbf, scene, THIN_ABOVE, z, x, y),
    };
    const row = { z, x, y };
    // Taking turns: which way cuts first alternates from tile to tile.
    for (const way of turn % 2 ? ['today', 'levels'] : ['levels', 'today']) {
      const at = performance.now();
      const bytes = ways[way]();
      row[`${way}Ms`] = Math.round((performance.now() - at) * 10) / 10;
      row[`${way}Bytes`] = bytes?.length ?? 0;
    }
    rows.push(row);
  }
  console.log(JSON.stringify({ features: gathered.count, readS: round(readS), buildS: round(buildS), levelsS: round(levelsS), rows, peakRssMb: peakRssMb() }));
}

/** The child that runs the server's TileSource (its worker thread) on the file: prints one JSON line. */
async function serverSource(path, features) {
  const { TileSource } = await import(dist('server/dist/tiles/tile-source.js'));
  const started = performance.now();
  const source = new TileSource(createReadStream(path));
  const indexed = await source.ready;
  const readyS = (performance.now() - started) / 1000;
  const rows = [];
  for (const [z, x, y] of tilesOf(features)) {
    const at = performance.now();
    const bytes = await source.tile(z, x, y);
    rows.push({ z, x, y, ms: Math.round((performance.now() - at) * 10) / 10, bytes: bytes?.length ?? 0 });
  }
  const memoryMb = Math.round(source.memoryBytes / 1024 / 1024);
  await source.close();
  console.log(JSON.stringify({ features: indexed, readyS: round(readyS), rows, indexMemoryMb: memoryMb, peakRssMb: peakRssMb() }));
}

const round = (value) => Math.round(value * 10) / 10;

function child(mode, path, features) {
  const line = execFileSync(process.execPath, [new URL(import.meta.url).pathname, mode, path, String(features)], {
    encoding: 'utf8',
    maxBuffer: 1 << 22,
    stdio: ['ignore', 'pipe', 'inherit'],
    // Bounded: a run that hangs stops itself.
    timeout: 30 * 60_000,
  }).trim();
  return JSON.parse(line);
}

if (args[0] === '--cut') await cutBothWays(args[1], Number(args[2]));
else if (args[0] === '--server') await serverSource(args[1], Number(args[2]));
else {
  const { writeResult } = await import('./report.js');
  const megabytes = args.includes('--huge') ? 2048 : Number(args.find((a) => /^\d/.test(a)) ?? 500);
  const given = args.includes('--file') ? args[args.indexOf('--file') + 1] : undefined;
  const dir = given ? undefined : mkdtempSync(join(tmpdir(), 'orbis-bench-pyramid-'));
  try {
    const path = given ?? join(dir, 'points.geojson');
    // A file given fills the grid (tilesOf reads no more than that of the count).
    const features = given && existsSync(given) ? SIDE * SIDE : await writePoints(path, megabytes * 1024 * 1024);
    const fileMb = Math.round(statSync(path).size / 1024 / 1024);
    process.stderr.write(`[bench] tiles-pyramid: ${features.toLocaleString('en-US')} points, ${fileMb} MB\n`);
    const none = { rows: [], readS: null, buildS: null, levelsS: null, peakRssMb: null };
    const cut = args.includes('--server-only') ? none : child('--cut', path, features);
    const server = child('--server', path, features);
    const byZoom = ZOOMS.map((z) => {
      const mine = cut.rows.filter((r) => r.z === z);
      const served = server.rows.filter((r) => r.z === z);
      const median = (values) => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
      const levels = mine.map((r) => r.levelsMs);
      const today = mine.map((r) => r.todayMs);
      return {
        z,
        levelsMs: { median: median(levels), max: Math.max(...levels) },
        todayMs: { median: median(today), max: Math.max(...today) },
        ratio: median(today) > 0 ? Math.round((median(levels) / median(today)) * 100) / 100 : null,
        serverMs: { median: median(served.map((r) => r.ms)), max: Math.max(...served.map((r) => r.ms)) },
        tileKb: Math.round(Math.max(...mine.map((r) => r.levelsBytes), ...served.map((r) => r.bytes)) / 1024),
      };
    });
    console.log(`tilesPyramid: ${server.features.toLocaleString('en-US')} features, ${fileMb} MB, ${process.version}`);
    if (cut.readS !== null)
      console.log(`  read ${cut.readS} s, index built ${cut.buildS} s, of which the levels ${cut.levelsS} s (peak RSS ${cut.peakRssMb} MB)`);
    console.log(
      `  server's TileSource: ready in ${server.readyS} s, the index's memory (heap and typed arrays) ${server.indexMemoryMb} MB, peak RSS ${server.peakRssMb} MB`,
    );
    // With --server-only the in-process columns have no tiles: a dash.
    const ms = ({ median, max }) => (median === undefined ? '–' : `${median} (${max})`).padStart(14);
    console.log('  zoom |      levels ms |       today ms | levels/today | through the worker ms | tile KB   (median of 4 tiles, and the slowest)');
    for (const r of byZoom) {
      console.log(
        `  ${String(r.z).padStart(4)} | ${ms(r.levelsMs)} | ${ms(r.todayMs)} | ${String(r.ratio).padStart(12)} | ${ms(r.serverMs).padStart(21)} | ${r.tileKb}`,
      );
    }
    writeResult('tilesPyramid', { fileMb, features, cut, server, byZoom, node: process.version });
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
