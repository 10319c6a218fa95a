import { describe, expect, it } from 'vitest';
import { chooseTerrainSource, DEM_BY_URL, terrainSourceOf } from './terrain-source-select.js';

describe("the scene settings' terrain source (docs/contract.md §17, docs/rasters.md)", () => {
  it('chooses a DEM by URL, whose GeoTIFF URL the field beside holds, and leaves it for a quantized-mesh URL without its URL', () => {
    const section: Record<string, unknown> = { enabled: true, type: 'cesium', url: 'https://q/layer.json' };
    chooseTerrainSource(section, DEM_BY_URL);
    expect(section).toEqual({ enabled: true, type: 'dem' });
    expect(terrainSourceOf(section)).toBe(DEM_BY_URL);
    section.url = 'https://dem.example/dem-cog.tif';
    expect(terrainSourceOf(section)).toBe(DEM_BY_URL);
    chooseTerrainSource(section, 'dem:A');
    expect(section).toEqual({ enabled: true, type: 'dem', assetId: 'A' });
    expect(terrainSourceOf(section)).toBe('dem:A');
    chooseTerrainSource(section, DEM_BY_URL);
    section.url = 'https://dem.example/dem-cog.tif';
    chooseTerrainSource(section, '');
    expect(section).toEqual({ enabled: true });
  });
});
