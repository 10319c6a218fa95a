import { describe, expect, it } from 'vitest';
import { DERIVED_GEOJSON_PATH, derivedPathOf, derivedTablePath, derivedTablesOf, vectorFormatOf, vectorFormatOfContentType } from './vector-formats.js';

describe('vector formats (docs/contract.md §13)', () => {
  it('knows a GIS file by its name, and a shapefile by the .shp its zip holds', () => {
    expect(vectorFormatOf('Wards.GPKG')).toBe('geopackage');
    expect(vectorFormatOf('a.fgb')).toBe('flatgeobuf');
    expect(vectorFormatOf('a.ndjson')).toBe('geojsonseq');
    expect(vectorFormatOf('a.zip', ['x/wards.SHP', 'x/wards.dbf'])).toBe('shapefile');
    expect(vectorFormatOf('tiles.zip', ['tileset.json'])).toBeUndefined();
    expect(vectorFormatOf('a.zip')).toBe('shapefile');
    expect(vectorFormatOf('a.geojson')).toBeUndefined();
    expect(vectorFormatOfContentType('application/geopackage+sqlite3; x=y')).toBe('geopackage');
    expect(vectorFormatOfContentType('text/csv')).toBeUndefined();
  });

  it("picks a GeoPackage table's derived GeoJSON when the asset has it, else the whole file's", () => {
    const paths = [DERIVED_GEOJSON_PATH, derivedTablePath('roads/2024')];
    expect(derivedTablePath('roads/2024')).toBe('orbis-wgs84/roads%2F2024.geojson');
    expect(derivedPathOf(paths, 'roads/2024')).toBe('orbis-wgs84/roads%2F2024.geojson');
    expect(derivedPathOf(paths, 'rivers')).toBe(DERIVED_GEOJSON_PATH);
    expect(derivedPathOf(paths, undefined)).toBe(DERIVED_GEOJSON_PATH);
  });

  it('lists the tables an asset has derived files of, by their names', () => {
    const paths = ['sw.gpkg', DERIVED_GEOJSON_PATH, derivedTablePath('roads/2024'), derivedTablePath('駅'), 'orbis-wgs84/a/b.geojson', 'other.geojson'];
    expect(derivedTablesOf(paths)).toEqual(['roads/2024', '駅']);
    expect(derivedTablesOf([DERIVED_GEOJSON_PATH])).toEqual([]);
  });
});
