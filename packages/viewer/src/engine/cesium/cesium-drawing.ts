import {
  type Cartesian3,
  Color,
  ColorMaterialProperty,
  ConstantProperty,
  type Entity,
  type JulianDate,
  type PolygonHierarchy,
  Rectangle,
  type Scene,
  SceneTransforms,
  type Viewer,
} from 'cesium';
import type { SketchFeature } from '@orbis/plugin-api';
import { CesiumSketch } from './cesium-sketch.js';
import type { SketchDraft, SketchLook } from '../engine.js';
import { BatchedLayer } from './vector/batched-layer.js';
import { shapeOnScreen } from './vector/shape-on-screen.js';

/**
 * What the interaction modes draw over the scene: the Spatial ID box, the selection highlight,
 * the sketch being drawn and the `sketch` layer. `owners` maps each loaded data source to its
 * layer id (shared with the engine), so selections and sketches know their layers.
 */
export class SceneDrawing {
  constructor(
    private readonly viewer: Viewer,
    private readonly owners: Map<object, string>,
  ) {}

  private box: Entity | undefined;
  showBox(
    box: { west: number; south: number; east: number; north: number; bottom: number; top: number } | undefined,
    colors: { color?: string; outlineColor?: string } = {},
  ): void {
    if (this.box) this.viewer.entities.remove(this.box);
    this.box = undefined;
    if (box) {
      this.box = this.viewer.entities.add({
        rectangle: {
          coordinates: Rectangle.fromDegrees(box.west, box.south, box.east, box.north),
          height: box.bottom,
          extrudedHeight: box.top,
          material: colors.color ? Color.fromCssColorString(colors.color) : Color.YELLOW.withAlpha(0.45),
          outline: true,
          outlineColor: colors.outlineColor ? Color.fromCssColorString(colors.outlineColor) : Color.YELLOW,
        },
      });
    }
    this.viewer.scene.requestRender();
  }

  featuresInRect(x0: number, y0: number, x1: number, y1: number): { layerId: string; featureId: string }[] {
    const [left, right, top, bottom] = [Math.min(x0, x1), Math.max(x0, x1), Math.min(y0, y1), Math.max(y0, y1)];
    const now = this.viewer.clock.currentTime;
    const found: { layerId: string; featureId: string }[] = [];
    for (const [owner, layerId] of this.owners) {
      if (owner instanceof BatchedLayer) {
        for (const featureId of owner.featuresIn(left, top, right, bottom)) found.push({ layerId, featureId });
        continue;
      }
      const entities = (owner as { entities?: { values: Entity[] } }).entities?.values ?? [];
      for (const entity of entities) {
        if (!entity.isShowing) continue;
        const inside = entityOnScreen(this.viewer.scene, entity, now, left, top, right, bottom);
        if (inside) found.push({ layerId, featureId: entity.id });
      }
    }
    return found;
  }

  private highlighted: { entity: Entity; restore: () => void }[] = [];
  highlightFeatures(features: { layerId: string; featureId: string }[]): void {
    for (const h of this.highlighted) h.restore();
    this.highlighted = [];
    const wanted = new Set(features.map((f) => `${f.layerId}\u0000${f.featureId}`));
    for (const [owner, layerId] of this.owners) {
      if (owner instanceof BatchedLayer) {
        owner.highlight(features.filter((f) => f.layerId === layerId).flatMap((f) => owner.indexOf(f.featureId) ?? []));
        continue;
      }
      for (const entity of (owner as { entities?: { values: Entity[] } }).entities?.values ?? []) {
        if (!wanted.has(`${layerId}\u0000${entity.id}`)) continue;
        const billboard = entity.billboard;
        const polygon = entity.polygon;
        const point = entity.point;
        const polyline = entity.polyline;
        if (point) {
          const [color, outline, width] = [point.color, point.outlineColor, point.outlineWidth];
          point.color = new ConstantProperty(Color.YELLOW);
          point.outlineColor = new ConstantProperty(Color.BLACK);
          point.outlineWidth = new ConstantProperty(2);
          this.highlighted.push({ entity, restore: () => Object.assign(point, { color, outlineColor: outline, outlineWidth: width }) });
        } else if (polyline) {
          const before = polyline.material;
          polyline.material = new ColorMaterialProperty(Color.YELLOW);
          this.highlighted.push({ entity, restore: () => (polyline.material = before) });
        } else if (billboard) {
          const before = billboard.color;
          billboard.color = new ConstantProperty(Color.YELLOW);
          this.highlighted.push({ entity, restore: () => (billboard.color = before) });
        } else if (polygon) {
          const before = polygon.material;
          polygon.material = new ColorMaterialProperty(Color.YELLOW.withAlpha(0.8));
          this.highlighted.push({ entity, restore: () => (polygon.material = before) });
        }
      }
    }
    this.viewer.scene.requestRender();
  }

  private sketchDrawing: CesiumSketch | undefined;
  private get sketch(): CesiumSketch {
    return (this.sketchDrawing ??= new CesiumSketch(this.viewer, this.owners));
  }
  showSketchDraft(draft: SketchDraft | undefined): void {
    this.sketch.showDraft(draft);
  }

  addSketch(feature: SketchFeature, look: SketchLook): void {
    this.sketch.add(feature, look);
  }
}

/**
 * Whether an entity shows inside a screen rectangle: any part of its polygon or polyline (a polygon
 * larger than the view is inside), else its position (a point, billboard or label).
 */
function entityOnScreen(scene: Scene, entity: Entity, now: JulianDate, left: number, top: number, right: number, bottom: number): boolean {
  // A shape first (a sketch's polygon has a position too, its first vertex), then a position.
  const ring = (entity.polygon?.hierarchy?.getValue(now) as PolygonHierarchy | undefined)?.positions;
  if (ring) return shapeOnScreen(scene, 'polygon', ring, left, top, right, bottom);
  const line = entity.polyline?.positions?.getValue(now) as Cartesian3[] | undefined;
  if (line) return shapeOnScreen(scene, 'line', line, left, top, right, bottom);
  const position = entity.position?.getValue(now);
  if (!position) return false;
  const at = SceneTransforms.worldToWindowCoordinates(scene, position);
  return at !== undefined && at.x >= left && at.x <= right && at.y >= top && at.y <= bottom;
}
