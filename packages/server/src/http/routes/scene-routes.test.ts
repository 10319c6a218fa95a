import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultScene } from '@orbis/scene';
import type { Asset } from '../../store/store.js';
import { ADMIN_TOKEN, type Harness, startHarness, uploadForm } from '../../test/harness.js';

describe('scenes and publishing (docs/contract.md §3–4)', () => {
  let h: Harness;
  let pub: Asset;
  let priv: Asset;
  beforeAll(async () => {
    h = await startHarness();
    await h.project('scenic');
    [pub, priv] = (await h.seed('scenic', [true, false])) as [Asset, Asset];
  });
  afterAll(() => h.close());

  const scene = (layers: object[] = []) => ({ ...defaultScene(), layers });
  const code = async (res: Response) => (await res.json()).error;

  it('gives a default scene until one is saved, then the saved one', async () => {
    expect(await (await h.admin('GET', '/api/projects/scenic/scene')).json()).toEqual(defaultScene());
    const doc = scene([{ id: 'l1', title: 'Places', type: 'geojson', assetId: pub.id, visible: true }]);
    const put = await h.admin('PUT', '/api/projects/scenic/scene', doc);
    expect(put.status).toBe(200);
    expect(await (await h.admin('GET', '/api/projects/scenic/scene')).json()).toEqual(doc);
  });

  it('refuses a bad scene with 400 invalid_body naming the field, and keeps the old one', async () => {
    const before = await (await h.admin('GET', '/api/projects/scenic/scene')).json();
    const bad = scene([{ id: 'l1', title: 'x', type: 'dwg', url: 'https://example.org/a', visible: true }]);
    const res = await h.admin('PUT', '/api/projects/scenic/scene', bad);
    expect(res.status).toBe(400);
    const error = await code(res);
    expect(error.code).toBe('invalid_body');
    expect(error.message).toMatch(/^layers\[0\]\.type: /);
    const foreign = await h.admin(
      'PUT',
      '/api/projects/scenic/scene',
      scene([{ id: 'l1', title: 'x', type: 'geojson', assetId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', visible: true }]),
    );
    expect((await code(foreign)).message).toMatch(/^layers\[0\]\.assetId: no asset/);
    expect(await (await h.admin('GET', '/api/projects/scenic/scene')).json()).toEqual(before);
  });

  it("keeps the published page's language, en, ja or auto, and refuses another (docs/contract.md §19)", async () => {
    for (const language of ['ja', 'auto'])
      expect((await h.admin('PUT', '/api/projects/scenic/scene', { ...scene(), property: { language } })).status).toBe(200);
    const res = await h.admin('PUT', '/api/projects/scenic/scene', { ...scene(), property: { language: 'fr' } });
    expect(res.status).toBe(400);
    expect((await code(res)).message).toMatch(/^property\.language/);
  });

  it('refuses a bad style expression with 400 invalid_body naming its JSON path, and keeps the old scene', async () => {
    const before = await (await h.admin('GET', '/api/projects/scenic/scene')).json();
    const layer = {
      id: 'zones',
      title: 'Zones',
      type: 'geojson',
      url: 'https://example.org/zones.geojson',
      visible: true,
      appearance: {
        polygon: {
          fillColor: {
            conditions: [
              ["${kind} === 'park'", "color('green')"],
              ['${kind} ==', "color('grey')"],
            ],
          },
        },
      },
    };
    const res = await h.admin('PUT', '/api/projects/scenic/scene', scene([layer]));
    expect(res.status).toBe(400);
    const error = await code(res);
    expect(error.code).toBe('invalid_body');
    expect(error.message).toMatch(/^layers\[0\]\.appearance\.polygon\.fillColor\.conditions\[1\]\[0\]: is not a style expression CesiumJS can read/);
    expect(await (await h.admin('GET', '/api/projects/scenic/scene')).json()).toEqual(before);
    layer.appearance.polygon.fillColor.conditions[1]![0] = 'true';
    expect((await h.admin('PUT', '/api/projects/scenic/scene', scene([layer]))).status).toBe(200);
  });

  it("keeps the scene's clock (start, stop, current, speed) and refuses a bad one naming its field", async () => {
    const timeline = {
      start: '2026-11-21T00:00:00Z',
      stop: '2026-11-21T01:30:00Z',
      current: '2026-11-21T00:10:00+09:00',
      speed: 60,
      rangeType: 'bounced',
      stepType: 'rate',
    };
    expect((await h.admin('PUT', '/api/projects/scenic/scene', { ...scene(), timeline })).status).toBe(200);
    expect((await (await h.admin('GET', '/api/projects/scenic/scene')).json()).timeline).toEqual(timeline);
    for (const [bad, path] of [
      [{ start: 'yesterday' }, /^timeline\.start: /],
      [{ speed: 'fast' }, /^timeline\.speed: /],
      [{ rangeType: 'loop' }, /^timeline\.rangeType: /],
      [{ start: '2026-11-21T02:00:00Z', stop: '2026-11-21T01:00:00Z' }, /^timeline\.stop: must not be before timeline\.start/],
      [{ current: '2026-13-45T00:00:00Z' }, /^timeline\.current: /],
    ] as const) {
      const res = await h.admin('PUT', '/api/projects/scenic/scene', { ...scene(), timeline: bad });
      expect(res.status).toBe(400);
      expect((await code(res)).message).toMatch(path);
    }
    expect((await (await h.admin('GET', '/api/projects/scenic/scene')).json()).timeline).toEqual(timeline);
  });

  it('needs the admin token', async () => {
    expect((await h.get('/api/projects/scenic/scene')).status).toBe(401);
    expect((await fetch(`${h.url}/api/projects/scenic/publish`, { method: 'POST' })).status).toBe(401);
  });

  it('publishes a snapshot with asset layers resolved to their files, and refuses private assets', async () => {
    await h.admin('PUT', '/api/projects/scenic/scene', scene([{ id: 'l1', title: 'Draft', type: 'geojson', assetId: priv.id, visible: true }]));
    const refused = await h.admin('POST', '/api/projects/scenic/publish');
    expect(refused.status).toBe(400);
    expect((await code(refused)).message).toMatch(/private/);
    await h.admin(
      'PUT',
      '/api/projects/scenic/scene',
      scene([
        { id: 'l1', title: 'Places', type: 'geojson', assetId: pub.id, visible: true },
        { id: 'l2', title: 'Remote', type: 'czml', url: 'https://example.org/a.czml', visible: false },
      ]),
    );
    const res = await h.admin('POST', '/api/projects/scenic/publish');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: `${h.url}/p/scenic` });
    const snapshot = await h.server.ctx.scenes.published((await h.server.ctx.store.getProjectByAlias('scenic'))!);
    expect(snapshot!.scene.layers.map((l) => l.url)).toEqual([`/files/scenic/${pub.id}/${encodeURIComponent(pub.name)}`, 'https://example.org/a.czml']);
    // Editing the scene afterwards does not change what is published.
    await h.admin('PUT', '/api/projects/scenic/scene', scene([]));
    const still = await h.server.ctx.scenes.published((await h.server.ctx.store.getProjectByAlias('scenic'))!);
    expect(still!.scene.layers).toHaveLength(2);
    expect((await h.admin('DELETE', '/api/projects/scenic/publish')).status).toBe(204);
    expect(await h.server.ctx.scenes.published((await h.server.ctx.store.getProjectByAlias('scenic'))!)).toBeUndefined();
  });

  it("keeps a pmtiles basemap that names an archive of the project, and publishes it as the archive's file, read by Range (docs/contract.md §14)", async () => {
    const archive = (name: string, isPublic: boolean) =>
      fetch(`${h.url}/api/projects/scenic/assets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        body: uploadForm([{ name, content: Uint8Array.from([...Buffer.from('PMTiles'), 3, 0, 0, 0]) }], { public: String(isPublic) }),
      }).then(async (r) => (await r.json()) as Asset & { contentType: string });
    const [streets, draft] = [await archive('streets.pmtiles', true), await archive('draft.pmtiles', false)];
    expect(streets.contentType).toBe('application/vnd.pmtiles');
    const withBasemap = (assetId: string) => ({ ...scene(), property: { tiles: [{ type: 'pmtiles', assetId, opacity: 0.8 }] } });
    for (const [assetId, message] of [
      [pub.id, /is not a PMTiles archive/],
      ['01ARZ3NDEKTSV4RRFFQ69G5FAV', /no asset/],
    ] as const) {
      const res = await h.admin('PUT', '/api/projects/scenic/scene', withBasemap(assetId));
      expect(res.status).toBe(400);
      const error = await code(res);
      expect(error.code).toBe('invalid_body');
      expect(error.message).toMatch(/^property\.tiles\[0\]\.assetId/);
      expect(error.message).toMatch(message);
    }
    expect((await h.admin('PUT', '/api/projects/scenic/scene', withBasemap(draft.id))).status).toBe(200);
    const refused = await h.admin('POST', '/api/projects/scenic/publish');
    expect(refused.status).toBe(400);
    expect((await code(refused)).message).toMatch(/"draft.pmtiles" is private; make it public to publish this basemap/);
    expect((await h.admin('PUT', '/api/projects/scenic/scene', withBasemap(streets.id))).status).toBe(200);
    expect((await h.admin('POST', '/api/projects/scenic/publish')).status).toBe(200);
    const snapshot = await h.server.ctx.scenes.published((await h.server.ctx.store.getProjectByAlias('scenic'))!);
    const url = `/files/scenic/${streets.id}/streets.pmtiles`;
    expect(snapshot!.scene.property.tiles).toEqual([{ type: 'pmtiles', assetId: streets.id, opacity: 0.8, url }]);
    const range = await fetch(h.url + url, { headers: { range: 'bytes=0-6', 'accept-encoding': 'br, gzip' } });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe('PMTiles');
  });
});
