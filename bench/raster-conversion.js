// `node bench/raster-conversion.js [size]` (after `npm run build -w @orbis/server`): what converting
// a plain GeoTIFF on upload costs (docs/rasters.md, "Plain GeoTIFFs"): a `size` × `size` RGB
// orthophoto in EPSG:6677 in strips with Deflate and no overviews, as GDAL writes a GeoTIFF by
// default (8192 by default), converted by Orbis (sharp: tiled levels with nearest overviews) from
// the local storage, against `gdal_translate -of COG` of the same file in the same run. Prints the
// time of each, their ratio, and the peak resident memory of this process while Orbis converted
// (libvips' memory included). Writes nothing outside a temporary folder.
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { archiveEntryKey } from '../packages/server/dist/assets/archive.js';
import { convertGeotiff } from '../packages/server/dist/rasters/cog-conversion.js';
import { LocalStorage } from '../packages/server/dist/storage/local-storage.js';
import { gdalIn, writeRgbVrt } from './raster-cog.js';

const SIZE = Number(process.argv[2] ?? 8192);
const dir = mkdtempSync(join(tmpdir(), 'orbis-bench-conversion-'));
const gdal = gdalIn(dir);

// An orthophoto-like image, written row by row: smooth colour with noise.
const raw = Buffer.alloc(SIZE * SIZE);
for (const [b, base] of [80, 100, 90].entries()) {
  let seed = b + 1;
  for (let i = 0; i < SIZE * SIZE; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    raw[i] = Math.max(0, Math.min(255, base + (((b === 0 ? i % SIZE : Math.floor(i / SIZE)) >> 6) & 63) + (seed >> 27) - 8));
  }
  writeFileSync(join(dir, `band${b}.bin`), raw);
}
writeRgbVrt(dir, SIZE, (b) => [`band${b}.bin`, 0]);
const plain = join(dir, 'plain.tif');
gdal('gdal_translate', [
  '-q',
  '-co',
  'COMPRESS=DEFLATE',
  '-a_srs',
  'EPSG:6677',
  '-a_ullr',
  '-10000',
  '-30000',
  String(-10000 + SIZE * 0.25),
  String(-30000 - SIZE * 0.25),
  'raw.vrt',
  plain,
]);
for (let b = 0; b < 3; b++) rmSync(join(dir, `band${b}.bin`));
const size = statSync(plain).size;

const storage = new LocalStorage(join(dir, 'storage'));
await storage.put('p/a/original', createReadStream(plain));
let peak = 0;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const before = process.memoryUsage().rss;
let started = performance.now();
let previewMs;
const entries = await convertGeotiff(storage, 'p/a/original', size, 'plain.tif', 0, (i) => archiveEntryKey('p/a', i), {
  onPreview: async () => void (previewMs = performance.now() - started),
});
const orbisMs = performance.now() - started;
clearInterval(timer);
started = performance.now();
gdal('gdal_translate', ['-q', '-of', 'COG', '-co', 'COMPRESS=DEFLATE', '-co', 'BLOCKSIZE=256', plain, join(dir, 'gdal-cog.tif')]);
const gdalMs = performance.now() - started;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(`plain GeoTIFF ${SIZE} × ${SIZE} RGB, strips, Deflate: ${mb(size)} (${mb(SIZE * SIZE * 3)} of pixels)`);
const levels = entries.filter((e) => e.path.includes('/level-')).length;
console.log(`Orbis (sharp, a preview and ${levels} levels): ${(orbisMs / 1000).toFixed(1)} s, ${mb(entries.reduce((n, e) => n + e.size, 0))} written`);
console.log(`  its preview (the first view's overview) listed after ${((previewMs ?? NaN) / 1000).toFixed(1)} s`);
console.log(`gdal_translate -of COG:        ${(gdalMs / 1000).toFixed(1)} s, ${mb(statSync(join(dir, 'gdal-cog.tif')).size)}`);
console.log(`ratio Orbis / GDAL: ${(orbisMs / gdalMs).toFixed(2)}`);
console.log(`peak resident memory while converting: ${mb(peak)} (${mb(before)} before)`);
rmSync(dir, { recursive: true, force: true });
