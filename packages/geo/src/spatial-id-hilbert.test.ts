import { describe, expect, it } from 'vitest';
import { spatialIdToHilbertIndex, spatialIdToHilbertTilehash } from './spatial-id-hilbert.js';

describe('spatialIdToHilbertTilehash / spatialIdToHilbertIndex', () => {
  it('matches the published SDK example', () => {
    // From the test suite of @spatial-id/javascript-sdk: Space({lng: 0, lat: 0, alt: 10}, 25).
    expect(spatialIdToHilbertTilehash({ z: 25, f: 10, x: 16777216, y: 16777216 })).toBe('H6757575757575757575756523');
    expect(spatialIdToHilbertIndex({ z: 25, f: 10, x: 16777216, y: 16777216 })).toBe('27509658717669203069706');
  });

  it('matches the reference implementation at other voxels and zooms', () => {
    // Computed with the reference SDK's algorithm.
    const cases: [[number, number, number, number], string, string][] = [
      [[1, 0, 0, 0], '7', 'H8'],
      [[1, 0, 1, 0], '6', 'H7'],
      [[1, -1, 1, 1], '2', 'H3'],
      [[2, 1, 3, 0], '52', 'H75'],
      [[20, 0, 931389, 412906], '909742103874768975', 'H73511442874364121228'],
      [[22, 6, 3725284, 1651062], '58223494620933798994', 'H7351144287124761147233'],
      [[25, -1, 29803304, 13212456], '7968502603186707478219', 'H2648855712563568824444424'],
    ];
    for (const [[z, f, x, y], index, tilehash] of cases) {
      expect([spatialIdToHilbertIndex({ z, f, x, y }), spatialIdToHilbertTilehash({ z, f, x, y })]).toEqual([index, tilehash]);
    }
  });

  it('visits all eight octants of zoom 1 once', () => {
    const seen = new Set<string>();
    for (const f of [-1, 0]) for (const y of [0, 1]) for (const x of [0, 1]) seen.add(spatialIdToHilbertIndex({ z: 1, f, x, y }));
    expect([...seen].sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
  });

  it('gives a parent a prefix of its child', () => {
    const child = spatialIdToHilbertTilehash({ z: 22, f: 6, x: 3725284, y: 1651062 });
    const parent = spatialIdToHilbertTilehash({ z: 21, f: 3, x: 1862642, y: 825531 });
    expect(child.startsWith(parent)).toBe(true);
  });

  it('has no index where the floor is outside ±2^(z-1), and checks the id', () => {
    expect(() => spatialIdToHilbertIndex({ z: 1, f: 1, x: 0, y: 0 })).toThrow(RangeError);
    expect(() => spatialIdToHilbertTilehash({ z: 1, f: 0, x: 2, y: 0 })).toThrow(RangeError);
    expect(spatialIdToHilbertTilehash({ z: 0, f: 0, x: 0, y: 0 })).toBe('H');
  });
});
