// app.sketch (docs/contract.md §8): Re:Earth v2's sketch tool. Longitudes and latitudes in degrees, heights in metres
// (but `properties.positions` are Cartesian metres, as in Re:Earth).
import type { ListenerOptions } from './common.js';

/** The shapes the sketch tool draws. */
export type SketchType = 'marker' | 'polyline' | 'polygon' | 'circle' | 'rectangle' | 'extrudedCircle' | 'extrudedRectangle' | 'extrudedPolygon';

/** How the sketch tool draws; every field optional. */
export interface SketchOptions {
  /** The shape's colour, a CSS colour string. */
  color?: string;
  /** The result is reported (`create`), not drawn. */
  dataOnly?: boolean;
  /** A right-click aborts the shape being drawn (default true). */
  rightClickToAbort?: boolean;
  /** The extruded shape being drawn casts and receives no shadows (it does by default where the scene shows shadows, as on Re:Earth). */
  disableShadow?: boolean;
  /** Kept and read back, and not applied, as on Re:Earth, whose engine dropped it (reearth/core `a9fcb9c`). */
  enableRelativeHeight?: boolean;
  /**
   * How a finished shape is drawn, as Re:Earth's layer appearance of its kind: `marker`
   * (`pointColor`, `pointSize`), `polyline` (`strokeColor`, `strokeWidth`) and `polygon` (`fillColor`,
   * `strokeColor`, `strokeWidth`; circles, rectangles and extruded shapes too). Colours are CSS
   * strings, sizes pixels; what it does not say is drawn in `color`.
   * @example app.sketch.overrideOptions({ appearance: { polygon: { fillColor: '#ff000080', strokeWidth: 4 } } });
   */
  appearance?: {
    marker?: { pointColor?: string; pointSize?: number };
    polyline?: { strokeColor?: string; strokeWidth?: number };
    polygon?: { fillColor?: string; strokeColor?: string; strokeWidth?: number };
  };
  /** After one shape, the interaction mode goes back to `default` (and the tool is put away), as on Re:Earth. */
  autoResetInteractionMode?: boolean;
  /** Re:Earth's other options (marker labels …) are kept and read back. */
  [option: string]: unknown;
}

/** A finished sketch: a GeoJSON Feature in degrees. */
export interface SketchFeature {
  type: 'Feature';
  id: string;
  geometry:
    | { type: 'Point'; coordinates: [lng: number, lat: number, height: number] }
    | { type: 'LineString'; coordinates: [number, number, number][] }
    | { type: 'Polygon'; coordinates: [number, number, number][][] };
  properties: {
    id: string;
    type: SketchType;
    /**
     * The clicked control points (for a circle: its centre and a point on its edge) as Re:Earth
     * gives them: Cartesian `[x, y, z]`, Earth-centred Earth-fixed metres on WGS84 (CesiumJS's
     * `Cartesian3`), not degrees. The degrees are in `geometry`.
     */
    positions: [x: number, y: number, z: number][];
    /** Metres above the ground: 0 for flat shapes. */
    extrudedHeight: number;
  };
}

/** What `create` and `update` listeners get. `layerId` is absent for a `dataOnly` sketch. */
export interface SketchEventProps {
  layerId?: string;
  featureId: string;
  feature: SketchFeature;
}

export interface SketchEvents {
  /** A shape was finished. */
  create: SketchEventProps;
  /**
   * A drawn shape was edited: a control point of the last drawn shape dragged in `sketch` mode.
   * Same shape as `create`, for the same `featureId`.
   */
  update: SketchEventProps;
  /** The tool changed (`setTool`, or the user's own choice): the new tool or `undefined`. */
  toolChange: SketchType | undefined;
}

/**
 * `app.sketch`: draw shapes on the globe. A click adds a vertex, a double-click finishes;
 * `marker` takes one click; `circle` and `rectangle` two (centre and edge, or two corners); an
 * extruded shape one more move and click for its height; a right-click aborts.
 */
export interface Sketch {
  /** The tool now, or `undefined`. @example if (app.sketch.tool === 'polygon') console.log('drawing'); */
  readonly tool: SketchType | undefined;
  /** The options now. @example const { color } = app.sketch.options; */
  readonly options: SketchOptions;
  /**
   * Picks a tool (and sets the interaction mode to `sketch`), or `undefined` to stop. Anything else
   * throws a TypeError and changes nothing.
   * @example app.sketch.setTool('polygon');
   * @example app.sketch.setTool(undefined);
   */
  setTool(type: SketchType | undefined): void;
  /** Merges into the options. @example app.sketch.overrideOptions({ color: '#00bcd4', dataOnly: true }); */
  overrideOptions(options: SketchOptions): void;
  /**
   * @example app.sketch.on('create', ({ feature }) => console.log(feature.geometry.type, feature.properties.extrudedHeight));
   * @example app.sketch.on('toolChange', (tool) => console.log(tool ?? 'none'));
   */
  on<E extends keyof SketchEvents>(event: E, listener: (event: SketchEvents[E]) => void, options?: ListenerOptions): () => void;
  /** @example app.sketch.off('create', onCreate); */
  off<E extends keyof SketchEvents>(event: E, listener: (event: SketchEvents[E]) => void): void;
}
