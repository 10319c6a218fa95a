import { Color } from 'cesium';
import type { SourceFeature } from '../../vector/geojson-features.js';
import { type HeatImage, heatImage, type Rgba } from '../../vector/heat-grid.js';
import type { HeatmapOptions } from '../../vector/vector-protocol.js';

/**
 * The heat map of a layer's point features (a MultiPoint's every point), in the layer worker; its
 * ramp read as CesiumJS reads CSS colours. `hidden` (1 per feature its appearance hides, a visitor's
 * filter among them) leaves features out. Undefined when no point is left.
 */
export function heatOf(features: readonly SourceFeature[], options: HeatmapOptions, hidden?: Uint8Array): HeatImage | undefined {
  const lngLat: number[] = [];
  for (const [i, f] of features.entries()) {
    if (hidden?.[i] === 1) continue;
    const g = f.geometry;
    if (g?.type === 'Point' && Array.isArray(g.coordinates)) lngLat.push(...(g.coordinates as number[]).slice(0, 2));
    if (g?.type === 'MultiPoint' && Array.isArray(g.coordinates)) for (const p of g.coordinates as number[][]) lngLat.push(p[0]!, p[1]!);
  }
  const ramp = options.ramp.map((css) => (Color.fromCssColorString(css) ?? Color.TRANSPARENT).toBytes() as Rgba);
  return heatImage(Float64Array.from(lngLat), options.radius, ramp);
}
