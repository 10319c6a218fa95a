import type { Appearance } from '@orbis/scene';
import type { EngineLayerData } from '../engine-layer-data.js';
import type { HeatImage } from './heat-grid.js';

/** Where a vector layer's features come from: a URL (fetched in the worker) or inline GeoJSON. */
export interface VectorSource {
  format: 'geojson' | 'csv';
  url?: string;
  headers?: Record<string, string>;
  /** Inline GeoJSON (a plugin's layer) instead of `url`. */
  inline?: unknown;
  data?: EngineLayerData;
}

/** Points of a batch, one entry per point (a MultiPoint gives several), in columns. */
export interface PointColumns {
  /** The index (within the layer) of the feature each point belongs to. */
  feature: Uint32Array;
  /** Cartesian x, y, z (metres, Earth-fixed) per point. */
  positions: Float64Array;
  /** RGBA bytes per point. */
  color: Uint8Array;
  outlineColor: Uint8Array;
  size: Float32Array;
  outlineWidth: Float32Array;
  /** 1 shown, 0 hidden (the appearance's `show`). */
  show: Uint8Array;
  /** 1 where the marker is clamped to the ground. */
  clamp: Uint8Array;
  /** Per point: the image URL of an image marker and its scale, or undefined for a point. */
  image: (string | undefined)[];
  imageSize: Float32Array;
  /** Per point: the label's text, size (px) and RGBA colour, or undefined for no label. */
  label: (string | undefined)[];
  labelSize: Float32Array;
  labelColor: Uint8Array;
}

/** A line or a polygon part of a feature, with its resolved style. */
export interface ShapePart {
  feature: number;
  kind: 'line' | 'polygon';
  /** Degrees and metres: [lng, lat, height, lng, lat, height, …]; for a polygon, its outer ring. */
  positions: number[];
  /** A polygon's holes, in the same form. */
  holes?: number[][];
  show: boolean;
  /** Line: its colour; polygon: its outline's. RGBA bytes. */
  strokeColor: [number, number, number, number];
  strokeWidth: number;
  /** Polygon only. */
  fill?: [number, number, number, number];
  stroke?: boolean;
  /**
   * Polygon only: the lines of its outline when they are not its rings (a tile's edge cut it, and
   * the cut is no outline; docs/viewer.md "Tiles"), in the form of `positions`.
   */
  outline?: number[][];
  extrudedHeight?: number;
  clamp: boolean;
}

/** A slice of a layer's features as the worker hands them to the page. */
export interface FeatureBatch {
  /** The layer index of this batch's first feature. */
  start: number;
  /** Features in it. */
  count: number;
  /** Their ids; none when each is its feature's 1-based layer index (a file whose features have no `id`). */
  ids?: string[];
  /**
   * Their properties, as the JSON text of an array: one string crosses to the page and stays
   * there unparsed until a feature is read (FeatureTable), not an object per feature.
   */
  properties: string;
  /** One representative Cartesian position per feature (selection rectangles). */
  anchors: Float64Array;
  points: PointColumns;
  shapes: ShapePart[];
  /**
   * A time-dynamic layer's (docs/contract.md §18 `data.time`): per feature, the start and end of
   * the interval it shows in, ms since 1970 (start NaN: no time, always shown; end Infinity: from
   * its start on).
   */
  times?: Float64Array;
}

/** How a layer's points are clustered (docs/contract.md §18 `cluster`, defaults filled in): radius in screen pixels, the deepest zoom clustered. */
export interface ClusterOptions {
  radius: number;
  maxZoom: number;
}

/** How a layer's points are drawn as a heat map (docs/contract.md §18 `heatmap`, defaults filled in): a blur radius in pixels of its image, its colours low to high. */
export interface HeatmapOptions {
  radius: number;
  ramp: string[];
}

/** Page → worker. */
export type VectorRequest =
  | {
      type: 'load';
      source: VectorSource;
      appearance?: Appearance;
      batchSize: number;
      smallAt: number;
      cluster?: ClusterOptions;
      heatmap?: HeatmapOptions;
      /** Its group's opacity (docs/contract.md §18), for the load and every restyle; 1 when absent. */
      opacity?: number;
    }
  /** The clusters and lone points of a clustered layer in a box (degrees, west south east north) at a zoom; `seq` comes back with the answer. */
  | { type: 'clusters'; seq: number; bbox: [number, number, number, number]; zoom: number }
  /** The zoom at which a cluster splits. */
  | { type: 'expand'; seq: number; clusterId: number }
  /** A clustered time-dynamic layer's clock (ms since 1970): its clusters count the points whose interval holds it. */
  | { type: 'time'; now: number }
  /** `generation` counts the layer's restyles: the worker's batches and `done` carry the one they answer. */
  | { type: 'restyle'; appearance?: Appearance; generation: number };

/** Worker → page. */
export type VectorReply =
  /** The layer is small (at most `smallAt` features): here is its parsed data, for CesiumJS's entities. */
  | {
      type: 'small';
      geojson?: unknown;
      csv?: { points: { lng: number; lat: number; height?: number; properties: Record<string, unknown> }[]; skipped: number };
    }
  /** The layer's size; a time-dynamic layer's (docs/contract.md §18 `data.time`) earliest start and latest end or start, ms since 1970. */
  | { type: 'count'; features: number; skipped: number; timeRange?: [number, number] }
  /** A `clusters` answer: per cluster or lone point, its lng, lat, count and key (a cluster's id; a lone point's feature index), flat. */
  | { type: 'clusters'; seq: number; items: Float64Array }
  | { type: 'expand'; seq: number; zoom: number }
  /** A `time` done: `changed` when the clusters were indexed again (the page asks for its view's again). */
  | { type: 'timed'; changed: boolean }
  /** A heat map layer's image, once its points are read and again when the points shown change (null: none is shown). */
  | { type: 'heat'; image: HeatImage | null }
  /** `generation`: the restyle the batch answers (absent: the first load, or a tile's). */
  | { type: 'batch'; batch: FeatureBatch; generation?: number }
  | { type: 'done'; generation?: number }
  | { type: 'error'; message: string; generation?: number };

/** Page → a tile layer's worker (an `mvt` layer, docs/contract.md §13): the style first, then tiles. */
export type TileWorkerRequest =
  | { type: 'style'; appearance?: Appearance; batchSize: number; layers?: string[]; opacity?: number }
  | { type: 'tile'; key: string; url: string; headers?: Record<string, string>; z: number; x: number; y: number };

/** Tile worker → page: a tile's features announced, in batches, and done; or why it failed. */
export type TileWorkerReply = { key: string } & Extract<VectorReply, { type: 'count' | 'batch' | 'done' | 'error' }>;
