import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import proj4, { type Converter } from 'proj4';
import { RasterFileError } from './raster-file-error.js';

/** The GeoTIFF geo keys that name a file's reference system (GeoTIFF 1.1, §7). */
export interface CrsKeys {
  GTModelTypeGeoKey?: number;
  ProjectedCSTypeGeoKey?: number;
  GeographicTypeGeoKey?: number;
}

/** A raster's reference system, and the function that takes Web Mercator metres into it. */
export interface RasterCrs {
  epsg: number;
  name: string;
  /** EPSG:3857 (x, y) in metres to the file's (x, y), in place into `out`. */
  fromWebMercator: (x: number, y: number, out: number[]) => void;
}

/** GeoTIFF's "user-defined" code: the keys describe the projection parameter by parameter. */
const USER_DEFINED = 32767;
const require = createRequire(import.meta.url);
/** Where epsg-index keeps one JSON file per EPSG code (`s/{code}.json`). */
const EPSG_DIR = join(dirname(require.resolve('epsg-index/all.json')), 's');
const known = new Map<number, Promise<{ name: string; proj4: string }>>();

async function definitionOf(file: string, epsg: number): Promise<{ name: string; proj4: string }> {
  let found = known.get(epsg);
  if (!found) {
    found = readFile(join(EPSG_DIR, `${epsg}.json`), 'utf8').then(
      (text) => JSON.parse(text) as { name: string; proj4: string },
      () => {
        throw new RasterFileError(file, `its reference system EPSG:${epsg} is not in the EPSG registry Orbis reads (epsg-index)`);
      },
    );
    found.catch(() => known.delete(epsg));
    known.set(epsg, found);
  }
  return found;
}

const R = 6378137;

/**
 * The reference system that a GeoTIFF's keys name by EPSG code (any of the EPSG registry, JGD2011
 * plane zones included), with proj4's transformation from Web Mercator into it (docs/rasters.md).
 * A file that names none, or describes its own parameters, is refused naming what it has.
 */
export async function rasterCrs(file: string, keys: CrsKeys | null): Promise<RasterCrs> {
  const model = keys?.GTModelTypeGeoKey;
  const epsg = model === 1 ? keys?.ProjectedCSTypeGeoKey : model === 2 ? keys?.GeographicTypeGeoKey : undefined;
  if (model !== 1 && model !== 2) {
    throw new RasterFileError(
      file,
      `it states no map reference system (GTModelTypeGeoKey ${model ?? 'missing'}): give it one, e.g. gdal_translate -a_srs EPSG:6677`,
    );
  }
  if (epsg === undefined || epsg === USER_DEFINED) {
    throw new RasterFileError(
      file,
      'its reference system is user-defined (no EPSG code): Orbis reads GeoTIFFs whose reference system is an EPSG code; write it with one, e.g. gdalwarp -t_srs EPSG:6677',
    );
  }
  if (epsg === 3857) return { epsg, name: 'WGS 84 / Pseudo-Mercator', fromWebMercator: (x, y, out) => ((out[0] = x), (out[1] = y)) };
  const definition = await definitionOf(file, epsg);
  let converter: Converter;
  try {
    converter = proj4('EPSG:3857', definition.proj4);
  } catch (err) {
    throw new RasterFileError(
      file,
      `its reference system EPSG:${epsg} (${definition.name}) cannot be read by proj4: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const lngLat = /\+proj=longlat\b/.test(definition.proj4) && /\+towgs84=0,0,0(,0,0,0,0)?\b|\+datum=WGS84|\+ellps=GRS80/.test(definition.proj4);
  if (lngLat) {
    // Longitude/latitude on a WGS84-like frame: the inverse of Web Mercator, in closed form.
    return {
      epsg,
      name: definition.name,
      fromWebMercator: (x, y, out) => {
        out[0] = (x / R) * (180 / Math.PI);
        out[1] = (Math.atan(Math.sinh(y / R)) * 180) / Math.PI;
      },
    };
  }
  const point = { x: 0, y: 0 };
  return {
    epsg,
    name: definition.name,
    fromWebMercator: (x, y, out) => {
      point.x = x;
      point.y = y;
      const p = converter.forward(point);
      out[0] = p.x;
      out[1] = p.y;
    },
  };
}
