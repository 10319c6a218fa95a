import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Feature, FeatureCollection, Point, Polygon } from 'geojson';
import { buildZip } from './zip-builder.js';

/**
 * The WGS84 originals that the GIS file tests write with GDAL and read back: points with Japanese
 * text, integers and reals, around Tokyo (inside JGD2011 plane zone IX, EPSG:6677).
 */
export const ORIGINAL_POINTS: FeatureCollection<Point> = {
  type: 'FeatureCollection',
  features: [
    { name: '東京駅', count: 12, ratio: 0.5, lng: 139.767125, lat: 35.681236 },
    { name: '皇居外苑', count: 3, ratio: 1.25, lng: 139.757968, lat: 35.680165 },
    { name: 'スカイツリー', count: 634, ratio: 2.75, lng: 139.810736, lat: 35.710063 },
    { name: '新宿御苑 (Shinjuku Gyoen)', count: 0, ratio: -4.5, lng: 139.710052, lat: 35.685175 },
  ].map(({ lng, lat, ...properties }): Feature<Point> => ({ type: 'Feature', properties, geometry: { type: 'Point', coordinates: [lng, lat] } })),
};

/** A polygon original (the Imperial Palace grounds, roughly), for geometries with rings. */
export const ORIGINAL_POLYGON: FeatureCollection<Polygon> = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: '皇居', count: 1, ratio: 0.25 },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [139.7475, 35.6795],
            [139.76, 35.6795],
            [139.76, 35.6905],
            [139.7475, 35.6905],
            [139.7475, 35.6795],
          ],
        ],
      },
    },
  ],
};

/**
 * Runs GDAL's ogr2ogr. Fails loudly when it is missing: CI installs it (`.ci/run`), and a skipped
 * test would hide a broken reader.
 */
export function ogr2ogr(args: string[]): void {
  try {
    execFileSync('ogr2ogr', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('ogr2ogr is missing: install GDAL (Debian: apt-get install gdal-bin); .ci/run installs it');
    throw new Error(`ogr2ogr ${args.join(' ')} failed: ${String((err as { stderr?: Buffer }).stderr ?? err)}`);
  }
}

/** A fresh folder with the originals written as GeoJSON, for ogr2ogr to read. */
function sourceFolder(original: FeatureCollection): { dir: string; source: string } {
  const dir = mkdtempSync(join(tmpdir(), 'orbis-gdal-'));
  const source = join(dir, 'original.geojson');
  writeFileSync(source, JSON.stringify(original));
  return { dir, source };
}

/**
 * A shapefile of `original` in `srs` (an EPSG code such as `EPSG:6677`), zipped, as ogr2ogr
 * writes it; `encoding` is its `.dbf` text encoding (`UTF-8`, `CP932` …), said in its `.cpg`.
 * `drop` leaves parts out of the zip (`dbf`, `cpg` …); `patch` changes a part's bytes first;
 * `extra` adds other files.
 */
export function shapefileZip(
  original: FeatureCollection,
  srs: string,
  options: { encoding?: string; drop?: string[]; patch?: (ext: string, bytes: Buffer) => Buffer; extra?: { name: string; data: string }[] } = {},
): Buffer {
  const { dir, source } = sourceFolder(original);
  ogr2ogr(['-f', 'ESRI Shapefile', join(dir, 'places.shp'), source, '-t_srs', srs, '-lco', `ENCODING=${options.encoding ?? 'UTF-8'}`]);
  const entries = readdirSync(dir)
    .filter((f) => f.startsWith('places.'))
    .map((f) => ({ ext: f.slice('places.'.length), name: f }))
    .filter(({ ext }) => !(options.drop ?? []).includes(ext))
    .map(({ ext, name }) => ({ name, data: options.patch ? options.patch(ext, readFileSync(join(dir, name))) : readFileSync(join(dir, name)), deflate: true }));
  return buildZip([...entries, ...(options.extra ?? [])]);
}

/**
 * `original` written by ogr2ogr in another format (`GPKG`, `FlatGeobuf`, `GeoJSONSeq`, or `CSV`
 * with its geometry as WKT in a column `WKT`) and `srs`.
 */
export function gdalFile(original: FeatureCollection, driver: 'GPKG' | 'FlatGeobuf' | 'GeoJSONSeq' | 'CSV', srs: string, extraArgs: string[] = []): Buffer {
  const { dir, source } = sourceFolder(original);
  const ext = { GPKG: 'gpkg', FlatGeobuf: 'fgb', GeoJSONSeq: 'geojsonl', CSV: 'csv' }[driver];
  if (driver === 'CSV') extraArgs = ['-lco', 'GEOMETRY=AS_WKT', ...extraArgs];
  const out = join(dir, `places.${ext}`);
  ogr2ogr(['-f', driver, out, source, '-t_srs', srs, '-nln', 'places', ...extraArgs]);
  return readFileSync(out);
}

/** A GeoPackage with one feature table per entry of `tables` (its name, its WGS84 original), in `srs`, as ogr2ogr writes it. */
export function geopackageOf(tables: Record<string, FeatureCollection>, srs: string): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'orbis-gdal-'));
  const out = join(dir, 'tables.gpkg');
  for (const [i, [name, original]] of Object.entries(tables).entries()) {
    const source = join(dir, `${i}.geojson`);
    writeFileSync(source, JSON.stringify(original));
    ogr2ogr(['-f', 'GPKG', ...(i > 0 ? ['-update'] : []), out, source, '-t_srs', srs, '-nln', name]);
  }
  return readFileSync(out);
}

/** The largest distance in degrees, on either axis, between two positions. */
export function degreesApart(a: number[], b: number[]): number {
  return Math.max(Math.abs(a[0]! - b[0]!), Math.abs(a[1]! - b[1]!));
}
