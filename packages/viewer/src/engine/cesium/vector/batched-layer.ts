import type { Appearance } from '@orbis/scene';
import type { BoundingSphere, PrimitiveCollection } from 'cesium';
import type { GeometryKind } from '../../engine-features.js';

/**
 * A vector layer drawn by the batched path (docs/viewer.md, "Large layers"): a whole file
 * (CesiumVectorLayer) or the tiles in view (CesiumTileLayer). Its features are known by an index,
 * which a picked primitive's VectorPick carries; the engine reads them through these members.
 */
export abstract class BatchedLayer {
  abstract readonly primitives: PrimitiveCollection;
  abstract get show(): boolean;
  abstract set show(value: boolean);
  /** Whether what is to be drawn is drawn (every batch added and every primitive built). */
  abstract get ready(): boolean;
  /** Draws every feature again with another appearance. */
  abstract restyle(appearance: Appearance | undefined): void;
  abstract featureId(index: number): string | undefined;
  /** The feature's name, as CesiumJS's GeoJSON reader would give it. */
  abstract name(index: number): string | undefined;
  abstract properties(index: number): Record<string, unknown> | undefined;
  /** Every feature's properties (the style panel's figures, the legend). */
  abstract allProperties(): Record<string, unknown>[];
  /** The kinds of geometry of the features drawn. */
  abstract geometryKinds(): Set<GeometryKind>;
  abstract indexOf(id: string): number | undefined;
  /** A sphere around the features drawn, to fly to. */
  abstract get boundingSphere(): BoundingSphere | undefined;
  /** The ids of the shown features whose anchor shows inside a screen rectangle. */
  abstract featuresIn(left: number, top: number, right: number, bottom: number): string[];
  /** Draws these features in the highlight colour, and the ones highlighted before as they were. */
  abstract highlight(indices: number[]): void;
  abstract destroy(): void;
}
