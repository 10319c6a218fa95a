import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test/harness.js';
import { DEMO_DATA_DIR, seedDemo } from './seed-demo.js';

describe('the demo project', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('is created once, public, with four public assets and one private', async () => {
    const { store, projects, assets, scenes, plugins } = h.server.ctx;
    expect(await seedDemo(store, projects, assets, scenes, plugins)).toBe(true);
    expect(await seedDemo(store, projects, assets, scenes, plugins)).toBe(false);
    const project = await store.getProjectByAlias('demo');
    expect(project).toMatchObject({ visibility: 'public', assetCount: 5, publicAssetCount: 4 });
    const listing = await (await h.get('/api/p/demo/assets.json')).json();
    expect(listing.results.map((a: { contentType: string }) => a.contentType)).toEqual([
      'application/geo+json',
      'application/vnd.czml+json',
      'application/vnd.google-earth.kml+xml',
      'text/csv',
    ]);
    const file = await h.get(new URL(listing.results[0].url).pathname);
    expect(await file.text()).toBe(readFileSync(join(DEMO_DATA_DIR, 'landmarks.geojson'), 'utf8'));
  });

  it('has a scene with its public assets as layers, published', async () => {
    const project = (await h.server.ctx.store.getProjectByAlias('demo'))!;
    const scene = await (await h.admin('GET', '/api/projects/demo/scene')).json();
    expect(scene.layers.map((l: { type: string }) => l.type)).toEqual(['csv', 'geojson', 'czml', 'kml', 'geojson']);
    // Landmarks coloured by category with labels and an infobox (docs/contract.md §7).
    const landmarks = scene.layers.find((l: { id: string }) => l.id === 'landmarks');
    expect(landmarks.appearance.marker).toMatchObject({ label: true, pointColor: { conditions: expect.any(Array) } });
    expect(landmarks.infobox.title).toBe('${name}');
    const snapshot = await h.server.ctx.scenes.published(project);
    expect(snapshot?.scene.layers.map((l) => l.url.replace(/^\/files\/demo\/.*/, 'file'))).toEqual([
      'file',
      'file',
      'file',
      'file',
      '/api/p/demo/offices.geojson',
    ]);
    for (const layer of snapshot!.scene.layers) expect((await h.get(layer.url)).status).toBe(200);
    expect(snapshot!.plugins.map((p) => p.manifest.id)).toEqual(['coordinates', 'sky-toggle', 'measure', 'bookmarks']);
  });

  it('has a content model of the prefectural offices, public, shown as a layer', async () => {
    const fc = (await (await h.get('/api/p/demo/offices.geojson')).json()) as {
      features: { properties: Record<string, unknown>; geometry: { coordinates: number[] } }[];
    };
    expect(fc.features).toHaveLength(10);
    const tokyo = fc.features.find((f) => f.properties.prefecture === 'Tokyo')!;
    expect(tokyo.properties).toMatchObject({ office: 'Shinjuku (Tokyo)', population: 14047594 });
    expect(tokyo.geometry.coordinates).toEqual([139.6917, 35.6895]);
  });

  it('is not recreated after being deleted', async () => {
    const { store, projects, assets, scenes, plugins } = h.server.ctx;
    await h.admin('DELETE', '/api/projects/demo');
    expect(await seedDemo(store, projects, assets, scenes, plugins)).toBe(false);
    expect(await store.getProjectByAlias('demo')).toBeUndefined();
  });

  it('ships a real CSV of prefectures, with its source and licence noted', () => {
    const csv = readFileSync(join(DEMO_DATA_DIR, 'prefectures.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('prefecture,capital,lat,lng,population');
    const tokyo = csv.find((row) => row.startsWith('Tokyo,'))!.split(',');
    expect(Number(tokyo[2])).toBeCloseTo(35.69, 2);
    expect(Number(tokyo[3])).toBeCloseTo(139.69, 2);
    expect(readFileSync(join(DEMO_DATA_DIR, 'README.md'), 'utf8')).toMatch(/prefectures\.csv.*Geospatial Information Authority of Japan.*Population Census/);
  });

  it('ships real places at their real coordinates', () => {
    const geo = JSON.parse(readFileSync(join(DEMO_DATA_DIR, 'landmarks.geojson'), 'utf8'));
    const tower = geo.features.find((f: { properties: { name: string } }) => f.properties.name === 'Tokyo Tower');
    expect(tower.geometry.coordinates[0]).toBeCloseTo(139.745, 2);
    expect(tower.geometry.coordinates[1]).toBeCloseTo(35.659, 2);
    for (const f of geo.features) {
      const [lng, lat] = f.geometry.coordinates;
      expect(Math.abs(lng)).toBeLessThanOrEqual(180);
      expect(Math.abs(lat)).toBeLessThanOrEqual(90);
    }
  });
});
