import { type Static, Type } from '@sinclair/typebox';
import { CssColorSchema, stringEnum } from './appearance-schema.js';
import { FEATURE_LAYER_TYPES, type SceneLayerType } from './layer-types.js';
import type { LayerTime } from './layer-time.js';

/**
 * docs/contract.md §18: the map maker's layer fields. A layer names its group (`group`, an id of
 * `scene.groups`: the layers stay one flat list, as Re:Earth's plugins read them); a point layer
 * may be clustered or drawn as a heat map; `data.time` reads each feature's time from a property
 * (Re:Earth's `data.time`); `filters` are what a visitor may narrow the layer by.
 */

const closed = { additionalProperties: false } as const;
const Id = Type.String({ pattern: '^[A-Za-z0-9_-]{1,100}$' });
const PropertyName = Type.String({ minLength: 1, maxLength: 200 });

/** A group of layers: its title in the editor and the published page's legend, its visibility and opacity. */
export const LayerGroupSchema = Type.Object(
  {
    id: Id,
    title: Type.String({ pattern: '\\S', maxLength: 200 }),
    visible: Type.Optional(Type.Boolean()),
    opacity: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
  },
  closed,
);

/** Points drawn as clusters with counts: `radius` in screen pixels (default 60), clustered up to zoom `maxZoom` (default 16). */
export const ClusterSchema = Type.Object(
  {
    enabled: Type.Boolean(),
    radius: Type.Optional(Type.Number({ minimum: 1, maximum: 500 })),
    maxZoom: Type.Optional(Type.Integer({ minimum: 0, maximum: 24 })),
  },
  closed,
);

/**
 * Points drawn as a density heat map: `radius` in pixels of the heat map's image, which spans the
 * layer's points in 512 (default 20), `ramp` low to high density (default HEATMAP_RAMP).
 */
export const HeatmapSchema = Type.Object(
  {
    radius: Type.Optional(Type.Number({ minimum: 1, maximum: 200 })),
    ramp: Type.Optional(Type.Array(CssColorSchema, { minItems: 2, maxItems: 16 })),
  },
  closed,
);

export const FILTER_TYPES = ['range', 'choice'] as const;

/** What a visitor may narrow a layer by: a range of a number or date property, or choices among a text property's values. */
export const LayerFilterSchema = Type.Object(
  {
    property: PropertyName,
    type: stringEnum(FILTER_TYPES),
    label: Type.Optional(Type.String({ pattern: '\\S', maxLength: 200 })),
  },
  closed,
);

/** The fields §18 adds to a layer, spread into LayerSchema. */
export const LAYER_TOOL_FIELDS = {
  group: Type.Optional(Id),
  cluster: Type.Optional(ClusterSchema),
  heatmap: Type.Optional(HeatmapSchema),
  filters: Type.Optional(Type.Array(LayerFilterSchema, { maxItems: 20 })),
};

export type LayerGroup = Static<typeof LayerGroupSchema>;
export type LayerCluster = Static<typeof ClusterSchema>;
export type LayerHeatmap = Static<typeof HeatmapSchema>;
export type LayerFilter = Static<typeof LayerFilterSchema>;
export type FilterType = (typeof FILTER_TYPES)[number];

/** What layerToolsProblem reads of a layer. */
interface ToolLayer {
  type: SceneLayerType;
  group?: string;
  cluster?: LayerCluster;
  heatmap?: LayerHeatmap;
  filters?: LayerFilter[];
  data?: { time?: LayerTime };
}

/**
 * The §18 rules JSON Schema cannot say, for one layer at `path`: its group is one of `groups`;
 * clusters, heat maps, time and filters only on feature layers; a layer is clustered or a heat map,
 * not both; a time's end is a property or a duration, not both; a property is filtered once per type.
 */
export function layerToolsProblem(layer: ToolLayer, path: string, groups: ReadonlySet<string>): { path: string; message: string } | undefined {
  if (layer.group !== undefined && !groups.has(layer.group)) return { path: `${path}.group`, message: `names no group of scene.groups ("${layer.group}")` };
  const onFeatures = FEATURE_LAYER_TYPES.includes(layer.type);
  for (const key of ['cluster', 'heatmap', 'filters'] as const) {
    if (layer[key] !== undefined && !onFeatures) return { path: `${path}.${key}`, message: `applies only to ${FEATURE_LAYER_TYPES.join(', ')} layers` };
  }
  if (layer.cluster?.enabled && layer.heatmap !== undefined)
    return { path: `${path}.heatmap`, message: 'a layer is drawn clustered or as a heat map, not both: turn cluster.enabled off or remove heatmap' };
  const time = layer.data?.time;
  if (time?.endProperty !== undefined && time.duration !== undefined)
    return { path: `${path}.data.time.duration`, message: 'takes the place of endProperty: give one or the other' };
  const seen = new Set<string>();
  for (const [i, filter] of (layer.filters ?? []).entries()) {
    const key = `${filter.type}:${filter.property}`;
    if (seen.has(key)) return { path: `${path}.filters[${i}]`, message: `repeats the ${filter.type} filter of "${filter.property}"` };
    seen.add(key);
  }
  return undefined;
}
