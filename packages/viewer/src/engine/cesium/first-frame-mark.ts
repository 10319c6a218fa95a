import type { Scene } from 'cesium';

/** The performance mark of the first frame drawn with the globe's tiles loaded (see bench/viewer.js). */
export const FIRST_FRAME_MARK = 'orbis:first-frame';

/**
 * Marks the first frame drawn with the globe's tiles loaded, the moment a bare CesiumJS page is
 * first complete, so that a page's first frame can be timed by the same rule as Cesium's alone;
 * `data-ready` comes later, once layers and plugins are done too. Resolves at that frame: work
 * that can wait (plugins) starts then, so it does not compete with the globe's own tiles.
 */
export function markFirstFrame(scene: Scene): Promise<void> {
  return new Promise((resolve) => {
    const remove = scene.postRender.addEventListener(() => {
      if (!scene.globe.tilesLoaded && scene.globe.show) return;
      remove();
      performance.mark(FIRST_FRAME_MARK);
      resolve();
    });
  });
}
