import { describe, expect, it } from 'vitest';
import { terrainSource, toEngineSettings } from './property-mapping.js';

describe('toEngineSettings', () => {
  it('gives the offline defaults for an empty property: Natural Earth II, no terrain', () => {
    const s = toEngineSettings({});
    expect(s.tiles).toEqual([{ kind: 'natural-earth', opacity: 1, show: true }]);
    expect(s.terrain).toEqual({ kind: 'ellipsoid' });
    expect(s.globe.show).toBe(true);
    expect(s.sky).toEqual({ show: true, atmosphere: true, sun: true, moon: true });
    expect(s.scene.mode).toBe('3d');
  });

  it("turns shadows on by scene.shadows or by Re:Earth's scene.shadow.enabled; scene.shadows wins", () => {
    expect(toEngineSettings({ scene: { shadow: { enabled: true } } }).scene.shadows).toBe(true);
    expect(toEngineSettings({ scene: { shadows: true } }).scene.shadows).toBe(true);
    expect(toEngineSettings({ scene: { shadows: false, shadow: { enabled: true } } }).scene.shadows).toBe(false);
    expect(toEngineSettings({ scene: { shadow: { enabled: 'yes' } } }).scene.shadows).toBe(false);
  });

  it('maps each section', () => {
    const s = toEngineSettings({
      globe: { enabled: false, baseColor: '#112233', enableLighting: true },
      terrain: { enabled: true, url: 'https://tiles.example/terrain', exaggeration: 2 },
      scene: { backgroundColor: '#ffffff', fog: false, mode: '2d' },
      tiles: [
        { type: 'default', opacity: 0.5 },
        { type: 'url', url: 'https://t.example/{z}/{x}/{y}.png', show: false },
      ],
      sky: { show: false, atmosphere: false },
      camera: { maximumZoomDistance: 5e6, enableTilt: false },
      render: { resolutionScale: 0.5 },
    });
    expect(s.globe).toMatchObject({ show: false, baseColor: '#112233', enableLighting: true });
    expect(s.terrain).toEqual({ kind: 'quantized-mesh', url: 'https://tiles.example/terrain' });
    expect(s.exaggeration).toBe(2);
    expect(s.scene).toEqual({ backgroundColor: '#ffffff', fog: false, shadows: false, mode: '2d' });
    expect(s.tiles).toEqual([
      { kind: 'natural-earth', opacity: 0.5, show: true },
      { kind: 'url-template', url: 'https://t.example/{z}/{x}/{y}.png', opacity: 1, show: false },
    ]);
    expect(s.sky).toMatchObject({ show: false, atmosphere: false, sun: true });
    expect(s.camera).toMatchObject({ maximumZoomDistance: 5e6, enableTilt: false, enableRotate: true });
    expect(s.render.resolutionScale).toBe(0.5);
  });

  it('shows no imagery for an empty tiles list, and skips URL tiles without a URL', () => {
    expect(toEngineSettings({ tiles: [] }).tiles).toEqual([]);
    expect(toEngineSettings({ tiles: [{ type: 'url' }, { type: 'wms' }] }).tiles).toEqual([]);
  });
});

