import { Color, ImageryLayer, Resource, UrlTemplateImageryProvider } from 'cesium';
import type { LayerData } from '@orbis/scene';
import { rememberRaster } from './cesium-raster-values.js';

const hex = (n: number) => n.toString(16).padStart(2, '0');

/**
 * A CSS colour as the raster tile route reads it (docs/rasters.md): `rrggbb`, or `rrggbbaa` when
 * it is not opaque, as CesiumJS reads the colour.
 */
export function rasterColour(css: string): string {
  const colour = Color.fromCssColorString(css);
  if (!colour) throw new TypeError(`"${css}" is not a CSS colour`);
  const [r, g, b, a] = colour.toBytes();
  return `${hex(r!)}${hex(g!)}${hex(b!)}${a === 255 ? '' : hex(a!)}`;
}

/** The query of a `geotiff` layer's tile URL: its `data`'s style, as docs/rasters.md lists it. */
export function rasterQuery(data: LayerData | undefined): string {
  const query = new URLSearchParams();
  if (data?.bands) query.set('bands', data.bands.join(','));
  if (data?.nodata !== undefined) query.set('nodata', String(data.nodata));
  if (data?.ramp) query.set('ramp', data.ramp.map(rasterColour).join(','));
  if (data?.breaks) query.set('breaks', data.breaks.join(','));
  if (data?.hillshade) query.set('hillshade', 'true');
  return query.toString().replace(/%2C/g, ',');
}

/** A raster tile template with the layer's style added to its query (a URL layer's template has one already: its `url`). */
export function styledRasterUrl(url: string, data: LayerData | undefined): string {
  const style = rasterQuery(data);
  return style ? `${url}${url.includes('?') ? '&' : '?'}${style}` : url;
}

/**
 * A `geotiff` layer (docs/contract.md §17): the Web Mercator tiles the server cuts of the file, in the
 * `{z}/{x}/{y}` scheme of CesiumJS's UrlTemplateImageryProvider, drawn at the layer's opacity; a
 * click on it reads the pixel's values (cesium-raster-values.ts).
 */
export function rasterImagery(url: string, data: LayerData | undefined, headers?: Record<string, string>): ImageryLayer {
  const provider = new UrlTemplateImageryProvider({ url: new Resource({ url: styledRasterUrl(url, data), headers }) });
  const imagery = new ImageryLayer(provider, { alpha: data?.opacity ?? 1 });
  // A click reads its pixel's values beside its tiles (docs/contract.md §17).
  rememberRaster(imagery, url, headers);
  return imagery;
}
