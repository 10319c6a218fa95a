import { describe, expect, it } from 'vitest';
import { wktColumnOf } from './wkt-column.js';

describe('wktColumnOf', () => {
  it('finds the column of WKT geometries, as GDAL and spreadsheets write it', () => {
    expect(wktColumnOf('WKT,name\n"POINT (139.76 35.68)",東京駅\n"POLYGON ((0 0,1 0,1 1,0 0))",x\n')).toBe('WKT');
    expect(wktColumnOf('id,geom\n1,SRID=4326;MULTIPOLYGON(((0 0,1 0,1 1,0 0)))\n2,"POLY')).toBe('geom');
  });

  it('finds none in a CSV of lat/lng columns or an empty one', () => {
    expect(wktColumnOf('name,lat,lng\nA,35,139\n')).toBeUndefined();
    expect(wktColumnOf('')).toBeUndefined();
  });
});