describe('named basemaps (docs/contract.md §14)', () => {
  it("gives each named basemap its tiles, levels and credit, with the entry's opacity and zoom levels", () => {
    const [osm, gsi] = toEngineSettings({ tiles: [{ type: 'open_street_map' }, { type: 'japan_gsi_standard', opacity: 0.5, zoomLevel: [5, 16] }] }).tiles;
    expect(osm).toEqual({
      kind: 'url-template',
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      opacity: 1,
      show: true,
      credit: expect.stringContaining('OpenStreetMap'),
      minimumLevel: 0,
      maximumLevel: 19,
    });
    expect(gsi).toMatchObject({
      url: 'https://cyberjapandata.gsi.go.jp/xyz/std/{z}/{x}/{y}.png',
      opacity: 0.5,
      credit: expect.stringContaining('地理院タイル'),
      minimumLevel: 5,
      maximumLevel: 16,
    });
    for (const type of ['esri_world_topo', 'black_marble'])
      expect(toEngineSettings({ tiles: [{ type }] }).tiles[0]).toMatchObject({
        kind: 'url-template',
        url: expect.stringMatching(/^https:\/\//),
        credit: expect.any(String),
      });
  });

  it('reads a pmtiles archive from its published URL, or by asset id where the page says where its files are', () => {
    const tiles = [{ type: 'pmtiles', assetId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', opacity: 0.5 }];
    expect(toEngineSettings({ tiles }).tiles).toEqual([]);
    const files = (id: string) =>
      id === '01ARZ3NDEKTSV4RRFFQ69G5FAV'
        ? { url: '/api/projects/p/files/01ARZ3NDEKTSV4RRFFQ69G5FAV/streets.pmtiles', headers: { authorization: 'Bearer t' } }
        : undefined;
    expect(toEngineSettings({ tiles }, files).tiles).toEqual([
      {
        kind: 'pmtiles',
        url: '/api/projects/p/files/01ARZ3NDEKTSV4RRFFQ69G5FAV/streets.pmtiles',
        headers: { authorization: 'Bearer t' },
        opacity: 0.5,
        show: true,
      },
    ]);
    expect(toEngineSettings({ tiles: [{ ...tiles[0], url: '/files/p/01ARZ3NDEKTSV4RRFFQ69G5FAV/streets.pmtiles', zoomLevel: [2, 14] }] }).tiles).toEqual([
      { kind: 'pmtiles', url: '/files/p/01ARZ3NDEKTSV4RRFFQ69G5FAV/streets.pmtiles', opacity: 0.5, show: true, minimumLevel: 2, maximumLevel: 14 },
    ]);
  });

  it('never takes a named basemap from an inherited key', () => {
    expect(toEngineSettings({ tiles: [{ type: 'constructor' }] }).tiles).toEqual([{ kind: 'natural-earth', opacity: 1, show: true }]);
  });
});

describe('terrainSource', () => {
  it('is off unless enabled, and never calls a service nobody named', () => {
    expect(terrainSource({})).toEqual({ kind: 'ellipsoid' });
    expect(terrainSource({ enabled: false, url: 'https://x' })).toEqual({ kind: 'ellipsoid' });
    expect(terrainSource({ enabled: true })).toEqual({ kind: 'ellipsoid' });
    expect(terrainSource({ enabled: true, type: 'cesiumion' })).toEqual({ kind: 'ellipsoid' });
  });

  it('picks quantized-mesh, Cesium ion or ArcGIS', () => {
    expect(terrainSource({ enabled: true, type: 'cesium', url: 'https://q' })).toEqual({ kind: 'quantized-mesh', url: 'https://q' });
    expect(terrainSource({ enabled: true, type: 'cesiumion', ionAccessToken: 'tok', ionAssetId: 2 })).toEqual({ kind: 'cesium-ion', assetId: 2, token: 'tok' });
    expect(terrainSource({ enabled: true, type: 'arcgis' })).toMatchObject({ kind: 'arcgis' });
    // docs/contract.md §17: a DEM of the project (its tiles' URL once published, the editor's by its asset) and GSI's tiles.
    expect(terrainSource({ enabled: true, type: 'dem', assetId: 'A', url: '/api/p/x/terrain/A/{z}/{x}/{y}.png' })).toEqual({
      kind: 'terrarium',
      url: '/api/p/x/terrain/A/{z}/{x}/{y}.png',
    });
    const files = (id: string) =>
      id === 'A' ? { url: '/f', headers: { authorization: 'Bearer t' }, terrain: '/api/projects/x/terrain/A/{z}/{x}/{y}.png' } : undefined;
    expect(terrainSource({ enabled: true, type: 'dem', assetId: 'A' }, files)).toEqual({
      kind: 'terrarium',
      url: '/api/projects/x/terrain/A/{z}/{x}/{y}.png',
      headers: { authorization: 'Bearer t' },
    });
    expect(terrainSource({ enabled: true, type: 'dem', assetId: 'gone' }, files)).toEqual({ kind: 'ellipsoid' });
    // A DEM by URL (docs/rasters.md): published, this server's tiles of it (the GeoTIFF's URL in `source`); in the editor, the admin route's.
    const tif = 'https://dem.example/dem-cog.tif';
    expect(terrainSource({ enabled: true, type: 'dem', url: '/api/p/x/url-terrain/{z}/{x}/{y}.png', source: tif })).toEqual({
      kind: 'terrarium',
      url: '/api/p/x/url-terrain/{z}/{x}/{y}.png',
    });
    const editorFiles = Object.assign(files, {
      urlTerrain: (url: string) => ({ url, headers: { authorization: 'Bearer t' }, terrain: `/api/projects/x/url-terrain?url=${url}` }),
    });
    expect(terrainSource({ enabled: true, type: 'dem', url: tif }, editorFiles)).toEqual({
      kind: 'terrarium',
      url: `/api/projects/x/url-terrain?url=${tif}`,
      headers: { authorization: 'Bearer t' },
    });
    // Never the GeoTIFF itself as tiles.
    expect(terrainSource({ enabled: true, type: 'dem', url: tif })).toEqual({ kind: 'ellipsoid' });
    expect(terrainSource({ enabled: true, type: 'gsi' })).toEqual({ kind: 'gsi', url: 'https://cyberjapandata.gsi.go.jp/xyz/dem_png/{z}/{x}/{y}.png' });
  });
});
