import { CallbackProperty, Cartesian3, Color, CustomDataSource, type Entity, PolygonHierarchy, ShadowMode, type Viewer } from 'cesium';
import type { SketchFeature } from '@orbis/plugin-api';
import { type SketchDraft, type SketchLook, SKETCH_FLAT_RAISE } from '../engine.js';

const toCartesian = (points: [number, number, number][]) => points.map(([lng, lat, h]) => Cartesian3.fromDegrees(lng, lat, h));
const cssColor = (css: string) => Color.fromCssColorString(css) ?? Color.CYAN;
/** Points stay visible in front of the globe while they are drawn. */
const ALWAYS_ON_TOP = Number.POSITIVE_INFINITY;

/**
 * The sketch tool's drawing on CesiumJS: the shape being drawn (a rubber band whose outline and
 * height follow the pointer every frame through callback properties) and the `sketch` layer of
 * finished shapes: flat ones just above the ground layers, extruded ones as solids.
 */
export class CesiumSketch {
  private draft: SketchDraft | undefined;
  private draftPoints: Entity[] = [];
  private draftShape: Entity[] = [];
  private layer: CustomDataSource | undefined;

  constructor(
    private readonly viewer: Viewer,
    private readonly owners: Map<object, string>,
  ) {}

  showDraft(draft: SketchDraft | undefined): void {
    const { entities } = this.viewer;
    const changed =
      !draft || !this.draft || draft.points.length !== this.draft.points.length || draft.color !== this.draft.color || draft.shadows !== this.draft.shadows;
    this.draft = draft;
    if (changed) {
      for (const e of [...this.draftPoints, ...this.draftShape]) entities.remove(e);
      this.draftPoints = [];
      this.draftShape = [];
    }
    if (!draft) return this.viewer.scene.requestRender();
    if (changed) {
      const color = cssColor(draft.color);
      this.draftPoints = toCartesian(draft.points).map((position) =>
        entities.add({ position, point: { pixelSize: 8, color, outlineColor: Color.WHITE, outlineWidth: 2, disableDepthTestDistance: ALWAYS_ON_TOP } }),
      );
      const outline = () => toCartesian(this.draft?.ring ?? this.draft?.line ?? []);
      this.draftShape.push(entities.add({ polyline: { positions: new CallbackProperty(outline, false), width: 2, material: color } }));
      this.draftShape.push(
        entities.add({
          polygon: {
            hierarchy: new CallbackProperty(() => new PolygonHierarchy(toCartesian(this.draft?.ring ?? [])), false),
            height: 0,
            extrudedHeight: new CallbackProperty(() => this.draft?.extrudedHeight ?? 0, false),
            material: color.withAlpha(0.3),
            // As Re:Earth's sketch: shadows on (CesiumJS's entity default is off) unless `disableShadow`.
            shadows: draft.shadows ? ShadowMode.ENABLED : ShadowMode.DISABLED,
          },
        }),
      );
    }
    this.viewer.scene.requestRender();
  }

  add(feature: SketchFeature, look: SketchLook): void {
    if (!this.layer) {
      this.layer = new CustomDataSource('sketch');
      void this.viewer.dataSources.add(this.layer);
      this.owners.set(this.layer, 'sketch');
    }
    const color = cssColor(look.color);
    const stroke = look.strokeColor !== undefined ? cssColor(look.strokeColor) : color;
    const fill = look.fillColor !== undefined ? cssColor(look.fillColor) : color.withAlpha(0.5);
    const { geometry, properties, id } = feature;
    // An edited shape replaces its earlier self.
    const earlier = this.layer.entities.getById(id);
    if (earlier) this.layer.entities.remove(earlier);
    const height = properties.extrudedHeight;
    if (geometry.type === 'Point') {
      const [lng, lat, h] = geometry.coordinates;
      this.layer.entities.add({
        id,
        position: Cartesian3.fromDegrees(lng, lat, h),
        point: {
          pixelSize: look.pointSize ?? 10,
          color: look.pointColor !== undefined ? cssColor(look.pointColor) : color,
          outlineColor: Color.WHITE,
          outlineWidth: 2,
          disableDepthTestDistance: ALWAYS_ON_TOP,
        },
      });
    } else if (geometry.type === 'LineString') {
      const positions = toCartesian(geometry.coordinates);
      this.layer.entities.add({ id, position: positions[0], polyline: { positions, width: look.strokeWidth ?? 3, material: stroke } });
    } else {
      const positions = toCartesian(geometry.coordinates[0] ?? []);
      this.layer.entities.add(
        height > 0
          ? {
              id,
              position: positions[0],
              polygon: { hierarchy: positions, height: 0, extrudedHeight: height, material: fill, outline: true, outlineColor: stroke },
            }
          : // Raised a little so that it draws, and picks, over flat layers on the ground.
            {
              id,
              position: positions[0],
              polygon: { hierarchy: positions, height: SKETCH_FLAT_RAISE, material: fill },
              // Polygon outlines are 1 px in WebGL: the edge is a line of its own, at the fill's height.
              polyline: {
                positions: toCartesian((geometry.coordinates[0] ?? []).map(([lng, lat]) => [lng, lat, SKETCH_FLAT_RAISE])),
                width: look.strokeWidth ?? 2,
                material: stroke,
              },
            },
      );
    }
    this.viewer.scene.requestRender();
  }
}
