import { BoundingSphere, Cartesian3, type Scene, SceneTransforms } from 'cesium';
import type { FeatureBatch, ShapePart } from '../../vector/vector-protocol.js';
import { degreesToCartesians, shapeOnScreen } from './shape-on-screen.js';

/**
 * Where a batched layer's features are: each feature's anchor (its first point or vertex, in
 * Cartesian metres, zero when it has none) and each batch's lines and polygons, for framing the
 * layer and for a box selection.
 */
export class FeatureAnchors {
  private readonly anchors: Float64Array[] = [];
  private readonly shapeParts: ShapePart[][] = [];
  private count = 0;

  add(batch: FeatureBatch): void {
    this.anchors.push(batch.anchors);
    this.shapeParts.push(batch.shapes);
    this.count += batch.anchors.length / 3;
  }

  clear(): void {
    this.anchors.length = 0;
    this.shapeParts.length = 0;
    this.count = 0;
  }

  /** A sphere around every feature's anchor (for flying to the layer), once any is added. */
  get boundingSphere(): BoundingSphere | undefined {
    const positions: Cartesian3[] = [];
    // A sample of at most ~10,000 anchors bounds a large layer well enough to frame it.
    const step = Math.max(1, Math.floor(this.count / 10_000));
    let index = 0;
    for (const anchors of this.anchors) {
      for (let i = 0; i < anchors.length; i += 3, index++) {
        if (index % step === 0 && (anchors[i] !== 0 || anchors[i + 1] !== 0 || anchors[i + 2] !== 0))
          positions.push(new Cartesian3(anchors[i], anchors[i + 1], anchors[i + 2]));
      }
    }
    return positions.length ? BoundingSphere.fromPoints(positions) : undefined;
  }

  /** The features inside a screen rectangle, in index order: a point whose anchor is inside, a line or a polygon any part of which is. */
  inRectangle(scene: Scene, left: number, top: number, right: number, bottom: number): number[] {
    const found = new Set<number>();
    const scratch = new Cartesian3();
    let index = 0;
    for (const anchors of this.anchors) {
      for (let i = 0; i < anchors.length; i += 3, index++) {
        if (anchors[i] === 0 && anchors[i + 1] === 0 && anchors[i + 2] === 0) continue;
        const at = SceneTransforms.worldToWindowCoordinates(scene, Cartesian3.fromElements(anchors[i]!, anchors[i + 1]!, anchors[i + 2]!, scratch));
        if (at && at.x >= left && at.x <= right && at.y >= top && at.y <= bottom) found.add(index);
      }
    }
    // A line or polygon whose anchor (its first vertex) is off screen may still cross the rectangle.
    for (const parts of this.shapeParts) {
      for (const part of parts) {
        if (!found.has(part.feature) && shapeOnScreen(scene, part.kind, degreesToCartesians(part.positions), left, top, right, bottom)) found.add(part.feature);
      }
    }
    return [...found].sort((a, b) => a - b);
  }
}
