import { describe, expect, it } from 'vitest';
import { InputError } from '../input-error.js';
import { ORIGINAL_POINTS, shapefileZip } from '../test/gdal-fixtures.js';
import { READ_LIMITS, readOffThread } from './vector-read-thread.js';

async function refusal(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InputError);
  return (err as Error).message;
}

/** A GeoJSON sequence of `count` points, each line a Feature with a little text. */
function manyPoints(count: number): Uint8Array {
  const lines: string[] = [];
  for (let i = 0; i < count; i++)
    lines.push(
      `{"type":"Feature","properties":{"n":${i},"name":"point ${i}"},"geometry":{"type":"Point","coordinates":[${(i % 360) - 180},${(i % 180) - 90}]}}`,
    );
  return Buffer.from(lines.join('\n'));
}

describe('GIS files read in a worker thread, with bounded memory and time (docs/gis-files.md "Limits")', () => {
  it("gives the file's WGS84 GeoJSON, or its features, as the reader does in the caller's thread", async () => {
    const zip = shapefileZip(ORIGINAL_POINTS, 'EPSG:6677');
    const texts = await readOffThread({ kind: 'vector', type: 'shapefile', name: 'places.zip', bytes: zip, output: 'geojson' });
    const collection = JSON.parse(Buffer.from(texts.all).toString('utf8')) as { features: { properties: { name: string } }[] };
    expect(collection.features.map((f) => f.properties.name)).toEqual(ORIGINAL_POINTS.features.map((f) => f.properties!.name));
    const features = await readOffThread({
      kind: 'wkt-csv',
      column: 'geom',
      name: 'a.csv',
      bytes: Buffer.from('name,geom\nx,POINT(1 2)\n'),
      output: 'features',
    });
    expect(features).toEqual([{ type: 'Feature', properties: { name: 'x' }, geometry: { type: 'Point', coordinates: [1, 2] } }]);
  });

  it("passes on the reader's refusal, naming the file", async () => {
    const zip = shapefileZip(ORIGINAL_POINTS, 'EPSG:4326', { drop: ['dbf'] });
    expect(await refusal(readOffThread({ kind: 'vector', type: 'shapefile', name: 'places.zip', bytes: zip, output: 'geojson' }))).toMatch(
      /places\.zip.*"places\.dbf"/,
    );
    expect(
      await refusal(readOffThread({ kind: 'vector', type: 'geojsonseq', table: 'x', name: 'p.geojsonl', bytes: manyPoints(1), output: 'geojson' })),
    ).toMatch(/p\.geojsonl has no feature table "x"/);
  });

  it('stops a read that needs more heap than its limit: a 400 naming the file and the limit, the server unharmed', async () => {
    const limits = { ...READ_LIMITS, heapMb: 24 };
    expect(
      await refusal(readOffThread({ kind: 'vector', type: 'geojsonseq', name: 'many.geojsonl', bytes: manyPoints(200_000), output: 'features' }, limits)),
    ).toMatch(/many\.geojsonl: reading it needs more than 24 MB of memory/);
  });

  it('stops a read past its deadline', async () => {
    const limits = { ...READ_LIMITS, deadlineMs: 0 };
    expect(
      await refusal(readOffThread({ kind: 'vector', type: 'geojsonseq', name: 'slow.geojsonl', bytes: manyPoints(10), output: 'geojson' }, limits)),
    ).toMatch(/slow\.geojsonl: reading it took longer than 0 s/);
  });

  it('bounds the GeoJSON a read gives', async () => {
    const limits = { ...READ_LIMITS, maxGeojsonBytes: 1000 };
    expect(
      await refusal(readOffThread({ kind: 'vector', type: 'geojsonseq', name: 'big.geojsonl', bytes: manyPoints(100), output: 'geojson' }, limits)),
    ).toMatch(/big\.geojsonl: its WGS84 GeoJSON passes 1000 bytes/);
  });
});
