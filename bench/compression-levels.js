// `node bench/compression-levels.js`: what each brotli quality and gzip level costs and saves on
// what the server sends, to choose the levels in packages/server/src/http/transport/compressible.ts. Prints
// a table (docs/performance.md, "Compression", has the figures and the choice); writes nothing.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ulid = (i) => `01JDA8${String(i).padStart(20, '0')}`;
const record = (i) => ({
  type: 'asset',
  id: ulid(i),
  name: `ward-${i}.geojson`,
  url: `http://127.0.0.1:8080/files/demo/${ulid(i)}/ward-${i}.geojson`,
  contentType: 'application/geo+json',
  size: 10_000 + ((i * 7919) % 90_000),
  createdAt: new Date(Date.UTC(2026, 10, 21, 12, 0, i)).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 10, 21, 12, 0, i)).toISOString(),
});
const page = JSON.stringify({
  results: Array.from({ length: 50 }, (_, i) => record(i)),
  totalCount: 100000,
  hasMore: true,
  limit: 50,
  nextCursor: 'c'.repeat(40),
  page: 1,
  offset: 0,
});
const points = JSON.stringify({
  type: 'FeatureCollection',
  features: Array.from({ length: 5000 }, (_, i) => ({
    type: 'Feature',
    properties: { id: i, name: `tree ${i}`, height: (i * 37) % 30 },
    geometry: { type: 'Point', coordinates: [139 + ((i * 7) % 1000) / 1000, 35 + ((i * 13) % 1000) / 1000] },
  })),
});
const cesium = join(dirname(createRequire(import.meta.url).resolve('cesium/package.json')), 'Build', 'Cesium', 'index.js');
const inputs = [
  ['listing page (50 assets)', Buffer.from(page)],
  ['GeoJSON, 5,000 points', Buffer.from(points)],
  ['CesiumJS index.js', readFileSync(cesium)],
];

const brotli = (q, lgwin = 22) => [
  `brotli ${q}${lgwin === 22 ? '' : `, window 2^${lgwin}`}`,
  (b) =>
    brotliCompressSync(b, {
      params: { [constants.BROTLI_PARAM_QUALITY]: q, [constants.BROTLI_PARAM_LGWIN]: lgwin, [constants.BROTLI_PARAM_SIZE_HINT]: b.length },
    }),
];
const gzip = (level) => [`gzip ${level}`, (b) => gzipSync(b, { level })];
const dynamic = [gzip(1), gzip(6), brotli(1), brotli(3), brotli(4), brotli(4, 18), brotli(5), brotli(6)];
const best = [gzip(9), brotli(9), brotli(11)];

/** The median time of one compression of `bytes`, over at least `runs` repeats lasting about `budgetMs`. */
function timeOf(compress, bytes, budgetMs, runs) {
  const times = [];
  const until = performance.now() + budgetMs;
  do {
    const t = performance.now();
    compress(bytes);
    times.push(performance.now() - t);
  } while (performance.now() < until || times.length < runs);
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

const pad = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(30) : String(c).padStart(12))).join('');
for (const [name, bytes] of inputs) {
  const big = bytes.length > 1e6;
  console.log(`\n${name}: ${bytes.length.toLocaleString('en-US')} bytes`);
  console.log(pad(['', 'bytes', 'of identity', 'ms each', 'MB/s']));
  for (const [label, compress] of big ? [...dynamic.filter(([l]) => l.startsWith('brotli 4') || l === 'gzip 6'), ...best] : [...dynamic, ...best]) {
    const t = performance.now();
    const out = compress(bytes).length;
    // CesiumJS at brotli 11 takes most of a minute: timed once.
    const ms = big ? performance.now() - t : timeOf(compress, bytes, 300, 3);
    console.log(
      pad([
        label,
        out.toLocaleString('en-US'),
        `${((out / bytes.length) * 100).toFixed(1)}%`,
        ms.toFixed(ms < 10 ? 3 : 0),
        (bytes.length / 1e3 / ms).toFixed(1),
      ]),
    );
  }
}
