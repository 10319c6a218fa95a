import { Cartesian2, ConstantProperty, type Entity, SceneTransforms, type Viewer } from 'cesium';
import { isBehindHorizon } from '../horizon.js';
import { declutter, type ScreenBox } from '../label-declutter.js';

/** Roughly how wide a sans-serif character is, for its font size: enough to tell labels apart. */
const CHARACTER_WIDTH = 0.6;
/** The dark outline styleEntities gives every label, in pixels, on each side. */
const OUTLINE = 3;

/**
 * Keeps the labels of one layer from piling up: after each frame, the labels of each layer drawn
 * as entities are placed in the layer's order (its first feature has the highest priority) and
 * each one that would overlap a label already placed is hidden, until the view changes. Layers
 * do not hide each other's labels. `owners` maps each loaded data source to its layer id.
 */
export class CesiumLabelDeclutter {
  constructor(
    private readonly viewer: Viewer,
    private readonly owners: Map<object, string>,
  ) {}

  /** Places the labels again for the frame just drawn; asks for one more frame when a label changed. */
  update(): void {
    let changed = false;
    for (const owner of this.owners.keys()) {
      const entities = (owner as { entities?: { values: Entity[] } }).entities?.values;
      if (!entities) continue;
      const labelled = entities.filter((e) => e.label !== undefined && e.isShowing);
      if (labelled.length === 0) continue;
      const shown = declutter(labelled.map((e) => this.boxOf(e)));
      labelled.forEach((entity, i) => {
        const label = entity.label!;
        const now = label.show?.getValue(this.viewer.clock.currentTime) ?? true;
        if (now === shown[i]) return;
        label.show = new ConstantProperty(shown[i]);
        changed = true;
      });
    }
    if (changed) this.viewer.scene.requestRender();
  }

  /** The label's box on screen (centred above its place: styleEntities' origin), or undefined where it is not seen. */
  private boxOf(entity: Entity): ScreenBox | undefined {
    const { scene, clock } = this.viewer;
    const time = clock.currentTime;
    const position = entity.position?.getValue(time);
    if (!position) return undefined;
    const camera = scene.camera.positionWC;
    const radii = scene.globe.ellipsoid.radii;
    if (isBehindHorizon([radii.x, radii.y, radii.z], [camera.x, camera.y, camera.z], [position.x, position.y, position.z])) return undefined;
    const at = SceneTransforms.worldToWindowCoordinates(scene, position);
    if (!at) return undefined;
    const label = entity.label!;
    const text = String(label.text?.getValue(time) ?? '');
    const size = Number(/([\d.]+)px/.exec(String(label.font?.getValue(time) ?? ''))?.[1] ?? 14);
    const offset = (label.pixelOffset?.getValue(time) as Cartesian2 | undefined) ?? Cartesian2.ZERO;
    const halfWidth = (text.length * size * CHARACTER_WIDTH) / 2 + OUTLINE;
    const bottom = at.y + offset.y + OUTLINE;
    return [at.x + offset.x - halfWidth, bottom - size - 2 * OUTLINE, at.x + offset.x + halfWidth, bottom];
  }
}
