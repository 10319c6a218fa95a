import { describe, expect, it } from 'vitest';
import { InputError } from '../input-error.js';
import Database from '../store/sqlite/sqlite-driver.js';
import { gdalFile, ORIGINAL_POINTS, shapefileZip } from '../test/gdal-fixtures.js';
import { buildZip } from '../test/zip-builder.js';
import { boundedLines } from './bounded-lines.js';
import { readGeojsonSeq } from './geojsonseq-reader.js';
import { readGeoPackage } from './geopackage-reader.js';
import { readVectorFile } from './vector-file.js';

// Files that lie about themselves, made small, as an attacker would send them: each is refused
// with a message naming what is wrong, before the lie costs memory or time (docs/gis-files.md "Limits").

async function refusal(...args: Parameters<typeof readVectorFile>): Promise<string> {
  const err = await readVectorFile(...args).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InputError);
  return (err as Error).message;
}

/** The bytes with `value` written at `offset` (little-endian, 16 or 32 bits). */
function patched(bytes: Buffer, offset: number, value: number, bits: 16 | 32): Buffer {
  const copy = Buffer.from(bytes);
  if (bits === 16) copy.writeUInt16LE(value, offset);
  else copy.writeUInt32LE(value, offset);
  return copy;
}

describe('shapefiles that lie', () => {
  it('a .dbf whose records are 0 bytes long, four billion of them', async () => {
    const zip = shapefileZip(ORIGINAL_POINTS, 'EPSG:4326', { patch: (ext, b) => (ext === 'dbf' ? patched(patched(b, 10, 0, 16), 4, 0xffffffff, 32) : b) });
    expect(await refusal('shapefile', 'bomb.zip', zip)).toMatch(
      /bomb\.zip \(places\.shp\): its \.dbf header says 4294967295 records but its \.shp has 4 shapes/,
    );
  });

  it('a .dbf whose record length is shorter than its fields', async () => {
    const zip = shapefileZip(ORIGINAL_POINTS, 'EPSG:4326', { patch: (ext, b) => (ext === 'dbf' ? patched(b, 10, 1, 16) : b) });
    expect(await refusal('shapefile', 'short.zip', zip)).toMatch(/its \.dbf is corrupt: its header says a record is 1 bytes, its fields need \d+/);
  });

  it('a .dbf whose header is longer than the file', async () => {
    const zip = shapefileZip(ORIGINAL_POINTS, 'EPSG:4326', { patch: (ext, b) => (ext === 'dbf' ? patched(b, 8, 65535, 16) : b) });
    expect(await refusal('shapefile', 'long.zip', zip)).toMatch(/its \.dbf is corrupt: its header says the header is 65535 bytes/);
  });

  it('a .cpg that inflates past a line of text, refused by its declared size before it is read', async () => {
    const zip = shapefileZip(ORIGINAL_POINTS, 'EPSG:4326', { extra: [{ name: 'places.cpg', data: ' '.repeat(65 * 1024) }] });
    expect(await refusal('shapefile', 'cpg.zip', zip)).toMatch(/cpg\.zip: "places\.cpg" inflates to 66560 bytes; a \.cpg is a line of text/);
  });

  it('a part that inflates past what its zip entry declares', async () => {
    const zip = buildZip([
      { name: 'x.shp', data: Buffer.alloc(4096), deflate: true, declaredSize: 100 },
      { name: 'x.dbf', data: 'x' },
    ]);
    expect(await refusal('shapefile', 'liar.zip', zip)).toMatch(/liar\.zip: the zip archive is cut off or corrupt: .*too many bytes|liar\.zip: .*size/i);
  });

  it('shapefile parts that inflate past the limit, refused by their declared size', async () => {
    const zip = buildZip([
      { name: 'a.shp', data: 'x', deflate: true, declaredSize: 0x7fffffff },
      { name: 'a.dbf', data: 'x' },
    ]);
    expect(await refusal('shapefile', 'huge.zip', zip)).toMatch(/huge\.zip: its shapefile parts inflate to more than 1024 MB \(at "a\.shp"\)/);
  });
});

/** A GeoPackage of the points, changed by `sql` (run on its SQLite database). */
function geopackageWith(sql: string): Buffer {
  const db = new Database(gdalFile(ORIGINAL_POINTS, 'GPKG', 'EPSG:4326'));
  db.exec(sql);
  const bytes = db.serialize();
  db.close();
  return bytes;
}

const RECURSIVE_VIEW = `WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT i AS fid, NULL AS geom, 'x' AS name FROM r`;

