import { rasterStyleProblem } from '@orbis/scene';
import type { RasterSource } from './raster-source.js';

/** How a tile's pixels are coloured from a raster's values (the layer's `data`, docs/rasters.md). */
export interface RasterStyle {
  /** 1-based band numbers: one (a ramp, grey or a hillshade), three (RGB) or four (RGBA). */
  bands?: number[];
  /** The value that is no data (transparent); the file's own GDAL nodata when absent. */
  nodata?: number;
  /** Colours as `[r, g, b, a]` bytes: classes with `breaks`, else spread evenly over the band's values. */
  ramp?: [number, number, number, number][];
  /** Ascending class limits, one fewer than the ramp's colours: a value below `breaks[0]` takes the first colour, one at or above `breaks[i]` the colour after it. */
  breaks?: number[];
  /** A single band as a shaded relief (the sun in the north-west at 45°). */
  hillshade?: boolean;
}

/** A style that does not fit the raster it is asked of: `param` names the query parameter. */
export class RasterStyleError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
    this.name = 'RasterStyleError';
  }
}

/** The bands a style reads of a raster: its own, or those the raster's band count implies. */
export function bandsOf(source: RasterSource, style: RasterStyle): number[] {
  if (style.bands) {
    const beyond = style.bands.find((b) => b > source.bands);
    if (beyond !== undefined)
      throw new RasterStyleError('bands', `band ${beyond} does not exist: "${source.name}" has ${source.bands} band${source.bands === 1 ? '' : 's'}`);
    return style.bands;
  }
  if (source.bands >= 4 && source.bitsPerSample === 8) return [1, 2, 3, 4];
  if (source.bands >= 3) return [1, 2, 3];
  return [1];
}

/** Refuses a style whose parts contradict each other or the raster (the scene's own rule, `rasterStyleProblem`). */
export function checkStyle(source: RasterSource, style: RasterStyle): void {
  const problem = rasterStyleProblem(style, bandsOf(source, style).length);
  if (problem) throw new RasterStyleError(problem.key, problem.message);
}

/** The style as one canonical string: tiles of the same style share their stored copies. */
export function styleKey(source: RasterSource, style: RasterStyle): string {
  const parts = [`b${bandsOf(source, style).join('.')}`];
  if (style.nodata !== undefined) parts.push(`n${style.nodata}`);
  if (style.ramp) parts.push(`r${style.ramp.map((c) => c.map((v) => v.toString(16).padStart(2, '0')).join('')).join('.')}`);
  if (style.breaks) parts.push(`k${style.breaks.join('_')}`);
  if (style.hillshade) parts.push('h');
  return parts.join('-');
}
