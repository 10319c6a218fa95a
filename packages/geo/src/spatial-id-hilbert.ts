import { checkSpatialId, type SpatialId } from './spatial-id.js';
import { show } from './validate.js';

/**
 * The 3D Hilbert curve of the Spatial ID specification's `hilbertTilehash` and `hilbertIndex`
 * (the curve the reference SDK, @spatial-id/javascript-sdk, uses). It is a state machine over
 * octants: at each level the state and the octant's Morton digit (x + 2y + 4f) give the next
 * state (high bits, a multiple of 8) and the Hilbert digit (low 3 bits). The table is the curve's
 * definition (J. Baert's morton-to-hilbert table for 3D, threadlocalmutex.com), kept as data so
 * that our ids equal everyone else's; any other 3D Hilbert curve would give different ids.
 */
const MORTON_TO_HILBERT: readonly number[] = [
  48, 33, 27, 34, 47, 78, 28, 77, 66, 29, 51, 52, 65, 30, 72, 63, 76, 95, 75, 24, 53, 54, 82, 81, 18, 3, 17, 80, 61, 4, 62, 15, 0, 59, 71, 60, 49, 50, 86, 85,
  84, 83, 5, 90, 79, 56, 6, 89, 32, 23, 1, 94, 11, 12, 2, 93, 42, 41, 13, 14, 35, 88, 36, 31, 92, 37, 87, 38, 91, 74, 8, 73, 46, 45, 9, 10, 7, 20, 64, 19, 70,
  25, 39, 16, 69, 26, 44, 43, 22, 55, 21, 68, 57, 40, 58, 67,
];

/** Bit `i` of a non-negative integer below 2^53 (bitwise operators stop at 32 bits). */
const bit = (v: number, i: number): number => Math.floor(v / 2 ** i) % 2;

/**
 * The Hilbert digits of a voxel, one octal digit (0–7) per zoom level, most significant first.
 * Floors are shifted up by 2^(z−1) first, as the specification does, so f must lie in
 * −2^(z−1) … 2^(z−1) − 1 (heights within ±2^24 m): outside it the voxel has no Hilbert index.
 */
function hilbertDigits(id: SpatialId): number[] {
  checkSpatialId(id);
  const { z, f, x, y } = id;
  if (z === 0) return [];
  const half = 2 ** (z - 1);
  if (f < -half || f >= half)
    throw new RangeError(`id.f must be from -2^(z-1) to 2^(z-1) - 1 (${-half} to ${half - 1}) to have a Hilbert index, got ${show(f)}`);
  const floor = f + half;
  const digits: number[] = [];
  let state = 0;
  for (let level = z - 1; level >= 0; level--) {
    const octant = bit(x, level) + 2 * bit(y, level) + 4 * bit(floor, level);
    const next = MORTON_TO_HILBERT[state + octant]!;
    digits.push(next % 8);
    state = next - (next % 8);
  }
  return digits;
}

/**
 * The Spatial ID's position on the 3D Hilbert curve of its zoom level, as a decimal string (it
 * exceeds 2^53 from zoom 18 on; Re:Earth's `spacePick` gives it as a string too).
 *
 * @throws TypeError or RangeError when `id` is not a valid Spatial ID or its floor is outside ±2^(z−1).
 * @example
 * spatialIdToHilbertIndex({ z: 1, f: 0, x: 0, y: 0 }); // "7"
 * spatialIdToHilbertIndex({ z: 25, f: 10, x: 16777216, y: 16777216 }); // "27509658717669203069706"
 */
export function spatialIdToHilbertIndex(id: SpatialId): string {
  let index = 0n;
  for (const d of hilbertDigits(id)) index = index * 8n + BigInt(d);
  return index.toString();
}

/**
 * The Hilbert tilehash: `H` and one digit 1–8 per zoom level (the Hilbert index in octal, each
 * digit plus one), so that a prefix is the parent voxel.
 *
 * @throws as {@link spatialIdToHilbertIndex}.
 * @example
 * spatialIdToHilbertTilehash({ z: 25, f: 10, x: 16777216, y: 16777216 }); // "H6757575757575757575756523"
 */
export function spatialIdToHilbertTilehash(id: SpatialId): string {
  return `H${hilbertDigits(id)
    .map((d) => d + 1)
    .join('')}`;
}