describe('GeoPackages that lie', () => {
  it('a feature table that is a recursive view (rows without end from a few bytes)', async () => {
    const gpkg = geopackageWith(`DROP TABLE places; CREATE VIEW places AS ${RECURSIVE_VIEW};`);
    expect(await refusal('geopackage', 'view.gpkg', gpkg)).toMatch(/view\.gpkg: the feature table "places" is a view, not a table/);
  });

  it("GeoPackage's own tables made recursive views", async () => {
    const gpkg = geopackageWith(
      `PRAGMA foreign_keys = OFF; DROP TABLE gpkg_contents; CREATE VIEW gpkg_contents AS WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT 'places' AS table_name, 'features' AS data_type FROM r;`,
    );
    expect(await refusal('geopackage', 'contents.gpkg', gpkg)).toMatch(/contents\.gpkg: not a GeoPackage, or cut off: its gpkg_contents is a view/);
  });

  it('a feature table with a generated column (computed on read, of any size)', async () => {
    const gpkg = geopackageWith(`ALTER TABLE places ADD COLUMN big BLOB AS (zeroblob(1000000000)) VIRTUAL;`);
    expect(await refusal('geopackage', 'generated.gpkg', gpkg)).toMatch(/generated\.gpkg: the feature table "places" has generated columns \("big"\)/);
  });

  it('more rows than the limit: refused once the limit is passed, the rest not read', () => {
    const gpkg = gdalFile(ORIGINAL_POINTS, 'GPKG', 'EPSG:4326');
    expect(readGeoPackage('places.gpkg', gpkg, 4).get('places')).toHaveLength(4);
    expect(() => readGeoPackage('places.gpkg', gpkg, 3)).toThrow(/places\.gpkg: it holds more than 3 features \(at table "places"\)/);
  });
});

/** A GeoJSON sequence of these lines. */
const seq = (...lines: unknown[]) => Buffer.from(lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n'));
const point = (coordinates: unknown) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates } });

describe('GeoJSON sequences that lie', () => {
  it('a geometry nested 5,000 deep: refused naming the line, not a stack overflow', async () => {
    const geometry = `${'{"type":"GeometryCollection","geometries":['.repeat(5000)}{"type":"Point","coordinates":[0,0]}${']}'.repeat(5000)}`;
    const line = `{"type":"Feature","properties":{},"geometry":${geometry}}`;
    expect(await refusal('geojsonseq', 'deep.geojsonl', seq(point([1, 2]), line))).toMatch(/deep\.geojsonl: line 2: nests deeper than 64 levels/);
  });

  it('coordinates that are not WGS84 positions', async () => {
    for (const [coordinates, why] of [
      [['x', 1], /line 2: the geometry\.coordinates\[0\]/],
      [5, /line 2: the geometry\.coordinates/],
      [[500, 95], /line 2: the geometry\.coordinates\[0\]/],
      [[1e308, 0], /line 2: the geometry\.coordinates\[0\]/],
    ] as const) {
      expect(await refusal('geojsonseq', 'bad.geojsonl', seq(point([1, 2]), point(coordinates))), JSON.stringify(coordinates)).toMatch(why);
    }
    expect(await refusal('geojsonseq', 'bad.geojsonl', seq({ type: 'Feature', properties: 5, geometry: null }))).toMatch(
      /line 1: a Feature's properties must be an object or null/,
    );
  });

  it('a line longer than the bound: refused once its bytes pass it, naming the line', () => {
    expect(readGeojsonSeq('ok.geojsonl', seq(point([1, 2]), point([3, 4])), 100)).toHaveLength(2);
    const long = seq(point([1, 2]), { ...point([3, 4]), properties: { text: 'x'.repeat(200) } });
    expect(() => readGeojsonSeq('long.geojsonl', long, 100)).toThrow(/long\.geojsonl: line 2 is longer than 100 bytes/);
  });

  it('a stream of one line without end is read no further than the bound', async () => {
    let given = 0;
    async function* endless() {
      for (;;) {
        given += 1024;
        yield Buffer.alloc(1024, 0x20);
      }
    }
    const lines = boundedLines('endless.geojsonl', endless(), 64 * 1024);
    await expect(lines.next()).rejects.toThrow(/endless\.geojsonl: line 1 is longer than 65536 bytes/);
    expect(given).toBe(65 * 1024);
  });
});

describe('reference systems that collapse every position', () => {
  it('a geocentric .prj, and a unit of 1e-300 m: refused as an unreadable one is', async () => {
    const geocent = shapefileZip(ORIGINAL_POINTS, 'EPSG:6677', { patch: (ext, b) => (ext === 'prj' ? Buffer.from('+proj=geocent +datum=WGS84 +units=m') : b) });
    expect(await refusal('shapefile', 'geocent.zip', geocent)).toMatch(
      /geocent\.zip \(places\.shp\): its reference system .* cannot be used: it is geocentric/,
    );
    const tiny = shapefileZip(ORIGINAL_POINTS, 'EPSG:6677', {
      patch: (ext, b) => (ext === 'prj' ? Buffer.from('+proj=tmerc +lat_0=36 +lon_0=139.8333 +k=0.9999 +ellps=GRS80 +to_meter=1e-300') : b),
    });
    expect(await refusal('shapefile', 'tiny.zip', tiny)).toMatch(/tiny\.zip \(places\.shp\): its reference system .* cannot be used: its unit is 1e-300 m/);
  });

  it('any system that maps distinct positions to one point', async () => {
    // A scale factor of 1e-300 passes the unit check but shrinks the plane to its origin.
    const flat = shapefileZip(ORIGINAL_POINTS, 'EPSG:6677', {
      patch: (ext, b) => (ext === 'prj' ? Buffer.from('+proj=tmerc +lat_0=36 +lon_0=139.8333 +k=1e300 +ellps=GRS80') : b),
    });
    expect(await refusal('shapefile', 'flat.zip', flat)).toMatch(/flat\.zip \(places\.shp\): its reference system .* puts every position at one point/);
  });
});
