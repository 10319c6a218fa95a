import type { FeatureCollection, Point } from 'geojson';
import { describe, expect, it } from 'vitest';
import { InputError } from '../input-error.js';
import Database from '../store/sqlite/sqlite-driver.js';
import { degreesApart, gdalFile, ORIGINAL_POINTS, ORIGINAL_POLYGON, shapefileZip } from '../test/gdal-fixtures.js';
import type { VectorFeatures } from './vector-features.js';
import { readVectorFile } from './vector-file.js';

/** Every original feature is read back, by name, with its properties and positions (1e-6°). */
function expectSame(read: VectorFeatures, original: FeatureCollection): void {
  expect(read).toHaveLength(original.features.length);
  for (const want of original.features) {
    const got = read.find((f) => f.properties?.name === want.properties!.name);
    expect(got, `feature "${want.properties!.name}"`).toBeDefined();
    expect(got!.properties).toMatchObject(want.properties!);
    const positions = (g: unknown): number[][] =>
      JSON.stringify(g)
        .match(/-?\d+(\.\d+)?(e-?\d+)?,-?\d+(\.\d+)?(e-?\d+)?/g)!
        .map((p) => p.split(',').map(Number));
    // A ring may come back from its other end or vertex (shapefiles wind outer rings clockwise,
    // GeoJSON counter-clockwise): the positions are compared in order of longitude, then latitude.
    const byPlace = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]!;
    const gotPositions = positions((got!.geometry as Point).coordinates).sort(byPlace);
    const wantPositions = positions((want.geometry as Point).coordinates).sort(byPlace);
    expect(gotPositions).toHaveLength(wantPositions.length);
    for (const [i, p] of wantPositions.entries()) expect(degreesApart(gotPositions[i]!, p), `position ${i} of "${want.properties!.name}"`).toBeLessThan(1e-6);
  }
}

async function refusal(type: Parameters<typeof readVectorFile>[0], name: string, bytes: Buffer): Promise<string> {
  const err = await readVectorFile(type, name, bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InputError);
  return (err as Error).message;
}

// WGS84, Web Mercator, JGD2011 plane zone IX, and the old Tokyo datum (geographic, and its plane zone IX).
const SYSTEMS = ['EPSG:4326', 'EPSG:3857', 'EPSG:6677', 'EPSG:4301', 'EPSG:30169'];

describe('GIS files written by GDAL, read back in WGS84', () => {
  for (const srs of SYSTEMS) {
    it(`a shapefile in ${srs}`, async () => {
      expectSame((await readVectorFile('shapefile', 'places.zip', shapefileZip(ORIGINAL_POINTS, srs))).features, ORIGINAL_POINTS);
      expectSame((await readVectorFile('shapefile', 'palace.zip', shapefileZip(ORIGINAL_POLYGON, srs))).features, ORIGINAL_POLYGON);
    });
    it(`a FlatGeobuf in ${srs}`, async () => {
      expectSame((await readVectorFile('flatgeobuf', 'places.fgb', gdalFile(ORIGINAL_POINTS, 'FlatGeobuf', srs))).features, ORIGINAL_POINTS);
      expectSame((await readVectorFile('flatgeobuf', 'palace.fgb', gdalFile(ORIGINAL_POLYGON, 'FlatGeobuf', srs))).features, ORIGINAL_POLYGON);
    });
    it(`a GeoPackage in ${srs}`, async () => {
      const read = await readVectorFile('geopackage', 'places.gpkg', gdalFile(ORIGINAL_POINTS, 'GPKG', srs));
      expectSame(read.features, ORIGINAL_POINTS);
      expect([...read.tables!.keys()]).toEqual(['places']);
      expectSame((await readVectorFile('geopackage', 'palace.gpkg', gdalFile(ORIGINAL_POLYGON, 'GPKG', srs))).features, ORIGINAL_POLYGON);
    });
  }

  it('a GeoJSON sequence (always WGS84)', async () => {
    expectSame((await readVectorFile('geojsonseq', 'places.geojsonl', gdalFile(ORIGINAL_POINTS, 'GeoJSONSeq', 'EPSG:4326'))).features, ORIGINAL_POINTS);
    expectSame(
      (await readVectorFile('geojsonseq', 'places.geojsons', gdalFile(ORIGINAL_POINTS, 'GeoJSONSeq', 'EPSG:4326', ['-lco', 'RS=YES']))).features,
      ORIGINAL_POINTS,
    );
  });

  it('a Shift_JIS shapefile, as its .cpg says', async () => {
    expectSame((await readVectorFile('shapefile', 'sjis.zip', shapefileZip(ORIGINAL_POINTS, 'EPSG:6677', { encoding: 'CP932' }))).features, ORIGINAL_POINTS);
  });

  it('a Shift_JIS shapefile with no .cpg, as its .dbf language driver says (ArcGIS writes 0x13)', async () => {
    const zip = shapefileZip(ORIGINAL_POINTS, 'EPSG:6677', {
      encoding: 'CP932',
      drop: ['cpg'],
      patch: (ext, bytes) => (ext === 'dbf' ? Buffer.concat([bytes.subarray(0, 29), Buffer.from([0x13]), bytes.subarray(30)]) : bytes),
    });
    expectSame((await readVectorFile('shapefile', 'sjis.zip', zip)).features, ORIGINAL_POINTS);
  });
});

