import { namedFlavor } from '@protomaps/basemaps';
import { GeomType, type LabelRule, LineSymbolizer, type PaintRule, PolygonSymbolizer, labelRules, paintRules } from 'protomaps-leaflet';
import { OTHER_LAYER } from './openmaptiles-schema.js';

/** Protomaps' light flavor: the colours of the street basemap, for both schemas. */
const FLAVOR = namedFlavor('light');

/** What a tile shows where no layer draws: the land, since OpenMapTiles archives have no `earth` layer (the sea is `water`). */
export const STREET_BACKGROUND = FLAVOR.earth;

/** The neutral default of a layer neither schema names: a faint fill and a thin grey line. */
const OTHER_RULES: PaintRule[] = [
  { dataLayer: OTHER_LAYER, symbolizer: new PolygonSymbolizer({ fill: '#d6d3ce', opacity: 0.5 }), filter: (_z, f) => f.geomType === GeomType.Polygon },
  { dataLayer: OTHER_LAYER, symbolizer: new LineSymbolizer({ color: '#b5b2ad', width: 0.75 }), filter: (_z, f) => f.geomType === GeomType.Line },
];

/**
 * The street basemap's paint rules, bottom first: Protomaps' own style (land, water, landuse and
 * parks, roads by kind with widths by zoom, buildings, boundaries), with a road's name line
 * (OpenMapTiles' `transportation_name`) left to the labels, and the neutral default under the roads.
 */
export function streetPaintRules(): PaintRule[] {
  const rules = paintRules(FLAVOR).map((rule): PaintRule => {
    if (rule.dataLayer !== 'roads') return rule;
    const { filter } = rule;
    return { ...rule, filter: (z, f) => f.props.label_only !== true && (!filter || filter(z, f)) };
  });
  // Under the roads and buildings, over the land and water.
  const at = rules.findIndex((rule) => rule.dataLayer === 'roads' || rule.dataLayer === 'buildings');
  return [...rules.slice(0, at), ...OTHER_RULES, ...rules.slice(at)];
}

/** The street basemap's labels: places, water and road names as Protomaps' style places them, in `lang` where a name in it exists. */
export function streetLabelRules(lang: string): LabelRule[] {
  return labelRules(FLAVOR, lang);
}
