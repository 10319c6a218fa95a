// `node bench/raster-tile-encoding.js`: what encoding one 256×256 RGBA raster tile costs with each
// encoder the server could use (sharp/libvips, pngjs, fast-png), and how large the tiles come out,
// to choose the encoder in packages/server/src/rasters/raster-tiles.ts. Prints a table
// (docs/rasters.md, "What it costs", has the figures and the choice); writes nothing.
import { encode as fastPngEncode } from 'fast-png';
import { PNG } from 'pngjs';
import sharp from 'sharp';

const SIZE = 256;

/** An orthophoto-like tile: smooth colour with noise, fully opaque. */
function photo() {
  const out = new Uint8Array(SIZE * SIZE * 4);
  let seed = 1;
  for (let i = 0; i < SIZE * SIZE; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const noise = (seed >> 24) - 64;
    const x = i % SIZE;
    const y = Math.floor(i / SIZE);
    out[i * 4] = Math.max(0, Math.min(255, 90 + x / 4 + noise / 4));
    out[i * 4 + 1] = Math.max(0, Math.min(255, 110 + y / 5 + noise / 5));
    out[i * 4 + 2] = Math.max(0, Math.min(255, 80 + noise / 3));
    out[i * 4 + 3] = 255;
  }
  return out;
}

/** A classified tile: five ramp colours in bands, and transparent no data in a corner. */
function classes() {
  const colours = [
    [68, 1, 84],
    [59, 82, 139],
    [33, 145, 140],
    [94, 201, 98],
    [253, 231, 37],
  ];
  const out = new Uint8Array(SIZE * SIZE * 4);
  for (let i = 0; i < SIZE * SIZE; i++) {
    const x = i % SIZE;
    const y = Math.floor(i / SIZE);
    if (x < 40 && y < 40) continue;
    const c = colours[Math.floor(((x + y) / (2 * SIZE)) * 5) % 5];
    out.set([...c, 255], i * 4);
  }
  return out;
}

const encoders = [
  [
    'sharp PNG (level 6, no adaptive filter)',
    (rgba) =>
      sharp(rgba, { raw: { width: SIZE, height: SIZE, channels: 4 } })
        .png({ compressionLevel: 6, adaptiveFiltering: false })
        .toBuffer(),
  ],
  [
    'sharp PNG (level 9, adaptive filter)',
    (rgba) =>
      sharp(rgba, { raw: { width: SIZE, height: SIZE, channels: 4 } })
        .png({ compressionLevel: 9, adaptiveFiltering: true })
        .toBuffer(),
  ],
  [
    'sharp WebP lossless (effort 0)',
    (rgba) =>
      sharp(rgba, { raw: { width: SIZE, height: SIZE, channels: 4 } })
        .webp({ lossless: true, effort: 0 })
        .toBuffer(),
  ],
  [
    'sharp WebP lossless (effort 2)',
    (rgba) =>
      sharp(rgba, { raw: { width: SIZE, height: SIZE, channels: 4 } })
        .webp({ lossless: true, effort: 2 })
        .toBuffer(),
  ],
  [
    'sharp WebP lossy (quality 80)',
    (rgba) =>
      sharp(rgba, { raw: { width: SIZE, height: SIZE, channels: 4 } })
        .webp({ quality: 80 })
        .toBuffer(),
  ],
  ['pngjs (sync)', async (rgba) => PNG.sync.write(Object.assign(new PNG({ width: SIZE, height: SIZE }), { data: Buffer.from(rgba) }))],
  ['fast-png', async (rgba) => Buffer.from(fastPngEncode({ width: SIZE, height: SIZE, data: rgba, channels: 4, depth: 8 }))],
];

/** The median time of one encoding, over at least `runs` repeats lasting about `budgetMs`. */
async function timeOf(encode, rgba, budgetMs = 1500, runs = 20) {
  const times = [];
  const until = performance.now() + budgetMs;
  do {
    const t = performance.now();
    await encode(rgba);
    times.push(performance.now() - t);
  } while (performance.now() < until || times.length < runs);
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

const pad = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(42) : String(c).padStart(14))).join('');
for (const [name, rgba] of [
  ['orthophoto-like tile', photo()],
  ['classified tile (ramp with breaks)', classes()],
]) {
  console.log(`\n${name}: 256×256 RGBA`);
  console.log(pad(['', 'ms each', 'bytes', 'vs sharp PNG']));
  let base;
  for (const [label, encode] of encoders) {
    await encode(rgba);
    const ms = await timeOf(encode, rgba);
    base ??= ms;
    console.log(pad([label, ms.toFixed(2), (await encode(rgba)).length.toLocaleString('en-US'), `${(ms / base).toFixed(2)}×`]));
  }
}
