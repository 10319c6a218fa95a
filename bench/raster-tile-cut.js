// `node bench/raster-tile-cut.js` (after `npm run build -w @orbis/server`): what one cold raster
// tile costs the server, cut from a COG that GDAL wrote (4096 × 4096 RGB, EPSG:6677, Deflate,
// 512-px blocks, with overviews), against GDAL cutting the same tiles in the same run: gdal2tiles
// (Debian's gdal-bin, one zoom, one process) per tile, and gdalwarp of one tile to a PNG. Also
// the bytes each cold tile reads of the file and the process's peak memory. Prints a table
// (docs/rasters.md, "What it costs"); writes nothing outside a temporary folder.
import { createReadStream, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalStorage } from '../packages/server/dist/storage/local-storage.js';
import { RasterTiles } from '../packages/server/dist/rasters/raster-tiles.js';
import { gdalIn, makeCog, tokyoSquare, writeRgbVrt } from './raster-cog.js';

const SIZE = 4096;
const PIXEL = 0.25;
const dir = mkdtempSync(join(tmpdir(), 'orbis-bench-raster-'));
const square = tokyoSquare(SIZE, PIXEL);
const { tilesAt } = square;

// An orthophoto-like image: smooth colour with noise (Deflate leaves it about half its size).
const raw = Buffer.alloc(SIZE * SIZE * 3);
let seed = 1;
for (let i = 0; i < SIZE * SIZE; i++) {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  const noise = (seed >> 26) - 16;
  raw[i] = Math.max(0, Math.min(255, 80 + ((i % SIZE) >> 5) + noise));
  raw[SIZE * SIZE + i] = Math.max(0, Math.min(255, 100 + (Math.floor(i / SIZE) >> 5) + noise));
  raw[2 * SIZE * SIZE + i] = Math.max(0, Math.min(255, 90 + noise));
}
writeFileSync(join(dir, 'raw.bin'), raw);
writeRgbVrt(dir, SIZE, (b) => ['raw.bin', b * SIZE * SIZE]);
const cog = join(dir, 'ortho.tif');
const gdal = gdalIn(dir);
makeCog(dir, square, cog, { creation: ['COMPRESS=DEFLATE'] });
const size = statSync(cog).size;

const storage = new LocalStorage(join(dir, 'storage'));
await storage.put('p/a/original', createReadStream(cog));

let peak = 0;
const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const pad = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(46) : String(c).padStart(13))).join('');
// One tile first, unmeasured: the JIT and sharp's first call are not a tile's cost.
await new RasterTiles(storage).tile({ key: 'p/a/original', name: 'ortho.tif', size, etag: 'warm', prefix: 'p/a' }, {}, 16, ...tilesAt(16)[0], 'png');
console.log(`COG: ${SIZE}×${SIZE} RGB, ${size.toLocaleString('en-US')} bytes\n`);
console.log(pad(['zoom (tiles over the file)', 'ms/tile', 'bytes read', 'of the file', 'gdal2tiles', 'gdalwarp 1']));
for (const z of [14, 16, 19]) {
  const tiles = tilesAt(z).slice(0, 12);
  const times = [];
  const reads = [];
  for (const [i, [x, y]] of tiles.entries()) {
    // Cold: a fresh reader (no header, no blocks in memory) and a tile never stored.
    const cold = new RasterTiles(storage);
    const file = { key: 'p/a/original', name: 'ortho.tif', size, etag: `z${z}-${i}`, prefix: 'p/a' };
    const t = performance.now();
    await cold.tile(file, {}, z, x, y, 'png');
    times.push(performance.now() - t);
    reads.push((await cold.source(file)).tiff.source.source.client.bytesRead);
    sample();
  }
  const out = join(dir, `g2t-${z}`);
  let t = performance.now();
  gdal('gdal2tiles.py', ['--xyz', '-q', '-z', String(z), '-r', 'near', '-w', 'none', '--processes=1', cog, out]);
  const count = readdirSync(join(out, String(z))).reduce((sum, x) => sum + readdirSync(join(out, String(z), x)).length, 0);
  const perTile = (performance.now() - t) / count;
  const [x, y] = tiles[0];
  const half = Math.PI * 6378137;
  const span = (2 * half) / 2 ** z;
  t = performance.now();
  gdal('gdalwarp', [
    '-q',
    '-overwrite',
    '-t_srs',
    'EPSG:3857',
    '-te',
    String(-half + x * span),
    String(half - (y + 1) * span),
    String(-half + (x + 1) * span),
    String(half - y * span),
    '-ts',
    '256',
    '256',
    '-r',
    'near',
    '-of',
    'PNG',
    cog,
    join(dir, 'one.png'),
  ]);
  const warp = performance.now() - t;
  console.log(
    pad([
      `${z} (${tilesAt(z).length})`,
      median(times).toFixed(1),
      median(reads).toLocaleString('en-US'),
      `${((median(reads) / size) * 100).toFixed(2)}%`,
      `${perTile.toFixed(1)} ms`,
      `${warp.toFixed(0)} ms`,
    ]),
  );
}
console.log(`\npeak RSS while cutting: ${(peak / 1024 / 1024).toFixed(0)} MiB (Node ${process.version})`);
