import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Field } from '@orbis/content-model';
import { csvRows, jsonRows } from './import-rows.js';

const fields: Field[] = [
  { key: 'name', type: 'text' },
  { key: 'n', type: 'integer' },
  { key: 'ok', type: 'bool' },
  { key: 'loc', type: 'geometry' },
];

/** A body of `count` chunks made on demand, counting how many were pulled. */
function lazyBody(head: string, row: (i: number) => string, count: number, tail = '') {
  const state = { pulled: 0 };
  async function* chunks() {
    yield Buffer.from(head);
    for (let i = 0; i < count; i++) {
      state.pulled += 1;
      yield Buffer.from(row(i));
    }
    yield Buffer.from(tail);
  }
  return { body: Readable.from(chunks()), state };
}

async function all<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const r of rows) out.push(r);
  return out;
}

describe('import rows', () => {
  it('reads CSV as .csv writes it: typed cells, Point columns, a guarded formula, empty cells absent', async () => {
    const csv =
      'id,name,n,ok,loc_lng,loc_lat,loc,createdAt\r\nX,"\'=1+2, ""a""",7,true,139.5,35.25,,T\r\nY,,-3,false,,,"{""type"":""LineString"",""coordinates"":[[0,0],[1,1]]}",T\r\n';
    const rows = await all(csvRows(Readable.from([Buffer.from(csv)]), fields));
    expect(rows).toEqual([
      { row: 'row 1', values: { name: '=1+2, "a"', n: 7, ok: true, loc: { type: 'Point', coordinates: [139.5, 35.25] } } },
      {
        row: 'row 2',
        values: {
          n: -3,
          ok: false,
          loc: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
        },
      },
    ]);
  });

  it('reads a geometry cell of WKT or EWKT in WGS84 (docs/contract.md §13), and leaves any other text for the item check to refuse', async () => {
    const csv = 'name,loc\nA,POINT (139.5 35.25)\nB,"SRID=4326;LINESTRING(0 0,1 1)"\nD,somewhere\n';
    const rows = await all(csvRows(Readable.from([Buffer.from(csv)]), fields));
    expect(rows.map((r) => r.values)).toEqual([
      { name: 'A', loc: { type: 'Point', coordinates: [139.5, 35.25] } },
      {
        name: 'B',
        loc: {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        },
      },
      { name: 'D', loc: 'somewhere' },
    ]);
  });

  it('refuses WKT in another reference system, or cut short, naming the row and why', async () => {
    const read = (cell: string) => all(csvRows(Readable.from([Buffer.from(`name,loc\nA,POINT (1 2)\nB,"${cell}"\n`)]), fields));
    await expect(read('SRID=3857;POINT(1 2)')).rejects.toThrow(/^row 2, field "loc" is not a WGS84 WKT geometry \(SRID 3857 is not WGS84 \(4326\)\)/);
    await expect(read('POLYGON((0 0,1 1')).rejects.toThrow(/^row 2, field "loc" is not a WGS84 WKT geometry/);
  });

  it('reads a JSON array and a FeatureCollection, the geometry into the first geometry field', async () => {
    const array = await all(jsonRows(Readable.from([Buffer.from(' [{"name":"a","id":"x"},{"n":2}]')]), fields));
    expect(array).toEqual([
      { row: 'row 1', values: { name: 'a' } },
      { row: 'row 2', values: { n: 2 } },
    ]);
    const fc = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [1, 2] }, properties: { name: 'p' } }] };
    expect(await all(jsonRows(Readable.from([Buffer.from(JSON.stringify(fc))]), fields))).toEqual([
      { row: 'feature 1', values: { name: 'p', loc: { type: 'Point', coordinates: [1, 2] } } },
    ]);
  });

  it('reads a JSON array and a FeatureCollection after a byte order mark, cut across chunks or not', async () => {
    const bom = Buffer.from('\uFEFF');
    const array = Buffer.from('[{"name":"a"},{"n":2}]');
    const rows = [
      { row: 'row 1', values: { name: 'a' } },
      { row: 'row 2', values: { n: 2 } },
    ];
    expect(await all(jsonRows(Readable.from([Buffer.concat([bom, array])]), fields))).toEqual(rows);
    expect(await all(jsonRows(Readable.from([bom.subarray(0, 1), bom.subarray(1, 2), Buffer.concat([bom.subarray(2), array])]), fields))).toEqual(rows);
    const fc = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: null, properties: { name: 'p' } }] };
    expect(await all(jsonRows(Readable.from([bom, Buffer.from(JSON.stringify(fc))]), fields))).toEqual([{ row: 'feature 1', values: { name: 'p' } }]);
  });

  it("refuses an element past an item's 1 MiB as its chunks pass, before it is assembled or the body read", async () => {
    // The second row: one string of 64 KiB chunks, 400 of them (25 MiB) if it were read whole.
    const huge = lazyBody('[{"name":"a"},{"name":"', () => 'x'.repeat(64 * 1024), 400, '"}]');
    await expect(all(jsonRows(huge.body, fields))).rejects.toThrow(/^row 2: an item's JSON is at most 1048576 bytes/);
    expect(huge.state.pulled).toBeLessThan(40);
    const feature = lazyBody('{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"', () => 'y'.repeat(64 * 1024), 400, '"}}]}');
    await expect(all(jsonRows(feature.body, fields))).rejects.toThrow(/^feature 1: an item's JSON is at most/);
  });

  it("refuses a CSV cell past an item's 1 MiB as its chunks pass, before the body is read", async () => {
    // One cell of 64 KiB chunks, 5,000 of them (300 MiB) if it were read whole.
    const huge = lazyBody('name\n"', () => 'x'.repeat(64 * 1024), 5000, '"\n');
    await expect(all(csvRows(huge.body, fields))).rejects.toThrow(/^the CSV could not be read after row 0: Max Record Size: .* 1049600 at line 2/);
    expect(huge.state.pulled).toBeLessThan(40);
  });

  it('names bad JSON and a feature that is not one', async () => {
    await expect(all(jsonRows(Readable.from([Buffer.from('[{"name": ')]), fields))).rejects.toThrow(/JSON could not be read/);
    await expect(all(jsonRows(Readable.from([Buffer.from('{"features":[1]}')]), fields))).rejects.toThrow(/feature 1: not a GeoJSON Feature/);
    await expect(all(jsonRows(Readable.from([Buffer.from('  ')]), fields))).rejects.toThrow(/empty/);
  });

  it.each([
    ['CSV', () => lazyBody('name,n\n', (i) => `r${i},${i}\n`, 200_000), csvRows],
    ['JSON', () => lazyBody('[', (i) => `${i ? ',' : ''}{"name":"r${i}","n":${i}}`, 200_000, ']'), jsonRows],
  ] as const)('streams %s: the first row comes long before the body has been read', async (_name, make, rows) => {
    const { body, state } = make();
    const iterator = rows(body, fields)[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.value).toMatchObject({ values: { name: 'r0', n: 0 } });
    expect(state.pulled).toBeLessThan(20_000);
    await iterator.return?.();
  });
});