describe('bad GIS files are refused, naming what is wrong', () => {
  it('a zip without its .dbf', async () => {
    expect(await refusal('shapefile', 'places.zip', shapefileZip(ORIGINAL_POINTS, 'EPSG:6677', { drop: ['dbf'] }))).toMatch(/places\.zip.*"places\.dbf"/);
  });

  it('a zip with no .shp', async () => {
    expect(await refusal('shapefile', 'places.zip', shapefileZip(ORIGINAL_POINTS, 'EPSG:6677', { drop: ['shp'] }))).toMatch(/no \.shp/);
  });

  it('a shapefile cut off in the middle (its zip, or its .shp)', async () => {
    const zip = shapefileZip(ORIGINAL_POINTS, 'EPSG:6677');
    expect(await refusal('shapefile', 'places.zip', zip.subarray(0, Math.floor(zip.length / 2)))).toMatch(/cut off or corrupt/);
    const cutShp = shapefileZip(ORIGINAL_POINTS, 'EPSG:6677', { patch: (ext, b) => (ext === 'shp' ? b.subarray(0, b.length - 10) : b) });
    expect(await refusal('shapefile', 'places.zip', cutShp)).toMatch(/\.shp is cut off/);
  });

  it('a FlatGeobuf, a GeoPackage and a GeoJSON sequence cut off in the middle', async () => {
    const fgb = gdalFile(ORIGINAL_POINTS, 'FlatGeobuf', 'EPSG:6677');
    expect(await refusal('flatgeobuf', 'places.fgb', fgb.subarray(0, fgb.length - 20))).toMatch(/cut off/);
    const gpkg = gdalFile(ORIGINAL_POINTS, 'GPKG', 'EPSG:6677');
    expect(await refusal('geopackage', 'places.gpkg', gpkg.subarray(0, Math.floor(gpkg.length / 2)))).toMatch(/places\.gpkg/);
    const seq = gdalFile(ORIGINAL_POINTS, 'GeoJSONSeq', 'EPSG:4326');
    expect(await refusal('geojsonseq', 'places.geojsonl', seq.subarray(0, seq.length - 30))).toMatch(/line 4 is not JSON/);
  });

  it('a .fgb that is really a PNG', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    expect(await refusal('flatgeobuf', 'places.fgb', png)).toMatch(/not a FlatGeobuf file.*PNG/);
  });

  it('a reference system that cannot be read, named', async () => {
    const bad =
      'PROJCS["Nowhere_Grid",GEOGCS["GCS_X",DATUM["D_X",SPHEROID["S",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["No_Such_Projection"],UNIT["Meter",1.0]]';
    const zip = shapefileZip(ORIGINAL_POINTS, 'EPSG:6677', { patch: (ext, b) => (ext === 'prj' ? Buffer.from(bad) : b) });
    expect(await refusal('shapefile', 'places.zip', zip)).toMatch(/reference system "Nowhere_Grid"/);
  });

  it("a GeoPackage's and a FlatGeobuf's reference system that cannot be read, named", async () => {
    const gpkg = new Database(gdalFile(ORIGINAL_POINTS, 'GPKG', 'EPSG:6677'));
    gpkg.prepare("UPDATE gpkg_spatial_ref_sys SET definition = replace(definition, 'Transverse_Mercator', 'No_Such_Method') WHERE srs_id = 6677").run();
    const badGpkg = gpkg.serialize();
    gpkg.close();
    expect(await refusal('geopackage', 'places.gpkg', badGpkg)).toMatch(
      /places\.gpkg: its reference system EPSG:6677 "JGD2011 \/ Japan Plane Rectangular CS IX" \(table "places"\) cannot be read/,
    );
    // GDAL writes a FlatGeobuf's CRS as WKT2 in its header: its method renamed in place, to a name of the same length.
    const fgb = gdalFile(ORIGINAL_POINTS, 'FlatGeobuf', 'EPSG:6677');
    const badFgb = Buffer.from(
      fgb.toString('latin1').replace('METHOD["Transverse Mercator",ID["EPSG",9807]]', 'METHOD["Unheard_Of_Method__",ID["XXXX",0000]]'),
      'latin1',
    );
    expect(badFgb.length).toBe(fgb.length);
    expect(badFgb.equals(fgb)).toBe(false);
    expect(await refusal('flatgeobuf', 'places.fgb', badFgb)).toMatch(
      /places\.fgb: its reference system EPSG:6677 "JGD2011 \/ Japan Plane Rectangular CS IX" cannot be read/,
    );
  });

  it('projected coordinates with no .prj: refused, not drawn off the earth', async () => {
    expect(await refusal('shapefile', 'places.zip', shapefileZip(ORIGINAL_POINTS, 'EPSG:3857', { drop: ['prj'] }))).toMatch(/not on the earth/);
  });
});
