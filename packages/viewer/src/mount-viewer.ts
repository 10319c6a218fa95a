import type { Engine, EngineLayer } from './engine/engine.js';
import type { Scene } from './scene.js';

/** What a page needs to show a scene. */
export interface ShownScene {
  property: Scene['property'];
  camera: Scene['camera'];
  layers: EngineLayer[];
}

/**
 * Shows a scene on an engine and marks the viewer element ready for tests (SPEC §4): the first
 * frame drawn with the globe's tiles loaded, and every layer loaded or failed.
 * `pending` are other things to wait for (plugins starting).
 */
export async function showScene(engine: Engine, element: HTMLElement, shown: ShownScene, pending: Promise<unknown>[] = []): Promise<void> {
  element.dataset.testid = 'viewer';
  element.dataset.ready = 'false';
  engine.applyProperty(shown.property);
  engine.setCamera(shown.camera);
  await Promise.all([engine.setLayers(shown.layers), ...pending]);
  await engine.whenSettled();
  element.dataset.ready = 'true';
}
