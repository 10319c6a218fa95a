import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FeatureCollection, Point } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { degreesApart, gdalFile, ORIGINAL_POINTS, shapefileZip } from '../../test/gdal-fixtures.js';
import { type Harness, startHarness } from '../../test/harness.js';

/** A file host beside the test: what a city's open-data portal is to a real deployment. */
function fileHost(files: Record<string, Buffer | string>): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').slice(1));
    if (name === 'moved.fgb') return void res.writeHead(302, { location: '/ne.fgb' }).end();
    const body = files[name];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

const WKT_CSV = `name,geom\n${ORIGINAL_POINTS.features.map((f) => `${f.properties!.name},POINT (${f.geometry.coordinates.join(' ')})`).join('\n')}\n`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** Every original point is there, by name, to 1e-6°. */
function expectOriginalPoints(collection: FeatureCollection): void {
  expect(collection.features).toHaveLength(ORIGINAL_POINTS.features.length);
  for (const want of ORIGINAL_POINTS.features) {
    const got = collection.features.find((f) => f.properties?.name === want.properties!.name);
    expect(got, String(want.properties!.name)).toBeDefined();
    expect(degreesApart((got!.geometry as Point).coordinates, want.geometry.coordinates)).toBeLessThan(1e-6);
  }
}

describe('GIS files as URL layers (docs/contract.md §13): read, reprojected and answered by the server', () => {
  let host: { server: Server; url: string };
  let h: Harness;
  const layers = () => [
    { id: 'shp', title: 'wards', type: 'shapefile', url: `${host.url}/wards.zip`, visible: true },
    { id: 'fgb', title: 'ne', type: 'flatgeobuf', url: `${host.url}/moved.fgb`, visible: true },
    { id: 'gpkg', title: 'sw', type: 'geopackage', url: `${host.url}/sw.gpkg`, visible: true, data: { table: 'places' } },
    { id: 'seq', title: 'se', type: 'geojsonseq', url: `${host.url}/se.geojsonl`, visible: true },
    { id: 'wkt', title: 'wkt', type: 'csv', url: `${host.url}/shapes.csv`, visible: true, data: { wktColumn: 'geom' } },
  ];
  beforeAll(async () => {
    host = await fileHost({
      'wards.zip': shapefileZip(ORIGINAL_POINTS, 'EPSG:6677'),
      'ne.fgb': gdalFile(ORIGINAL_POINTS, 'FlatGeobuf', 'EPSG:3857'),
      'sw.gpkg': gdalFile(ORIGINAL_POINTS, 'GPKG', 'EPSG:6677'),
      'se.geojsonl': gdalFile(ORIGINAL_POINTS, 'GeoJSONSeq', 'EPSG:4326'),
      'shapes.csv': WKT_CSV,
      'picture.fgb': PNG,
    });
    // The file host is on this machine's loopback: a deployment allows that only when told to.
    h = await startHarness({ ORBIS_URL_LAYERS_PRIVATE: 'on' });
    await h.project('remote');
    const put = await h.admin('PUT', '/api/projects/remote/scene', {
      property: {},
      camera: { lng: 139.75, lat: 35.68, height: 50_000, heading: 0, pitch: -90, roll: 0 },
      layers: layers(),
      widgets: [],
      story: { pages: [] },
    });
    expect(put.status, await put.clone().text()).toBe(200);
  });
  afterAll(async () => {
    await h?.close();
    host?.server.close();
  });

  it('answers each format to the editor (members) as WGS84 GeoJSON, with an ETag', async () => {
    for (const layer of layers()) {
      const query = new URLSearchParams({ type: layer.type, url: layer.url, ...(layer.data as Record<string, string> | undefined) });
      const res = await h.admin('GET', `/api/projects/remote/url-layer?${query}`);
      expect(res.status, `${layer.id}: ${await res.clone().text()}`).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/geo+json');
      expectOriginalPoints((await res.json()) as FeatureCollection);
      const again = await fetch(`${h.url}/api/projects/remote/url-layer?${query}`, {
        headers: { authorization: 'Bearer test-admin-token-0123456789-0123456789', 'if-none-match': res.headers.get('etag')! },
      });
      expect(again.status).toBe(304);
    }
    expect((await h.get(`/api/projects/remote/url-layer?type=shapefile&url=${encodeURIComponent(`${host.url}/wards.zip`)}`)).status).toBe(401);
  });

  it('publishes them as layers the published page loads from this server, for the URLs of its snapshot only', async () => {
    expect((await h.admin('POST', '/api/projects/remote/publish')).status).toBe(200);
    const snapshot = (await h.server.ctx.scenes.published((await h.server.ctx.store.getProjectByAlias('remote'))!))!;
    expect(snapshot.scene.layers.map((l) => [l.url, l.source])).toEqual(layers().map((l) => [`/p/remote/layers/${l.id}.geojson`, l.url]));
    for (const layer of layers()) {
      const res = await h.get(`/p/remote/layers/${layer.id}.geojson`);
      expect(res.status, layer.id).toBe(200);
      expectOriginalPoints((await res.json()) as FeatureCollection);
    }
    expect((await h.get('/p/remote/layers/nothing.geojson')).status).toBe(404);
  });

  it('refuses a file that is not what its type says, and an address that does not answer the file', async () => {
    const answer = async (type: string, url: string) => {
      const res = await h.admin('GET', `/api/projects/remote/url-layer?${new URLSearchParams({ type, url })}`);
      return { status: res.status, body: (await res.json()) as { error: { code: string; message: string } } };
    };
    const png = await answer('flatgeobuf', `${host.url}/picture.fgb`);
    expect(png).toMatchObject({ status: 400, body: { error: { code: 'invalid_body' } } });
    expect(png.body.error.message).toMatch(/picture\.fgb.*PNG/);
    expect((await answer('flatgeobuf', `${host.url}/missing.fgb`)).body.error.message).toContain('answered 404');
    expect((await answer('shapefile', 'file:///etc/passwd')).body.error.message).toContain('only http and https');
    expect((await answer('dwg', `${host.url}/wards.zip`)).body.error.message).toContain('type must be one of');
  });

  it("by default reads public addresses only: not the server's own machine nor its network", async () => {
    const plain = await startHarness();
    try {
      await plain.project('inside');
      for (const url of [`${host.url}/wards.zip`, 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x.zip', 'http://localhost:9/x.zip']) {
        const res = await plain.admin('GET', `/api/projects/inside/url-layer?${new URLSearchParams({ type: 'shapefile', url })}`);
        expect(res.status, url).toBe(400);
        expect(((await res.json()) as { error: { message: string } }).error.message, url).toMatch(/inside the server's network/);
      }
    } finally {
      await plain.close();
    }
  });
});
