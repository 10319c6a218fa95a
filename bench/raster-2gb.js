// `node bench/raster-2gb.js [--2gb]` (after `npm run build -w @orbis/server`): a large COG by URL
// and from storage (docs/rasters.md, "Large files"). Makes an RGB COG with gdal_translate
// (uncompressed, 512-px blocks, overviews; about 250 MB, or about 2 GB with --2gb, after checking
// the temporary folder has room for twice that), serves it from a 127.0.0.1 host that answers
// byte ranges and counts them, and measures:
// - the first view by URL: every tile of the deepest zoom at which the file fits a 1024 × 768
//   view (at most 4 × 3 tiles), cut by range reads: requests, and bytes read against the file's
//   size (the target: at most 1 %);
// - memory while serving: 300 tiles of every zoom from the overviews down to full resolution, cut
//   from the file in storage (as an asset's), the process's resident memory sampled after each,
//   against its memory before the first (the baseline of the same run).
// Deletes the file and its folder after. Prints a table; writes nothing else.
import { createReadStream, mkdtempSync, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalStorage } from '../packages/server/dist/storage/local-storage.js';
import { RasterTiles } from '../packages/server/dist/rasters/raster-tiles.js';
import { makeCog, tokyoSquare, writeRgbVrt } from './raster-cog.js';

const BIG = process.argv.includes('--2gb');
// RGB bytes, uncompressed: the image is 3/4 of the file, its overviews the rest.
const SIZE = BIG ? 23_000 : 8_000;
const PIXEL = 0.25;
const expected = SIZE * SIZE * 3 * (4 / 3);
const free = (() => {
  const s = statfsSync(tmpdir());
  return s.bavail * s.bsize;
})();
if (free < 2 * expected) {
  console.error(`bench/raster-2gb: ${tmpdir()} has ${(free / 2 ** 30).toFixed(1)} GiB free, ${((2 * expected) / 2 ** 30).toFixed(1)} GiB needed`);
  process.exit(1);
}
const dir = mkdtempSync(join(tmpdir(), 'orbis-bench-2gb-'));
const square = tokyoSquare(SIZE, PIXEL);
const { tilesAt } = square;

try {
  // A 256 × 256 noise image, scaled up by nearest pixel: the content does not matter uncompressed.
  const SMALL = 256;
  const raw = Buffer.alloc(SMALL * SMALL * 3);
  let seed = 7;
  for (let i = 0; i < raw.length; i++) raw[i] = (seed = (seed * 1103515245 + 12345) % 2 ** 31) >> 23;
  writeFileSync(join(dir, 'raw.bin'), raw);
  writeRgbVrt(dir, SMALL, (b) => ['raw.bin', b * SMALL * SMALL]);
  const cog = join(dir, 'big.tif');
  let t = performance.now();
  makeCog(dir, square, cog, { creation: ['COMPRESS=NONE', 'BIGTIFF=YES'], extra: ['-outsize', String(SIZE), String(SIZE), '-r', 'nearest'] });
  const size = statSync(cog).size;
  console.log(
    `COG: ${SIZE} × ${SIZE} RGB, uncompressed, 512-px blocks, overviews: ${size.toLocaleString('en-US')} bytes, made in ${((performance.now() - t) / 1000).toFixed(0)} s\n`,
  );

  // The file's host: single byte ranges only, counted.
  const host = { requests: 0, bytes: 0, whole: 0 };
  const server = createServer((req, res) => {
    host.requests += 1;
    const match = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    if (!match) {
      host.whole += 1;
      return void res.writeHead(416).end();
    }
    const start = Number(match[1]);
    const end = Math.min(Number(match[2]), size - 1);
    host.bytes += end - start + 1;
    res.writeHead(206, { 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': end - start + 1 });
    createReadStream(cog, { start, end }).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/big.tif`;

  let first = 0;
  while (tilesAt(first + 1).length <= 12) first += 1;

  // The first view by URL, from a cold reader.
  const remote = new RasterTiles(new LocalStorage(join(dir, 'unused')), { privateAddresses: true });
  t = performance.now();
  for (const [x, y] of tilesAt(first)) await remote.tile({ url, name: 'big.tif' }, {}, first, x, y, 'png');
  const view = performance.now() - t;
  console.log(`first view by URL: zoom ${first}, ${tilesAt(first).length} tiles in ${(view / 1000).toFixed(1)} s`);
  console.log(`  ${host.requests} requests, each a single range (${host.whole} not)`);
  console.log(`  ${host.bytes.toLocaleString('en-US')} bytes read: ${((host.bytes / size) * 100).toFixed(3)} % of the file (target ≤ 1 %)\n`);
  server.close();

  // Memory while serving tiles of every zoom from storage, as an asset's file.
  const storage = new LocalStorage(join(dir, 'storage'));
  await storage.put('p/a/original', createReadStream(cog));
  rmSync(cog);
  const tiles = new RasterTiles(storage);
  const file = { key: 'p/a/original', name: 'big.tif', size, etag: 'bench', prefix: 'p/a' };
  const zooms = [];
  for (let z = first; z <= first + Math.ceil(Math.log2(SIZE / 256)) + 1; z++) zooms.push(z);
  const asked = [];
  for (let i = 0; asked.length < 300; i++) {
    const z = zooms[i % zooms.length];
    const all = tilesAt(z);
    asked.push([z, ...all[(i * 7919) % all.length]]);
  }
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const marks = [];
  t = performance.now();
  for (const [i, [z, x, y]] of asked.entries()) {
    await tiles.tile(file, {}, z, x, y, 'png');
    peak = Math.max(peak, process.memoryUsage().rss);
    if ((i + 1) % 50 === 0) marks.push(process.memoryUsage().rss);
  }
  const mib = (b) => `${(b / 2 ** 20).toFixed(0)} MiB`;
  console.log(`serving ${asked.length} tiles of zooms ${zooms[0]}–${zooms.at(-1)} from storage in ${((performance.now() - t) / 1000).toFixed(0)} s:`);
  console.log(`  resident memory before ${mib(before)}, every 50 tiles ${marks.map(mib).join(', ')}`);
  console.log(`  peak ${mib(peak)} (${(peak / before).toFixed(2)} × before; the file is ${mib(size)}) (Node ${process.version})`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
