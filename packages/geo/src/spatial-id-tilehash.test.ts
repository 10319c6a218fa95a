import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPATIAL_ID_MAX_ZOOM, type SpatialId } from './spatial-id.js';
import { spatialIdFromTilehash, spatialIdToTilehash } from './spatial-id-tilehash.js';

/** A Spatial ID that has a tilehash: any valid one but the lowest layer, f = −2^z. */
const spatialId = fc.integer({ min: 0, max: SPATIAL_ID_MAX_ZOOM }).chain((z) =>
  fc.record({
    z: fc.constant(z),
    f: fc.integer({ min: -(2 ** z) + 1, max: 2 ** z - 1 }),
    x: fc.integer({ min: 0, max: 2 ** z - 1 }),
    y: fc.integer({ min: 0, max: 2 ** z - 1 }),
  }),
);

describe('spatialIdToTilehash', () => {
  it('matches the published SDK examples', () => {
    // Values from the test suite of @spatial-id/javascript-sdk.
    expect(spatialIdToTilehash({ z: 25, f: 10, x: 16777216, y: 16777216 })).toBe('4111111111111111111115151');
    expect(spatialIdToTilehash({ z: 1, f: 0, x: 0, y: 0 })).toBe('1');
    expect(spatialIdToTilehash({ z: 1, f: 1, x: 0, y: 0 })).toBe('5');
    expect(spatialIdToTilehash({ z: 1, f: -1, x: 0, y: 0 })).toBe('-5');
    expect(spatialIdToTilehash({ z: 10, f: 0, x: 0, y: 0 })).toBe('1111111111');
  });

  it('numbers the eight children 1 + x + 2y + 4f', () => {
    const digits = [];
    for (const f of [0, 1]) for (const y of [0, 1]) for (const x of [0, 1]) digits.push(spatialIdToTilehash({ z: 1, f, x, y }));
    expect(digits).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(spatialIdToTilehash({ z: 0, f: 0, x: 0, y: 0 })).toBe('');
  });

  it('handles indices beyond 32 bits at zoom 35', () => {
    const top = 2 ** 35 - 1;
    expect(spatialIdToTilehash({ z: 35, f: top, x: top, y: top })).toBe('8'.repeat(35));
    expect(spatialIdToTilehash({ z: 35, f: 0, x: 2 ** 34, y: 0 })).toBe('2' + '1'.repeat(34));
  });

  it('has no tilehash for the lowest layer, f = −2^z', () => {
    expect(() => spatialIdToTilehash({ z: 1, f: -2, x: 0, y: 0 })).toThrow(new RangeError('id.f must be above -2^z (-2) to have a tilehash, got -2'));
    expect(() => spatialIdToTilehash({ z: 0, f: -1, x: 0, y: 0 })).toThrow(RangeError);
  });

  it('throws for an invalid Spatial ID', () => {
    expect(() => spatialIdToTilehash({ z: 1, f: 0, x: 2, y: 0 })).toThrow(RangeError);
    expect(() => spatialIdToTilehash('1/0/0/0' as unknown as SpatialId)).toThrow(TypeError);
  });
});

describe('spatialIdFromTilehash', () => {
  it('reads the published SDK examples back', () => {
    expect(spatialIdFromTilehash('4111111111111111111115151')).toEqual({ z: 25, f: 10, x: 16777216, y: 16777216 });
    expect(spatialIdFromTilehash('-5')).toEqual({ z: 1, f: -1, x: 0, y: 0 });
    expect(spatialIdFromTilehash('')).toEqual({ z: 0, f: 0, x: 0, y: 0 });
  });

  it('round-trips every Spatial ID that has a tilehash (property)', () => {
    fc.assert(
      fc.property(spatialId, (id) => {
        const hash = spatialIdToTilehash(id);
        expect(hash.replace('-', '')).toHaveLength(id.z);
        expect(spatialIdFromTilehash(hash)).toEqual(id);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads a prefix of a tilehash as an ancestor (property)', () => {
    fc.assert(
      fc.property(spatialId, fc.nat(), (id, cut) => {
        fc.pre(id.z > 0 && id.f >= 0);
        const levels = cut % id.z;
        const ancestor = spatialIdFromTilehash(spatialIdToTilehash(id).slice(0, levels));
        const scale = 2 ** (id.z - levels);
        expect(ancestor).toEqual({
          z: levels,
          f: Math.floor(id.f / scale),
          x: Math.floor(id.x / scale),
          y: Math.floor(id.y / scale),
        });
      }),
    );
  });

  it('throws a TypeError for text that is not a tilehash, quoting it', () => {
    for (const text of ['0', '9', 'a1', '1-2', '--5', ' 1', '-', '-1111']) {
      expect(() => spatialIdFromTilehash(text)).toThrow(TypeError);
    }
    expect(() => spatialIdFromTilehash('19')).toThrow('text must be a tilehash (digits 1-8, optionally after "-"), got "19"');
    expect(() => spatialIdFromTilehash(5 as unknown as string)).toThrow(TypeError);
  });

  it('throws a RangeError for more than 35 levels', () => {
    expect(() => spatialIdFromTilehash('1'.repeat(36))).toThrow(/at most 35 digits, got 36/);
  });
});
