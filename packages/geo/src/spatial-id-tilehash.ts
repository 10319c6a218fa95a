import { checkSpatialId, SPATIAL_ID_MAX_ZOOM, type SpatialId } from './spatial-id.js';
import { show } from './validate.js';

/**
 * The tilehash of a Spatial ID, as the `@spatial-id/javascript-sdk` writes it: one digit 1–8 per
 * zoom level from the top, naming which of its parent's eight children the voxel is at that level
 * (1 + x bit + 2·y bit + 4·f bit), so a tilehash's prefixes are its ancestors. A voxel below
 * height 0 (f < 0) is written as the tilehash of |f| preceded by `-`.
 *
 * @throws TypeError or RangeError when `id` is not a valid Spatial ID; RangeError for the lowest
 * layer, f = −2^z, whose |f| needs one bit more than the zoom level has (the SDK has no tilehash for it).
 * @example
 * spatialIdToTilehash({ z: 25, f: 10, x: 16777216, y: 16777216 }); // "4111111111111111111115151"
 * spatialIdToTilehash({ z: 1, f: -1, x: 0, y: 0 }); // "-5"
 */
export function spatialIdToTilehash(id: SpatialId): string {
  checkSpatialId(id);
  const { z, x, y } = id;
  const fAbs = Math.abs(id.f);
  if (fAbs === 2 ** z) {
    throw new RangeError(`id.f must be above -2^z (${-(2 ** z)}) to have a tilehash, got ${show(id.f)}`);
  }
  let digits = '';
  for (let bit = z - 1; bit >= 0; bit--) {
    // Division, not >>: x, y and f reach 2^35, beyond the 32 bits that bitwise operators keep.
    const scale = 2 ** bit;
    const xBit = Math.floor(x / scale) % 2;
    const yBit = Math.floor(y / scale) % 2;
    const fBit = Math.floor(fAbs / scale) % 2;
    digits += String(1 + xBit + 2 * yBit + 4 * fBit);
  }
  return (id.f < 0 ? '-' : '') + digits;
}

const TILEHASH_TEXT = /^-?[1-8]*$/;

/**
 * Reads a Spatial ID from a tilehash (see {@link spatialIdToTilehash}); its zoom level is the number
 * of digits, and the empty string is the zoom-0 voxel above height 0.
 *
 * @throws TypeError when `text` is not a tilehash; RangeError when it has more than 35 digits.
 * @example
 * spatialIdFromTilehash('4111111111111111111115151'); // { z: 25, f: 10, x: 16777216, y: 16777216 }
 * spatialIdFromTilehash('-5'); // { z: 1, f: -1, x: 0, y: 0 }
 */
export function spatialIdFromTilehash(text: string): SpatialId {
  if (typeof text !== 'string' || !TILEHASH_TEXT.test(text)) {
    throw new TypeError(`text must be a tilehash (digits 1-8, optionally after "-"), got ${show(text)}`);
  }
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  if (digits.length > SPATIAL_ID_MAX_ZOOM) {
    throw new RangeError(`a tilehash has at most ${SPATIAL_ID_MAX_ZOOM} digits, got ${digits.length} in ${show(text)}`);
  }
  let f = 0;
  let x = 0;
  let y = 0;
  for (const char of digits) {
    const child = Number(char) - 1;
    x = x * 2 + (child % 2);
    y = y * 2 + (Math.floor(child / 2) % 2);
    f = f * 2 + Math.floor(child / 4);
  }
  if (negative && f === 0) {
    throw new TypeError(`a tilehash with "-" must have an upward digit (5-8), got ${show(text)}`);
  }
  const id = { z: digits.length, f: negative ? -f : f, x, y };
  checkSpatialId(id);
  return id;
}
