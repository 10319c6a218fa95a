/// <reference path="../../server/src/tiles/vt-pbf.d.ts" />
import type { Feature } from 'geojson';
import GeoJSONVT from 'geojson-vt';
import vtpbf from 'vt-pbf';

/** Layers of GeoJSON features (WGS84) by layer name: what {@link mvtTile} encodes. */
export type LayerFeatures = Record<string, Feature[]>;

/**
 * Mapbox Vector Tiles of a few layers, for tests: each layer cut by geojson-vt and encoded by
 * vt-pbf, as the server cuts an uploaded file's tiles. Returns the tiles at `zooms` that hold anything.
 */
export function mvtTiles(layers: LayerFeatures, zooms: number[]): { z: number; x: number; y: number; data: Uint8Array }[] {
  const indexes = Object.entries(layers).map(
    ([name, features]) =>
      [name, new GeoJSONVT({ type: 'FeatureCollection', features }, { maxZoom: Math.max(...zooms), indexMaxZoom: 0, buffer: 64, extent: 4096 })] as const,
  );
  const tiles: { z: number; x: number; y: number; data: Uint8Array }[] = [];
  const [w, s, e, n] = bboxOf(Object.values(layers).flat());
  for (const z of zooms) {
    const [x0, y0] = tileOf(w, n, z);
    const [x1, y1] = tileOf(e, s, z);
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        const cut: Record<string, { features: unknown[] }> = {};
        for (const [name, index] of indexes) {
          const tile = index.getTile(z, x, y);
          if (tile?.features.length) cut[name] = { features: tile.features };
        }
        if (Object.keys(cut).length) tiles.push({ z, x, y, data: vtpbf.fromGeojsonVt(cut, { version: 2, extent: 4096 }) });
      }
    }
  }
  return tiles;
}

function bboxOf(features: Feature[]): [number, number, number, number] {
  const box: [number, number, number, number] = [180, 85, -180, -85];
  const walk = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number') {
      box[0] = Math.min(box[0], c[0]);
      box[1] = Math.min(box[1], c[1] as number);
      box[2] = Math.max(box[2], c[0]);
      box[3] = Math.max(box[3], c[1] as number);
    } else if (Array.isArray(c)) c.forEach(walk);
  };
  for (const f of features) if (f.geometry && 'coordinates' in f.geometry) walk(f.geometry.coordinates);
  return box;
}

function tileOf(lng: number, lat: number, z: number): [number, number] {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return [
    Math.min(n - 1, Math.floor(((lng + 180) / 360) * n)),
    Math.min(n - 1, Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)),
  ];
}
