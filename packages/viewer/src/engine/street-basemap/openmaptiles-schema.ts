import type { Feature, JsonObject } from 'protomaps-leaflet';

/** The two schemas self-hosted vector archives come in: Protomaps' basemap layers, and OpenMapTiles'. */
export type VectorSchema = 'protomaps' | 'openmaptiles';

/** Layers only OpenMapTiles has (`water`, `landuse` and `landcover` are in both schemas). */
const OPENMAPTILES_ONLY = [
  'transportation',
  'transportation_name',
  'building',
  'place',
  'park',
  'waterway',
  'boundary',
  'water_name',
  'poi',
  'aeroway',
  'housenumber',
  'mountain_peak',
];

/** The layers the street style paints by Protomaps' names; any other layer is drawn with the neutral default. */
export const PROTOMAPS_LAYERS = ['earth', 'water', 'landuse', 'landcover', 'roads', 'buildings', 'places', 'pois', 'boundaries', 'natural', 'transit'];

/** The layer that holds what neither schema names, for the neutral default's rules. */
export const OTHER_LAYER = 'other';

/** Which schema an archive's layers are in: OpenMapTiles if any layer is one of its own names. */
export function schemaOf(layerNames: Iterable<string>): VectorSchema {
  for (const name of layerNames) if (OPENMAPTILES_ONLY.includes(name)) return 'openmaptiles';
  return 'protomaps';
}

// OpenMapTiles' `class` values as Protomaps' `kind`, per layer: what lets one street style draw both.
const ROAD_KINDS: Record<string, string> = {
  motorway: 'highway',
  trunk: 'major_road',
  primary: 'major_road',
  secondary: 'major_road',
  tertiary: 'major_road',
  minor: 'minor_road',
  service: 'minor_road',
  track: 'path',
  path: 'path',
  raceway: 'minor_road',
  busway: 'minor_road',
  rail: 'rail',
  transit: 'rail',
};
const PLACE_KINDS: Record<string, [kind: string, minZoom?: number, populationRank?: number]> = {
  continent: ['continent'],
  country: ['country'],
  state: ['region'],
  province: ['region'],
  city: ['locality', 4, 10],
  town: ['locality', 8, 8],
  village: ['locality', 10, 6],
  hamlet: ['locality', 12, 4],
  suburb: ['neighbourhood'],
  quarter: ['neighbourhood'],
  neighbourhood: ['neighbourhood'],
};
const LANDCOVER_KINDS: Record<string, [layer: string, kind: string]> = {
  wood: ['landuse', 'wood'],
  grass: ['landuse', 'grass'],
  ice: ['landuse', 'glacier'],
  sand: ['landuse', 'sand'],
  farmland: ['landcover', 'farmland'],
  rock: ['landcover', 'barren'],
  wetland: ['landuse', 'wetland'],
};
const WATER_KINDS: Record<string, string> = { ocean: 'ocean', sea: 'sea', lake: 'lake', bay: 'bay', strait: 'strait' };

function text(props: JsonObject, key: string): string {
  const value = props[key];
  return typeof value === 'string' ? value : '';
}

/** One OpenMapTiles feature as the Protomaps layer and properties the street style reads; undefined for the neutral default. */
export function fromOpenMapTiles(layer: string, props: JsonObject): { layer: string; props: JsonObject } | undefined {
  const cls = text(props, 'class');
  switch (layer) {
    case 'water':
      return { layer: 'water', props: { ...props, kind: WATER_KINDS[cls] ?? 'water' } };
    case 'water_name':
      return { layer: 'water', props: { ...props, kind: WATER_KINDS[cls] ?? 'water' } };
    case 'waterway':
      return { layer: 'water', props: { ...props, kind: cls === 'river' || cls === 'canal' ? 'river' : 'stream' } };
    case 'landcover': {
      const [to, kind] = LANDCOVER_KINDS[cls] ?? ['landuse', cls];
      return { layer: to, props: { ...props, kind } };
    }
    case 'landuse':
      return { layer: 'landuse', props: { ...props, kind: cls } };
    case 'park':
      return { layer: 'landuse', props: { ...props, kind: cls === 'nature_reserve' || cls === 'national_park' ? cls : 'park' } };
    case 'transportation':
    case 'transportation_name': {
      const kind = ROAD_KINDS[cls] ?? 'other';
      // A name line runs along the road it names: it is labelled, never painted a second time.
      return { layer: 'roads', props: { ...props, kind, kind_detail: cls, ...(layer === 'transportation_name' ? { label_only: true } : {}) } };
    }
    case 'building':
      return { layer: 'buildings', props: { ...props, kind: 'building' } };
    case 'place': {
      const [kind, minZoom, populationRank] = PLACE_KINDS[cls] ?? ['neighbourhood'];
      return { layer: 'places', props: { ...props, kind, ...(minZoom === undefined ? {} : { min_zoom: minZoom, population_rank: populationRank! }) } };
    }
    case 'boundary': {
      const level = typeof props.admin_level === 'number' ? props.admin_level : 8;
      return { layer: 'boundaries', props: { ...props, kind: level <= 2 ? 'country' : 'region', kind_detail: level } };
    }
    case 'poi':
      return { layer: 'pois', props: { ...props, kind: cls } };
    default:
      return undefined;
  }
}

/**
 * A decoded tile's layers by the names the street style paints: OpenMapTiles' translated to
 * Protomaps', and any layer neither schema names gathered into {@link OTHER_LAYER}.
 */
export function toStreetLayers(layers: Map<string, Feature[]>, schema: VectorSchema): Map<string, Feature[]> {
  const out = new Map<string, Feature[]>();
  const add = (name: string, feature: Feature) => {
    const list = out.get(name);
    if (list) list.push(feature);
    else out.set(name, [feature]);
  };
  for (const [name, features] of layers) {
    for (const feature of features) {
      if (schema === 'protomaps') {
        add(PROTOMAPS_LAYERS.includes(name) ? name : OTHER_LAYER, feature);
        continue;
      }
      const mapped = fromOpenMapTiles(name, feature.props);
      if (mapped) add(mapped.layer, { ...feature, props: mapped.props });
      else add(OTHER_LAYER, feature);
    }
  }
  return out;
}
