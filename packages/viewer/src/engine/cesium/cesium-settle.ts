import type { Viewer } from 'cesium';

/**
 * How often a page waiting only for its layers draws a frame. Every frame draws every feature
 * added so far: drawn back to back while a large layer streams in, they cost the load more than
 * the layer does (software WebGL spent most of a 1,000,000-point load redrawing; issue 24).
 */
const LAYER_FRAME_MS = 250;

/**
 * Resolves at the first frame drawn with the globe's visible tiles loaded, every data source's
 * features built (CesiumJS builds geometry over several frames) and `layersDrawn()` true (models
 * and 3D tiles ready, large layers' batches drawn), so that what the page shows can be picked; or
 * after `maxWaitMs` without progress, with a warning, so that a tile or model that never arrives
 * cannot keep the page from ever being ready. `lastProgress` is when a layer last drew more of
 * itself (ms, `Date.now()`): a large layer still streaming in keeps the wait going.
 */
export function whenSettled(viewer: Viewer, layersDrawn: () => boolean, maxWaitMs: number, lastProgress: () => number = () => 0): Promise<void> {
  const { scene } = viewer;
  return new Promise((resolve) => {
    let later: ReturnType<typeof setTimeout> | undefined;
    let limit: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      remove();
      clearTimeout(limit);
      clearTimeout(later);
      resolve();
    };
    const check = () => {
      const globeReady = (scene.globe.tilesLoaded || !scene.globe.show) && viewer.dataSourceDisplay.ready;
      if (globeReady && layersDrawn()) return done();
      // The globe's tiles load as frames are drawn; layers only need a frame now and then.
      if (!globeReady) scene.requestRender();
      else if (later === undefined) later = setTimeout(() => ((later = undefined), scene.requestRender()), LAYER_FRAME_MS);
    };
    const remove = scene.postRender.addEventListener(check);
    const giveUp = () => {
      const idle = Date.now() - lastProgress();
      if (idle < maxWaitMs) {
        limit = setTimeout(giveUp, maxWaitMs - idle);
        return;
      }
      console.warn(`[orbis] the globe's tiles or the layers were still loading after ${maxWaitMs / 1000} s; showing what there is`);
      done();
    };
    limit = setTimeout(giveUp, maxWaitMs);
    scene.requestRender();
  });
}
