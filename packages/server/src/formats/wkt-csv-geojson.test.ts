import { describe, expect, it } from 'vitest';
import { InputError } from '../input-error.js';
import { wktCsvGeojson } from './wkt-csv-geojson.js';

/** A file's bytes, counting how often they are read. */
function counted(csv: string) {
  const state = { reads: 0 };
  return { state, read: async () => (state.reads++, Buffer.from(csv)) };
}

describe("a CSV's WKT column as GeoJSON, read once per file and column (docs/gis-files.md)", () => {
  it('several requests at once and after share one read, per ETag and column', async () => {
    const file = { key: `k-${Math.random()}`, etag: 'a-1', name: 'a.csv' };
    const csv = counted('name,geom,other\nx,POINT(1 2),POINT(3 4)\n');
    const answers = await Promise.all([1, 2, 3, 4].map(() => wktCsvGeojson(file, 'geom', csv.read)));
    expect(new Set(answers.map(String)).size).toBe(1);
    expect(JSON.parse(answers[0]!.toString()).features[0].geometry).toEqual({ type: 'Point', coordinates: [1, 2] });
    await wktCsvGeojson(file, 'geom', csv.read);
    expect(csv.state.reads).toBe(1);
    // Another column, or the file under another ETag, is its own conversion.
    expect(JSON.parse((await wktCsvGeojson(file, 'other', csv.read)).toString()).features[0].geometry.coordinates).toEqual([3, 4]);
    await wktCsvGeojson({ ...file, etag: 'a-2' }, 'geom', csv.read);
    expect(csv.state.reads).toBe(3);
  });

  it('a refusal is kept too: a bad row stays bad under the same ETag', async () => {
    const file = { key: `k-${Math.random()}`, etag: 'b-1', name: 'b.csv' };
    const csv = counted('name,geom\nx,POINT(1\n');
    for (let i = 0; i < 3; i++) await expect(wktCsvGeojson(file, 'geom', csv.read)).rejects.toThrow(InputError);
    await expect(wktCsvGeojson(file, 'geom', csv.read)).rejects.toThrow(/b\.csv: row 1, column "geom": not a WKT geometry/);
    expect(csv.state.reads).toBe(1);
  });
});
