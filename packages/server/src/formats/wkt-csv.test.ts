import { describe, expect, it } from 'vitest';
import { degreesApart, gdalFile, ORIGINAL_POINTS, ORIGINAL_POLYGON } from '../test/gdal-fixtures.js';
import { readWktCsv } from './wkt-csv.js';

describe('a CSV with a WKT column (docs/contract.md §13 data.wktColumn)', () => {
  it('reads what GDAL writes: every position, Japanese text and typed numbers', () => {
    const csv = gdalFile(ORIGINAL_POINTS, 'CSV', 'EPSG:4326').toString('utf8');
    const features = readWktCsv('places.csv', csv, 'WKT');
    expect(features).toHaveLength(ORIGINAL_POINTS.features.length);
    for (const [i, want] of ORIGINAL_POINTS.features.entries()) {
      expect(features[i]!.properties).toEqual(want.properties);
      expect(degreesApart((features[i]!.geometry as { coordinates: number[] }).coordinates, want.geometry.coordinates)).toBeLessThan(1e-6);
    }
    const polygon = readWktCsv('palace.csv', gdalFile(ORIGINAL_POLYGON, 'CSV', 'EPSG:4326').toString('utf8'), 'WKT');
    expect(polygon[0]!.geometry).toEqual(ORIGINAL_POLYGON.features[0]!.geometry);
  });

  it('refuses a missing column, a bad WKT and a foreign SRID, naming the row', () => {
    expect(() => readWktCsv('a.csv', 'name,geom\nx,POINT(1 2)\n', 'WKT')).toThrow(/a\.csv: the CSV has no column "WKT"/);
    expect(() => readWktCsv('a.csv', 'name,geom\nx,POINT(1 2)\ny,POINT(1\n', 'geom')).toThrow(/row 2, column "geom": not a WKT geometry/);
    expect(() => readWktCsv('a.csv', 'name,geom\nx,SRID=6677;POINT(1 2)\n', 'geom')).toThrow(/SRID 6677/);
    expect(() => readWktCsv('a.csv', 'name,geom\nx,POINT(-5992 -35363)\n', 'geom')).toThrow(/not on the earth/);
  });

  it('refuses a record longer than the bound, naming it', () => {
    expect(readWktCsv('a.csv', 'name,geom\nx,POINT(1 2)\n', 'geom', 100)).toHaveLength(1);
    expect(() => readWktCsv('a.csv', `name,geom\nx,"POINT(1 2)${' '.repeat(200)}"\n`, 'geom', 100)).toThrow(
      /a\.csv: the CSV cannot be read: Max Record Size: .* 100 at line 2/,
    );
  });
});
