// A GeoJSON file of points for the tile benchmarks (tiles-large.js, tiles-pyramid.js).
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { KINDS } from './data-scale-data.js';

/** The grid's side: points fill rows of this many from 31°N up. */
export const SIDE = 2000;

/** Points on a grid over 130–140°E, 31–41°N, as data-scale-data.js writes them, until the file has `bytes`. */
export async function writePoints(path, bytes) {
  const out = createWriteStream(path);
  let written = 0;
  let n = 0;
  const write = async (text) => {
    written += text.length;
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('{"type":"FeatureCollection","features":[');
  while (written < bytes) {
    const lng = (130 + ((n % SIDE) * 10) / SIDE).toFixed(5);
    const lat = (31 + ((Math.floor(n / SIDE) % SIDE) * 10) / SIDE).toFixed(5);
    await write(
      `${n ? ',' : ''}{"type":"Feature","properties":{"id":${n},"kind":"${KINDS[n % KINDS.length]}","height":${(n * 37) % 5000}},"geometry":{"type":"Point","coordinates":[${lng},${lat}]}}`,
    );
    n++;
  }
  await write(']}');
  out.end();
  await once(out, 'finish');
  return n;
}

/** The XYZ tile holding a place at zoom `z`. */
export function tileAt(z, lng, lat) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return [z, Math.floor(((lng + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)];
}

/** The middle of the points of a file of `features` (writePoints fills rows of SIDE from 31°N up). */
export function middleOf(features) {
  return [137.3, 31 + (Math.ceil(features / SIDE) * 10) / SIDE / 2];
}
