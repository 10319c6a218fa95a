import {
  Cartesian3,
  Color,
  ColorMaterialProperty,
  ConstantProperty,
  CustomDataSource,
  type Entity,
  Rectangle,
  SceneTransforms,
  type Viewer,
} from 'cesium';
import type { SketchShape } from './engine.js';

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
  showBox(box: { west: number; south: number; east: number; north: number; bottom: number; top: number } | undefined): void {
    if (this.box) this.viewer.entities.remove(this.box);
    this.box = undefined;
    if (box) {
      this.box = this.viewer.entities.add({
        rectangle: {
          coordinates: Rectangle.fromDegrees(box.west, box.south, box.east, box.north),
          height: box.bottom,
          extrudedHeight: box.top,
          material: Color.YELLOW.withAlpha(0.45),
          outline: true,
          outlineColor: Color.YELLOW,
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
      const entities = (owner as { entities?: { values: Entity[] } }).entities?.values ?? [];
      for (const entity of entities) {
        const position = entity.position?.getValue(now) ?? entity.polygon?.hierarchy?.getValue(now)?.positions?.[0];
        if (!position || !entity.isShowing) continue;
        const at = SceneTransforms.worldToWindowCoordinates(this.viewer.scene, position);
        if (at && at.x >= left && at.x <= right && at.y >= top && at.y <= bottom) found.push({ layerId, featureId: entity.id });
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

  private draft: Entity[] = [];
  showSketchDraft(vertices: { lng: number; lat: number }[]): void {
    for (const e of this.draft) this.viewer.entities.remove(e);
    this.draft = vertices.map((v) => this.viewer.entities.add({ position: Cartesian3.fromDegrees(v.lng, v.lat), point: { pixelSize: 8, color: Color.ORANGE } }));
    if (vertices.length > 1) {
      this.draft.push(this.viewer.entities.add({ polyline: { positions: vertices.map((v) => Cartesian3.fromDegrees(v.lng, v.lat)), width: 2, material: Color.ORANGE } }));
    }
    this.viewer.scene.requestRender();
  }

  private sketches: CustomDataSource | undefined;
  addSketch(shape: SketchShape): void {
    if (!this.sketches) {
      this.sketches = new CustomDataSource('sketch');
      void this.viewer.dataSources.add(this.sketches);
      this.owners.set(this.sketches, 'sketch');
    }
    const positions = shape.vertices.map((v) => Cartesian3.fromDegrees(v.lng, v.lat));
    const id = `sketch-${this.sketches.entities.values.length + 1}`;
    if (shape.kind === 'point') this.sketches.entities.add({ id, position: positions[0], point: { pixelSize: 10, color: Color.CYAN } });
    else if (shape.kind === 'line') this.sketches.entities.add({ id, position: positions[0], polyline: { positions, width: 3, material: Color.CYAN } });
    // Raised a little so that a sketch draws, and picks, over flat layers on the ground.
    else this.sketches.entities.add({ id, position: positions[0], polygon: { hierarchy: positions, height: 1000, material: Color.CYAN.withAlpha(0.5), outline: true, outlineColor: Color.CYAN } });
    this.viewer.scene.requestRender();
  }
}
