import { describe, expect, it } from 'vitest';
import { tilesetStyle } from '../../../engine/cesium/layers/cesium-appearance.js';
import { paletteOf } from './palettes.js';
import { presetColour, presetProperty } from './plateau-presets.js';
import { colourFormOf } from './style-form.js';

/** A tileset's loaded features, PLATEAU-shaped. */
const features = [
  { gml_id: 'a', 'bldg:measuredHeight': 8, 'bldg:usage': '住宅', 'uro:BuildingRiverFloodingRiskAttribute_uro:depth': 0.2 },
  { gml_id: 'b', 'bldg:measuredHeight': 45, 'bldg:usage': '商業施設', 'uro:BuildingRiverFloodingRiskAttribute_uro:depth': 4 },
  { gml_id: 'c', 'bldg:measuredHeight': 150, 'bldg:usage': '住宅' },
];
const names = Object.keys(features[0]!);
const column = (name: string) => features.map((f) => (f as Record<string, unknown>)[name]);

describe('PLATEAU presets of the 3D Tiles style panel', () => {
  it('finds PLATEAU attributes by their CityGML names, their older Japanese ones, or a pattern', () => {
    expect(presetProperty('height', names)).toBe('bldg:measuredHeight');
    expect(presetProperty('height', ['計測高さ', '用途'])).toBe('計測高さ');
    expect(presetProperty('usage', ['計測高さ', '用途'])).toBe('用途');
    expect(presetProperty('flood', ['洪水浸水想定区域_浸水深'])).toBe('洪水浸水想定区域_浸水深');
    expect(presetProperty('flood', ['gml_id'])).toBeUndefined();
    expect(presetColour('flood', ['gml_id'], column)).toBeUndefined();
  });

  it('colours by height in fixed classes on Viridis, which the colour form reads back as chosen breaks', () => {
    const made = presetColour('height', names, column)!;
    const viridis = paletteOf('Viridis', 'sequential').colours;
    const ref = '${feature["bldg:measuredHeight"]}';
    expect(made.colour).toEqual({
      conditions: [
        [`${ref} < 10`, `color('${viridis[0]}')`],
        [`${ref} >= 10 && ${ref} < 20`, `color('${viridis[1]}')`],
        [`${ref} >= 20 && ${ref} < 30`, `color('${viridis[2]}')`],
        [`${ref} >= 30 && ${ref} < 60`, `color('${viridis[4]}')`],
        [`${ref} >= 60 && ${ref} < 120`, `color('${viridis[5]}')`],
        [`${ref} >= 120`, `color('${viridis[6]}')`],
      ],
    });
    expect(colourFormOf(made.colour, column)).toMatchObject({
      mode: 'graduated',
      property: 'bldg:measuredHeight',
      palette: 'Viridis',
      method: 'breaks',
      breaks: '10, 20, 30, 60, 120',
    });
  });

  it("colours by use, one colour per value, and by flood depth in MLIT's ranks and colours", () => {
    const usage = presetColour('usage', names, column)!.colour as { conditions: [string, string][] };
    expect(usage.conditions.map(([c]) => c)).toEqual([`\${feature["bldg:usage"]} === '住宅'`, `\${feature["bldg:usage"]} === '商業施設'`, 'true']);
    const flood = presetColour('flood', names, column)!.colour as { conditions: [string, string][] };
    expect(flood.conditions.map(([, e]) => e)).toEqual(paletteOf('MLIT flood depth', 'sequential').colours.map((c) => `color('${c}')`));
    expect(flood.conditions[1]![0]).toBe(
      '${feature["uro:BuildingRiverFloodingRiskAttribute_uro:depth"]} >= 0.5 && ${feature["uro:BuildingRiverFloodingRiskAttribute_uro:depth"]} < 3',
    );
  });

  it('gives a style CesiumJS evaluates per building', () => {
    const style = tilesetStyle({ color: presetColour('height', names, column)!.colour })!;
    const read = (height: number) => (name: string) => (name === 'bldg:measuredHeight' ? height : undefined);
    const building = (height: number) => ({ getProperty: read(height), getPropertyInherited: read(height) });
    const viridis = paletteOf('Viridis', 'sequential').colours;
    expect(style.color.evaluateColor(building(5) as never).toCssHexString()).toBe(viridis[0]);
    expect(style.color.evaluateColor(building(200) as never).toCssHexString()).toBe(viridis[6]);
  });
});
