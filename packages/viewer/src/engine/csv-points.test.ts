import { describe, expect, it } from 'vitest';
import { csvColumns, csvPoints } from './csv-points.js';

describe('csvColumns (docs/contract.md §7 data for csv)', () => {
  it('finds the default columns by name, in any case, the first that matches', () => {
    expect(csvColumns(['name', 'Latitude', 'LON', 'lat'])).toEqual({ lat: 'Latitude', lng: 'LON' });
    expect(csvColumns(['LAT', 'Lng'])).toEqual({ lat: 'LAT', lng: 'Lng' });
    expect(csvColumns(['y', 'longitude', 'lat'])).toEqual({ lat: 'lat', lng: 'longitude' });
  });

  it('takes named columns over the defaults, with a height column', () => {
    expect(csvColumns(['lat', 'lng', 'Y', 'X', 'elev'], { latColumn: 'Y', lngColumn: 'X', heightColumn: 'elev' })).toEqual({ lat: 'Y', lng: 'X', height: 'elev' });
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
