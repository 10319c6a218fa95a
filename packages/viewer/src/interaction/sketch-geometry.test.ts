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
    expect(sketchFeature('s1', 'marker', [p(1, 2, 3)], 0)).toEqual({
      type: 'Feature',
      id: 's1',
      geometry: { type: 'Point', coordinates: [1, 2, 3] },
      properties: { id: 's1', type: 'marker', positions: [[1, 2, 3]], extrudedHeight: 0 },
    });
    expect(sketchFeature('s2', 'polyline', [p(1, 2), p(3, 4)], 0).geometry).toEqual({ type: 'LineString', coordinates: [[1, 2, 0], [3, 4, 0]] });
    expect(sketchFeature('s3', 'polygon', [p(0, 0), p(1, 0), p(1, 1)], 0).geometry).toEqual({ type: 'Polygon', coordinates: [[[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 0, 0]]] });
    expect(sketchFeature('s4', 'extrudedRectangle', [p(0, 0), p(2, 1)], 120)).toMatchObject({
      geometry: { type: 'Polygon', coordinates: [[[0, 0, 0], [0, 1, 0], [2, 1, 0], [2, 0, 0], [0, 0, 0]]] },
      properties: { type: 'extrudedRectangle', extrudedHeight: 120, positions: [[0, 0, 0], [2, 1, 0]] },
    });
    const circle = sketchFeature('s5', 'circle', [p(0, 0), p(0.01, 0)], 0);
    expect(circle.geometry.type).toBe('Polygon');
  });
});
