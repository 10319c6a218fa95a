import { describe, expect, it } from 'vitest';
import { csvColumns, csvPoints } from './csv-points.js';

describe('csvColumns (docs/contract.md §7 data for csv)', () => {
  it('finds the default columns by name, in any case, the first that matches', () => {
    expect(csvColumns(['name', 'Latitude', 'LON', 'lat'])).toEqual({ lat: 'Latitude', lng: 'LON' });
    expect(csvColumns(['LAT', 'Lng'])).toEqual({ lat: 'LAT', lng: 'Lng' });
    expect(csvColumns(['y', 'longitude', 'lat'])).toEqual({ lat: 'lat', lng: 'longitude' });
  });

  it('takes named columns over the defaults, with a height column', () => {
    expect(csvColumns(['lat', 'lng', 'Y', 'X', 'elev'], { latColumn: 'Y', lngColumn: 'X', heightColumn: 'elev' })).toEqual({
      lat: 'Y',
      lng: 'X',
      height: 'elev',
    });
  });

  it("reads Re:Earth's data.csv (by header or index, with an id column) over the scene's form", () => {
    expect(csvColumns(['code', 'Y', 'X', 'alt'], { csv: { latColumn: 'Y', lngColumn: 'X', heightColumn: 3, idColumn: 0 } })).toEqual({
      lat: 'Y',
      lng: 'X',
      height: 'alt',
      id: 'code',
    });
    expect(csvColumns(['lat', 'lng', 'N', 'E'], { latColumn: 'lat', csv: { latColumn: 'N', lngColumn: 'E' } })).toEqual({ lat: 'N', lng: 'E' });
    expect(() => csvColumns(['Y', 'X'], { csv: { latColumn: 5, lngColumn: 'X' } })).toThrow(/data.csv.latColumn: the CSV has no column 5/);
  });

  it('names what is missing', () => {
    expect(() => csvColumns(['name', 'x', 'y'])).toThrow(/latitude and a longitude column.*name, x, y/);
    expect(() => csvColumns(['lat', 'lng'], { latColumn: 'Y' })).toThrow(/data.latColumn: the CSV has no column "Y"/);
    expect(() => csvColumns(['lat', 'lng'], { heightColumn: 'h' })).toThrow(/data.heightColumn/);
  });
});

describe('csvPoints', () => {
  it('parses quoted fields, types numbers, keeps other columns as properties', () => {
    const text = '\uFEFFname,lat,lon,kind,pop\n"Tower, Tokyo",35.6586,139.7454,landmark,1200\n"Line\nbreak",1,2,"say ""hi""",\n';
    const { points, skipped } = csvPoints(text);
    expect(skipped).toBe(0);
    expect(points).toEqual([
      { lng: 139.7454, lat: 35.6586, properties: { name: 'Tower, Tokyo', kind: 'landmark', pop: 1200 } },
      { lng: 2, lat: 1, properties: { name: 'Line\nbreak', kind: 'say "hi"', pop: null } },
    ]);
  });

  it("loads a CSV whose columns are not lat/lng by Re:Earth's data.csv, with ids; noHeader reads columns by index", () => {
    const named = csvPoints('code,北緯,東経\nA1,35.5,139.5\nA2,35.6,139.6\n', { csv: { latColumn: '北緯', lngColumn: '東経', idColumn: 'code' } });
    expect(named.points).toEqual([
      { lng: 139.5, lat: 35.5, id: 'A1', properties: { code: 'A1' } },
      { lng: 139.6, lat: 35.6, id: 'A2', properties: { code: 'A2' } },
    ]);
    const bare = csvPoints('139.5,35.5,Tower\n139.6,35.6,Gate\n', { csv: { noHeader: true, lngColumn: 0, latColumn: 1 } });
    expect(bare).toEqual({
      points: [
        { lng: 139.5, lat: 35.5, properties: { 2: 'Tower' } },
        { lng: 139.6, lat: 35.6, properties: { 2: 'Gate' } },
      ],
      skipped: 0,
    });
    // disableTypeConversion keeps cells as text; positions are still numbers, and a blank one skips the row.
    const text = csvPoints('lat,lng,code\n35.5,139.5,007\n ,139.6,008\n', { csv: { disableTypeConversion: true } });
    expect(text).toEqual({ points: [{ lng: 139.5, lat: 35.5, properties: { code: '007' } }], skipped: 1 });
  });

  it('uses named columns and a height, and skips rows without a position in range', () => {
    const text = 'X,Y,h,id\n10,20,30,a\n,5,1,b\n200,5,1,c\nabc,5,1,d\n11,21,,e\n';
    const { points, skipped } = csvPoints(text, { lngColumn: 'X', latColumn: 'Y', heightColumn: 'h' });
    expect(points).toEqual([
      { lng: 10, lat: 20, height: 30, properties: { id: 'a' } },
      { lng: 11, lat: 21, properties: { id: 'e' } },
    ]);
    expect(skipped).toBe(3);
  });
});
