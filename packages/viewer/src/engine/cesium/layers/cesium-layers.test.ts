import { type Cesium3DTileset, CustomDataSource, type ImageryLayer, type Model } from 'cesium';
import { describe, expect, it } from 'vitest';
import { layerDrawn, restylesInPlace } from './cesium-layers.js';
import type { EngineLayer } from '../../engine.js';

// A tileset, model or imagery layer needs WebGL; here only the fields layerDrawn reads (the real
// ones are drawn and picked right after data-ready in e2e/layer-style.test.ts and on the demo page).
const tileset = (show: boolean, tilesLoaded: boolean) => ({ kind: 'tileset' as const, value: { show, tilesLoaded } as Cesium3DTileset });
const model = (show: boolean, ready: boolean) => ({ kind: 'model' as const, value: { show, ready } as Model });
const imagery = (show: boolean, ready: boolean) => ({ kind: 'imagery' as const, value: { show, ready } as ImageryLayer });

describe("layerDrawn (what data-ready waits for besides the globe and the data sources' geometry)", () => {
  it('waits for a data source to finish loading', () => {
    const source = new CustomDataSource('s');
    source.isLoading = true;
    expect(layerDrawn({ kind: 'dataSource', value: source })).toBe(false);
    source.isLoading = false;
    expect(layerDrawn({ kind: 'dataSource', value: source })).toBe(true);
  });

  it('waits for 3D tiles to be loaded, and models and imagery to be ready', () => {
    expect(layerDrawn(tileset(true, false))).toBe(false);
    expect(layerDrawn(tileset(true, true))).toBe(true);
    expect(layerDrawn(model(true, false))).toBe(false);
    expect(layerDrawn(model(true, true))).toBe(true);
    expect(layerDrawn(imagery(true, false))).toBe(false);
    expect(layerDrawn(imagery(true, true))).toBe(true);
  });

  it('does not wait for a hidden layer (CesiumJS need not load it until it is shown)', () => {
    expect(layerDrawn(tileset(false, false))).toBe(true);
    expect(layerDrawn(model(false, false))).toBe(true);
  });
});

describe('restylesInPlace (a 3D Tiles layer restyled without loading it again)', () => {
  const towers: EngineLayer = { id: 't', type: '3dtiles', url: '/a/tileset.json', visible: true };
  it("holds for a change of a tileset's appearance or visibility only", () => {
    expect(restylesInPlace(towers, { ...towers, appearance: { '3dtiles': { color: 'red' } } })).toBe(true);
    expect(restylesInPlace(towers, { ...towers, visible: false })).toBe(true);
  });
  it('does not hold for another tileset, or for a layer of another type', () => {
    expect(restylesInPlace(towers, { ...towers, url: '/b/tileset.json', appearance: { '3dtiles': { color: 'red' } } })).toBe(false);
    const zones: EngineLayer = { ...towers, type: 'geojson', url: '/z.geojson' };
    expect(restylesInPlace(zones, { ...zones, appearance: { polygon: { fillColor: 'red' } } })).toBe(false);
  });
});
