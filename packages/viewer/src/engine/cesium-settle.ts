import type { Viewer } from 'cesium';

/**
 * Resolves at the first frame drawn with the globe's visible tiles loaded, every data source's
 * features built (CesiumJS builds geometry over several frames) and `layersDrawn()` true (models
 * and 3D tiles ready), so that what the page shows can be picked; or after `maxWaitMs`, with a
 * warning, so that a tile or model that never arrives cannot keep the page from ever being ready.
 */
export function whenSettled(viewer: Viewer, layersDrawn: () => boolean, maxWaitMs: number): Promise<void> {
  const { scene } = viewer;
  return new Promise((resolve) => {
    const done = () => {
      remove();
      clearTimeout(limit);
      resolve();
    };
    const check = () => {
      if ((scene.globe.tilesLoaded || !scene.globe.show) && viewer.dataSourceDisplay.ready && layersDrawn()) done();
      else scene.requestRender();
    };
    const remove = scene.postRender.addEventListener(check);
    const limit = setTimeout(() => {
      console.warn(`[orbis] the globe's tiles or the layers were still loading after ${maxWaitMs / 1000} s; showing what there is`);
      done();
    }, maxWaitMs);
    scene.requestRender();
  });
}
