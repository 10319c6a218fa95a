import { describe, expect, it } from 'vitest';
import { spatialIdFromLngLatHeight } from './spatial-id.js';
import { spatialIdSpace } from './spatial-id-space.js';

describe('spatialIdSpace', () => {
  it('gives the 8 corners as the reference SDK does', () => {
    // vertices3d of Space('/22/6/3725284/1651062') in the test suite of @spatial-id/javascript-sdk.
    const vertices = spatialIdSpace({ z: 22, f: 6, x: 3725284, y: 1651062 }).vertices;
    const sdk = [
      [139.74369049072266, 35.720454780411565, 48],
      [139.74369049072266, 35.7203850965781, 48],
      [139.74377632141113, 35.7203850965781, 48],
      [139.74377632141113, 35.720454780411565, 48],
      [139.74369049072266, 35.720454780411565, 56],
      [139.74369049072266, 35.7203850965781, 56],
      [139.74377632141113, 35.7203850965781, 56],
      [139.74377632141113, 35.720454780411565, 56],
    ];
    // Equal to the last bit or two of a double (the SDK computes latitude by another formula).
    expect(vertices).toHaveLength(8);
    vertices.forEach((v, i) => v.forEach((c, j) => expect(c).toBeCloseTo(sdk[i]![j]!, 12)));
  });

  it('gives ids, hashes, zoom and centre of the SDK example Space({lng: 0, lat: 0, alt: 10}, 25)', () => {
    const space = spatialIdSpace(spatialIdFromLngLatHeight(0, 0, 10, 25));
    expect(space).toMatchObject({
      id: '/25/10/16777216/16777216',
      zfxy: { z: 25, f: 10, x: 16777216, y: 16777216 },
      zfxyStr: '/25/10/16777216/16777216',
      tilehash: '4111111111111111111115151',
      hilbertTilehash: 'H6757575757575757575756523',
      hilbertIndex: '27509658717669203069706',
      zoom: 25,
      alt: 10.5,
    });
    expect(space.center.height).toBe(10.5);
    expect(space.center.alt).toBe(10.5);
  });

  it('centres a voxel as the SDK does (Space("1/0/0/0").center)', () => {
    expect(spatialIdSpace({ z: 1, f: 0, x: 0, y: 0 }).center).toEqual({ lng: -90, lat: 66.51326044311186, alt: 8388608, height: 8388608 });
  });
});
