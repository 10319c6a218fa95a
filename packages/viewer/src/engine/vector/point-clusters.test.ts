import { describe, expect, it } from 'vitest';
import { PointClusters } from './point-clusters.js';
import type { SourceFeature } from './geojson-features.js';

const at = (lng: number, lat: number): SourceFeature => ({ properties: {}, geometry: { type: 'Point', coordinates: [lng, lat] } });

describe('PointClusters (the layer worker’s index of a clustered layer)', () => {
  const features: SourceFeature[] = [
    ...Array.from({ length: 50 }, (_, i) => at(10 + (i % 10) * 0.01, 20 + Math.floor(i / 10) * 0.01)),
    {
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
    },
    at(-60, -30),
  ];
  const index = new PointClusters(features, { radius: 60, maxZoom: 16 });
  const items = (bbox: [number, number, number, number], zoom: number) => {
    const flat = index.clusters(bbox, zoom);
    return Array.from({ length: flat.length / 4 }, (_, n) => ({ count: flat[n * 4 + 2]!, key: flat[n * 4 + 3]! }));
  };

  it('counts every point feature once, and no line', () => {
    const world = items([-180, -90, 180, 90], 0);
    expect(world.reduce((a, b) => a + b.count, 0)).toBe(51);
    // The lone point far away is itself: its key is its feature index.
    expect(world).toContainEqual({ count: 1, key: 51 });
  });

  it('splits a cluster at its expansion zoom, and past the deepest zoom shows every point', () => {
    const [cluster] = items([9, 19, 11, 21], 0);
    expect(cluster!.count).toBe(50);
    const zoom = index.expansionZoom(cluster!.key);
    expect(items([9, 19, 11, 21], zoom).length).toBeGreaterThan(1);
    expect(
      items([9, 19, 11, 21], 17)
        .map((i) => i.key)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('leaves out the features its appearance hides (a visitor’s filter): the counts add up to the points shown', () => {
    const hidden = new Uint8Array(features.length);
    for (let i = 0; i < 20; i++) hidden[i] = 1;
    const narrowed = new PointClusters(features, { radius: 60, maxZoom: 16 }, hidden);
    const flat = narrowed.clusters([-180, -90, 180, 90], 0);
    let total = 0;
    for (let n = 0; n < flat.length / 4; n++) total += flat[n * 4 + 2]!;
    expect(total).toBe(31);
    // A lone point's key is its feature's index in the layer, not among the shown ones.
    const lone = narrowed.clusters([-61, -31, -59, -29], 16);
    expect([lone[2], lone[3]]).toEqual([1, 51]);
  });
});
