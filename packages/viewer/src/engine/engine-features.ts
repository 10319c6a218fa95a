import type { Infobox, InfoboxFormat } from '@orbis/scene';

/** The kinds of geometry a layer's features have, named as docs/contract.md §7's appearance keys. */
export type GeometryKind = 'marker' | 'polyline' | 'polygon';

/** A feature of a layer: the layer's id and the feature's id within it. */
export interface FeatureRef {
  layerId: string;
  featureId: string;
}

/** What a feature's infobox shows, as plain text. */
export interface FeatureInfo {
  title: string;
  /** Each field's value as text, with the §14 `format` the infobox shows it in. */
  fields: { label: string; value: string; format?: InfoboxFormat }[];
  /**
   * The feature's own description, as the data holds it (a KML balloon, a CZML `description`): HTML from anywhere,
   * to be sanitized before it is shown. Only where the layer's infobox lists no fields (its default form).
   */
  description?: string;
  /**
   * The feature itself, for the infobox's built-in blocks (docs/viewer.md): its properties, and
   * an expression of docs/contract.md §7 evaluated for it (undefined where it fails).
   */
  feature?: { properties: Record<string, unknown>; evaluate: (expression: string) => unknown };
  /** `raster`: a raster layer's pixel (docs/contract.md §17), whose fields are its bands by number, a blank value no data. */
  kind?: 'raster';
}

/** What the engine tells about the features of the scene's layers (docs/contract.md §7 infobox and legend). */
export interface EngineFeatures {
  /** The topmost feature drawn at a viewer pixel, if any. */
  featureAt(x: number, y: number): FeatureRef | undefined;
  /** The pixel of the topmost shown raster layer with data at a viewer pixel, read from the server, if any (docs/contract.md §17). */
  rasterAt(x: number, y: number): Promise<FeatureRef | undefined>;
  /**
   * A feature's infobox: `infobox.title` and each field's value evaluated for the feature by the
   * styling language, or, without `fields`, every property. Undefined when there is no such feature.
   */
  featureInfo(feature: FeatureRef, infobox?: Infobox): FeatureInfo | undefined;
  /** The properties of every feature of a loaded layer (what the style panel offers to style by); of a 3D Tiles layer, its loaded tiles' features. */
  featureProperties(layerId: string): Record<string, unknown>[];
  /** The kinds of geometry a loaded layer's features have (what the style panel offers to style). */
  geometryKinds(layerId: string): GeometryKind[];
  /** The CSS colour (`rgba(…)`) an expression gives when it reads no property (a legend swatch), if it gives one. */
  expressionColor(expression: string): string | undefined;
}
