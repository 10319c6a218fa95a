import { describe, expect, it } from 'vitest';
import { CIRCLE_SEGMENTS, circleRing, groundDistance, sketchFeature } from './sketch-geometry.js';

const p = (lng: number, lat: number, height = 0) => ({ lng, lat, height });

describe('sketch geometry', () => {
  it('measures along the ground: one degree of latitude is about 111.2 km', () => {
    expect(groundDistance(p(139, 35), p(139, 36))).toBeCloseTo(111_195, -1);
  });

  it('makes a circle a closed ring whose every vertex is the radius from the centre', () => {
    const ring = circleRing(p(139.7, 35.6), p(139.71, 35.6));
    const radius = groundDistance(p(139.7, 35.6), p(139.71, 35.6));
    expect(ring).toHaveLength(CIRCLE_SEGMENTS + 1);
    expect(ring[0]).toEqual(ring.at(-1));
    for (const [lng, lat] of ring) expect(groundDistance(p(139.7, 35.6), p(lng, lat))).toBeCloseTo(radius, 3);
  });

  it('gives each tool its GeoJSON geometry, with positions and extrudedHeight in properties', () => {
    expect(sketchFeature('s1', 'marker', [p(1, 2, 3)], 0)).toMatchObject({
      type: 'Feature',
      id: 's1',
      geometry: { type: 'Point', coordinates: [1, 2, 3] },
      properties: { id: 's1', type: 'marker', extrudedHeight: 0 },
    });
    expect(sketchFeature('s2', 'polyline', [p(1, 2), p(3, 4)], 0).geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [1, 2, 0],
        [3, 4, 0],
      ],
    });
    expect(sketchFeature('s3', 'polygon', [p(0, 0), p(1, 0), p(1, 1)], 0).geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0, 0],
          [1, 0, 0],
          [1, 1, 0],
          [0, 0, 0],
        ],
      ],
    });
    expect(sketchFeature('s4', 'extrudedRectangle', [p(0, 0), p(2, 1)], 120)).toMatchObject({
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0, 0],
            [0, 1, 0],
            [2, 1, 0],
            [2, 0, 0],
            [0, 0, 0],
          ],
        ],
      },
      properties: { type: 'extrudedRectangle', extrudedHeight: 120 },
    });
    const circle = sketchFeature('s5', 'circle', [p(0, 0), p(0.01, 0)], 0);
    expect(circle.geometry.type).toBe('Polygon');
  });

  it('gives positions as Re:Earth does: Cartesian (ECEF) metres on WGS84, one per clicked point', () => {
    // Values of CesiumJS's Cartesian3.fromDegrees (what Re:Earth's toXYZ returns).
    const [origin, tokyo] = sketchFeature('s6', 'polyline', [p(0, 0), p(139.7454, 35.6586, 0)], 0).properties.positions;
    expect(origin).toEqual([6378137, 0, 0]);
    expect(tokyo![0]).toBeCloseTo(-3959512.826, 2);
    expect(tokyo![1]).toBeCloseTo(3352520.783, 2);
    expect(tokyo![2]).toBeCloseTo(3697479.697, 2);
    const [pole] = sketchFeature('s7', 'marker', [p(0, 90, 100)], 0).properties.positions;
    expect(pole![2]).toBeCloseTo(6356752.314245 + 100, 3);
    expect(sketchFeature('s8', 'extrudedRectangle', [p(0, 0), p(2, 1)], 120).properties.positions).toHaveLength(2);
  });
});
