import type { InlineFeature, InlineGeoJson, Layer, Scene } from '@orbis/scene';
import { emptyCollection } from './drawn-features.js';

/**
 * The layer the editor's drawing tool keeps its features in (docs/viewer.md, "Drawing in the editor"): the
 * scene's first `sketch` layer (docs/contract.md §18, its features in `data.value`).
 */
export function drawingLayerOf(scene: Scene): (Layer & { data: { value: InlineGeoJson } }) | undefined {
  return scene.layers.find((l): l is Layer & { data: { value: InlineGeoJson } } => l.type === 'sketch' && l.data?.value !== undefined);
}

/**
 * A new drawing layer: no fields yet, its features in a colour that shows on imagery, an extruded
 * polygon raised to its `extrudedHeight` property (a flat one, which has none, lies on the ground).
 */
export function newDrawingLayer(id: string, title: string): Layer & { data: { value: InlineGeoJson } } {
  return {
    id,
    title,
    type: 'sketch',
    visible: true,
    data: { value: emptyCollection(), fields: [] },
    appearance: {
      marker: { pointColor: '#ff5ca8', pointSize: 12, pointOutlineColor: '#ffffff', pointOutlineWidth: 2 },
      polyline: { strokeColor: '#ff5ca8', strokeWidth: 3 },
      polygon: {
        fillColor: 'rgba(255, 92, 168, 0.45)',
        strokeColor: '#ff5ca8',
        extrudedHeight: {
          conditions: [
            ['${extrudedHeight} === undefined', '0'],
            ['true', '${extrudedHeight}'],
          ],
        },
      },
    },
  };
}

/**
 * Changes the drawing layer's features in `scene` (the editor's live scene, so a teammate sees the
 * change and undo takes it back), making the layer first when the scene has none.
 */
export function changeDrawing(
  scene: Scene,
  newLayer: () => Layer & { data: { value: InlineGeoJson } },
  change: (value: InlineGeoJson) => InlineGeoJson,
): string {
  let layer = drawingLayerOf(scene);
  if (!layer) {
    layer = newLayer();
    scene.layers.push(layer);
  }
  layer.data = { ...layer.data, value: change(layer.data.value) };
  return layer.id;
}

/** A drawing layer's feature by id. */
export const featureOf = (layer: { data: { value: InlineGeoJson } } | undefined, id: string | undefined): InlineFeature | undefined =>
  id === undefined ? undefined : layer?.data.value.features.find((f) => f.id === id);
