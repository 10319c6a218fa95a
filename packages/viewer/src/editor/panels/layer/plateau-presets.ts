import type { StyleValue } from '@orbis/scene';
import { paletteOf } from './palettes.js';
import { categoricalConditions, graduatedConditions } from './style-rules.js';
import type { Column } from './style-form.js';

/**
 * Presets of the 3D Tiles style panel for PLATEAU's building tilesets (docs/editor.md): colour
 * buildings by measured height, by use, or by flood depth. PLATEAU's tilesets name the attributes
 * as CityGML does (`bldg:measuredHeight`, `bldg:usage`; from 2022), earlier ones in Japanese
 * (`計測高さ`, `用途`), and a flood depth is flattened under its risk attribute's name; each preset
 * takes the first of its names the tileset has, else a name its pattern matches.
 */
export const PLATEAU_PRESETS = ['height', 'usage', 'flood'] as const;
export type PlateauPreset = (typeof PLATEAU_PRESETS)[number];

/** Where height classes begin (m): low-rise, mid-rise, high-rise, towers. */
export const HEIGHT_BREAKS = [10, 20, 30, 60, 120];
/** Japan's flood depth ranks (m), as MLIT's flood maps draw them. */
export const FLOOD_BREAKS = [0.5, 3, 5, 10, 20];

interface PresetRule {
  names: readonly string[];
  pattern: RegExp;
  rule: (property: string, column: Column) => StyleValue<string>;
}

const RULES: Record<PlateauPreset, PresetRule> = {
  height: {
    names: ['bldg:measuredHeight', 'measuredHeight', '計測高さ'],
    pattern: /measuredHeight$|計測高さ/i,
    rule: (property, column) => ({
      conditions: graduatedConditions(property, column(property), { palette: paletteOf('Viridis', 'sequential'), method: 'breaks', breaks: HEIGHT_BREAKS }),
    }),
  },
  usage: {
    names: ['bldg:usage', 'usage', '用途'],
    pattern: /(^|:)usage$|用途$/i,
    rule: (property, column) => ({ conditions: categoricalConditions(property, column(property)) }),
  },
  flood: {
    names: ['uro:BuildingRiverFloodingRiskAttribute_uro:depth', 'uro:RiverFloodingRiskAttribute_uro:depth', '浸水深'],
    pattern: /flood.*depth|浸水深/i,
    rule: (property, column) => ({
      conditions: graduatedConditions(property, column(property), {
        palette: paletteOf('MLIT flood depth', 'sequential'),
        method: 'breaks',
        breaks: FLOOD_BREAKS,
      }),
    }),
  },
};

/** The property of a tileset's `names` that a preset colours by, if the tileset has one. */
export function presetProperty(preset: PlateauPreset, names: readonly string[]): string | undefined {
  const { names: known, pattern } = RULES[preset];
  return known.find((n) => names.includes(n)) ?? names.find((n) => pattern.test(n));
}

/** A preset's colour rule (docs/contract.md §7 `3dtiles.color`) over the features `column` reads; undefined when the tileset lacks its attribute. */
export function presetColour(preset: PlateauPreset, names: readonly string[], column: Column): { property: string; colour: StyleValue<string> } | undefined {
  const property = presetProperty(preset, names);
  return property === undefined ? undefined : { property, colour: RULES[preset].rule(property, column) };
}
