import type { RasterSource } from './raster-source.js';
import { bandsOf, type RasterStyle } from './raster-style.js';

/** The values of a tile's pixels, band by band (NaN: outside the raster), and where they lie. */
export interface TileSamples {
  size: number;
  /** One array per band the style reads, `size * size` values each, row by row. */
  values: Float64Array[];
  /** Web Mercator metres per pixel at the tile's centre row, for the hillshade's slopes. */
  metresPerPixel: number;
  /** Latitude (radians) of each row's centre, for the hillshade's scale. */
  rowLatitudes: Float64Array;
}

/**
 * The sun of the hillshade: azimuth 315° (north-west), altitude 45°, as gdaldem hillshade's
 * defaults; the azimuth in the mathematical sense (counter-clockwise from east) is 360 - 315 + 90.
 */
const AZIMUTH_MATH = ((360 - 315 + 90) * Math.PI) / 180;
const ZENITH = ((90 - 45) * Math.PI) / 180;

function isNoData(v: number, nodata: number | null): boolean {
  return v !== v || v === nodata;
}

function stretch(v: number, [min, max]: [number, number]): number {
  if (!(max > min)) return 255;
  return Math.max(0, Math.min(255, Math.round(((v - min) / (max - min)) * 255)));
}

/** The range a band's values are spread over: the data type's for 8-bit, else the values the raster has. */
function rangeOf(source: RasterSource, band: number): [number, number] {
  if (source.bitsPerSample === 8 && source.sampleFormat === 1) return [0, 255];
  const range = source.ranges[band - 1]!;
  return Number.isNaN(range[0]) ? [0, source.sampleFormat === 3 ? 1 : 2 ** source.bitsPerSample - 1] : range;
}

function rampColour(style: RasterStyle, range: [number, number], v: number, out: Uint8Array, at: number): void {
  const ramp = style.ramp!;
  let colour: readonly number[];
  if (style.breaks) {
    let i = 0;
    while (i < style.breaks.length && v >= style.breaks[i]!) i++;
    colour = ramp[i]!;
  } else {
    // Spread evenly over the range: interpolated between the two nearest colours.
    const t = ramp.length === 1 || !(range[1] > range[0]) ? 0 : Math.max(0, Math.min(1, (v - range[0]) / (range[1] - range[0]))) * (ramp.length - 1);
    const i = Math.min(Math.floor(t), ramp.length - 2);
    const a = ramp[Math.max(i, 0)]!;
    const b = ramp[Math.min(i + 1, ramp.length - 1)]!;
    const f = ramp.length === 1 ? 0 : t - i;
    colour = [0, 1, 2, 3].map((k) => Math.round(a[k]! + (b[k]! - a[k]!) * f));
  }
  out[at] = colour[0]!;
  out[at + 1] = colour[1]!;
  out[at + 2] = colour[2]!;
  out[at + 3] = colour[3]!;
}

function hillshade(samples: TileSamples, nodata: number | null, out: Uint8Array): void {
  const { size, values, metresPerPixel, rowLatitudes } = samples;
  const z = values[0]!;
  const at = (x: number, y: number) => z[Math.max(0, Math.min(size - 1, y)) * size + Math.max(0, Math.min(size - 1, x))]!;
  for (let y = 0; y < size; y++) {
    // A Web Mercator pixel spans metresPerPixel * cos(latitude) metres on the ground.
    const ground = metresPerPixel * Math.cos(rowLatitudes[y]!);
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      if (isNoData(z[i]!, nodata)) continue;
      const l = at(x - 1, y);
      const r = at(x + 1, y);
      const u = at(x, y - 1);
      const d = at(x, y + 1);
      const dzdx = (isNoData(r, nodata) ? z[i]! : r) - (isNoData(l, nodata) ? z[i]! : l);
      // Rows go south: the slope towards the south, as ESRI's and GDAL's formula takes it.
      const dzdy = (isNoData(d, nodata) ? z[i]! : d) - (isNoData(u, nodata) ? z[i]! : u);
      const sx = dzdx / (2 * ground);
      const sy = dzdy / (2 * ground);
      const slope = Math.atan(Math.hypot(sx, sy));
      const aspect = Math.atan2(sy, -sx);
      const shade = Math.cos(ZENITH) * Math.cos(slope) + Math.sin(ZENITH) * Math.sin(slope) * Math.cos(AZIMUTH_MATH - aspect);
      const grey = Math.max(0, Math.min(255, Math.round(255 * shade)));
      out[i * 4] = grey;
      out[i * 4 + 1] = grey;
      out[i * 4 + 2] = grey;
      out[i * 4 + 3] = 255;
    }
  }
}

/**
 * Colours a tile's samples as RGBA bytes by the style (docs/rasters.md): three or four bands as
 * they are (8-bit) or stretched over their values; one band by its ramp (classes by breaks, or
 * spread over its values), as grey, or as a hillshade. No data and outside the raster: transparent.
 */
export function paintTile(source: RasterSource, style: RasterStyle, samples: TileSamples): Uint8Array {
  const { size, values } = samples;
  const out = new Uint8Array(size * size * 4);
  const nodata = style.nodata ?? source.nodata;
  const bands = bandsOf(source, style);
  if (style.hillshade) {
    hillshade(samples, nodata, out);
    return out;
  }
  const ranges = bands.map((b) => rangeOf(source, b));
  for (let i = 0; i < size * size; i++) {
    const first = values[0]![i]!;
    const at = i * 4;
    if (bands.length === 1) {
      if (isNoData(first, nodata)) continue;
      if (style.ramp) {
        rampColour(style, ranges[0]!, first, out, at);
      } else {
        const grey = stretch(first, ranges[0]!);
        out[at] = out[at + 1] = out[at + 2] = grey;
        out[at + 3] = 255;
      }
      continue;
    }
    // Nodata in every colour band is transparent (GDAL's rule for RGB imagery).
    if (values.every((band) => isNoData(band[i]!, nodata))) continue;
    for (let k = 0; k < 3; k++) out[at + k] = stretch(values[k]![i]!, ranges[k]!);
    out[at + 3] = bands.length === 4 ? stretch(values[3]![i]!, ranges[3]!) : 255;
  }
  return out;
}
