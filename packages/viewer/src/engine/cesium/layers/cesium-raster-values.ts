import { rasterValuesUrl } from '@orbis/scene/checks';
import type { ImageryLayer, Viewer } from 'cesium';
import type { FeatureInfo, FeatureRef } from '../../engine-features.js';

/** Where a drawn `geotiff` layer's pixel values are asked: its tile template, and the headers its tiles need. */
const RASTERS = new WeakMap<ImageryLayer, { template: string; headers?: Record<string, string> }>();

/** Marks an imagery layer as a `geotiff` layer's tiles, whose pixels a click reads (called as it is made). */
export function rememberRaster(imagery: ImageryLayer, template: string, headers?: Record<string, string>): void {
  RASTERS.set(imagery, headers ? { template, headers } : { template });
}

/** What the server answers of a pixel (docs/rasters.md, "A pixel's values"). */
interface PixelValues {
  values: number[] | null;
  nodata: number | null;
}

/** Pixels clicked and read, kept for the infobox: the last few. */
const KEPT = 16;

/**
 * A click on a raster layer (docs/contract.md §17): the values of the pixel under it, of the topmost
 * shown `geotiff` layer that has one there (no data and outside the raster fall through to the
 * layer below), read from the server beside the layer's tiles. The pixel is a feature of its layer
 * whose id is its place (`lng,lat`), so that the infobox and a plugin's `layers.select` see it as
 * any other.
 */
export class CesiumRasterValues {
  private readonly read = new Map<string, FeatureInfo>();

  constructor(
    private readonly viewer: Viewer,
    private readonly owners: Map<object, string>,
    private readonly placeAt: (x: number, y: number) => { lng: number; lat: number } | undefined,
  ) {}

  async rasterAt(x: number, y: number): Promise<FeatureRef | undefined> {
    const place = this.placeAt(x, y);
    if (!place) return undefined;
    const layers = this.viewer.imageryLayers;
    const candidates: { layerId: string; template: string; headers?: Record<string, string> }[] = [];
    for (let i = layers.length - 1; i >= 0; i--) {
      const imagery = layers.get(i);
      const raster = RASTERS.get(imagery);
      const layerId = this.owners.get(imagery);
      if (raster && layerId && imagery.show && imagery.alpha > 0) candidates.push({ layerId, ...raster });
    }
    for (const { layerId, template, headers } of candidates) {
      const res = await fetch(new URL(rasterValuesUrl(template, place.lng, place.lat), location.href), headers ? { headers } : {});
      if (!res.ok) continue;
      const { values, nodata } = (await res.json()) as PixelValues;
      if (!values || values.every((v) => v === nodata || Number.isNaN(v))) continue;
      const featureId = `${place.lng.toFixed(7)},${place.lat.toFixed(7)}`;
      this.read.delete(`${layerId}/${featureId}`);
      this.read.set(`${layerId}/${featureId}`, {
        title: `${place.lat.toFixed(6)}, ${place.lng.toFixed(6)}`,
        kind: 'raster',
        fields: values.map((v, i) => ({ label: String(i + 1), value: v === nodata ? '' : String(v) })),
      });
      for (const oldest of this.read.keys()) if (this.read.size > KEPT) this.read.delete(oldest);
      return { layerId, featureId };
    }
    return undefined;
  }

  /** The infobox of a pixel read by {@link rasterAt}: its place, and each band's value by number (blank: no data). */
  info(ref: FeatureRef): FeatureInfo | undefined {
    return this.read.get(`${ref.layerId}/${ref.featureId}`);
  }
}
