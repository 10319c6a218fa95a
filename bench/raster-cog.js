// The set-up the raster benchmarks share (raster-tile-cut.js, raster-2gb.js, raster-conversion.js):
// a square image in EPSG:6677 (Japan Plane Rectangular CS IX) centred on Tokyo Station, written
// from raw bands through a GDAL VRT, made a COG by gdal_translate, and the web tiles over it.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import proj4 from 'proj4';

proj4.defs('EPSG:6677', '+proj=tmerc +lat_0=36 +lon_0=139.833333333333 +k=0.9999 +x_0=0 +y_0=0 +ellps=GRS80 +units=m +no_defs');

/** Runs a GDAL program in `dir`, quietly; its stderr goes into the error when it fails. */
export const gdalIn = (dir) => (program, args) => execFileSync(program, args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });

/**
 * A `size` × `size` square of `pixel` m pixels centred on Tokyo Station: its upper-left corner
 * (`ulx`, `uly`), `ullr` (gdal_translate's `-a_ullr` arguments), and `tilesAt(z)`, the
 * `[x, y]` of every web tile of zoom `z` over it.
 */
export function tokyoSquare(size, pixel = 0.25) {
  const [cx, cy] = proj4('WGS84', 'EPSG:6677', [139.767, 35.681]);
  const ulx = Math.round(cx) - (size / 2) * pixel;
  const uly = Math.round(cy) + (size / 2) * pixel;
  const lrx = ulx + size * pixel;
  const lry = uly - size * pixel;
  const [west, north] = proj4('EPSG:6677', 'WGS84', [ulx, uly]);
  const [east, south] = proj4('EPSG:6677', 'WGS84', [lrx, lry]);
  const tilesAt = (z) => {
    const n = 2 ** z;
    const col = (lng) => Math.floor(((lng + 180) / 360) * n);
    const row = (lat) => Math.floor(((1 - Math.log(Math.tan((lat * Math.PI) / 180) + 1 / Math.cos((lat * Math.PI) / 180)) / Math.PI) / 2) * n);
    const out = [];
    for (let x = col(west); x <= col(east); x++) for (let y = row(north); y <= row(south); y++) out.push([x, y]);
    return out;
  };
  return { ulx, uly, ullr: [ulx, uly, lrx, lry].map(String), tilesAt };
}

/**
 * Writes `raw.vrt` in `dir`: an RGB image of `size` × `size` bytes per band, band `b` (0–2) read
 * from the file and byte offset `band(b)` returns (`[file, offset]`, relative to `dir`).
 */
export function writeRgbVrt(dir, size, band) {
  const bands = [0, 1, 2].map((b) => {
    const [file, offset] = band(b);
    return `<VRTRasterBand dataType="Byte" band="${b + 1}" subClass="VRTRawRasterBand"><SourceFilename relativeToVRT="1">${file}</SourceFilename><ImageOffset>${offset}</ImageOffset><PixelOffset>1</PixelOffset><LineOffset>${size}</LineOffset></VRTRasterBand>`;
  });
  writeFileSync(join(dir, 'raw.vrt'), `<VRTDataset rasterXSize="${size}" rasterYSize="${size}">${bands.join('')}</VRTDataset>`);
}

/**
 * `raw.vrt` in `dir` made a COG at `out` over `square` (from {@link tokyoSquare}), in 512-px
 * blocks with overviews; `creation` adds GDAL creation options (`['COMPRESS=DEFLATE']`) and
 * `extra` other arguments (`['-outsize', …]`).
 */
export function makeCog(dir, square, out, { creation = [], extra = [] } = {}) {
  const co = ['BLOCKSIZE=512', ...creation].flatMap((option) => ['-co', option]);
  gdalIn(dir)('gdal_translate', ['-q', '-of', 'COG', ...extra, ...co, '-a_srs', 'EPSG:6677', '-a_ullr', ...square.ullr, 'raw.vrt', out]);
}
