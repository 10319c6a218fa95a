import type { Engine, EngineLayer } from './engine/engine.js';
import type { Scene, SceneTimeline } from '@orbis/scene';
import { mountBasemapNotice } from './ui/globe/basemap-notice.js';
import { mountLayerProgress } from './ui/globe/layer-progress.js';
import { mountTimelineBar } from './ui/globe/timeline-bar.js';

/** The longest wait for layers and plugins before a page counts as ready anyway. */
const LOAD_LIMIT_MS = 60_000;

/** What a page needs to show a scene. */
export interface ShownScene {
  property: Scene['property'];
  camera: Scene['camera'];
  layers: EngineLayer[];
  /** The scene's clock settings (start, stop, current, speed …), applied once the layers are loaded. */
  timeline?: SceneTimeline;
}

/** The scene's clock: applied over what the data's own clock gave, and the timeline bar shown. */
export function applySceneTimeline(engine: Engine, timeline: SceneTimeline | undefined): void {
  if (!timeline || Object.keys(timeline).length === 0) return;
  const ms = (t: string | undefined) => (t === undefined ? undefined : Date.parse(t));
  const patch = {
    start: ms(timeline.start),
    stop: ms(timeline.stop),
    current: ms(timeline.current),
    speed: timeline.speed,
    stepType: timeline.stepType,
    rangeType: timeline.rangeType,
  };
  engine.timeline.commit(Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)), { source: 'initialize' });
  engine.timeline.want();
}

/**
 * Shows a scene on an engine and marks the viewer element ready for tests (docs/contract.md §4): the first
 * frame drawn with the globe's tiles loaded, and every layer loaded or failed. The element's
 * `data-frame-count` counts the frames drawn, so a test can see the viewer still draws.
 * `pending` are other things to wait for (plugins starting).
 */
export async function showScene(engine: Engine, element: HTMLElement, shown: ShownScene, pending: Promise<unknown>[] = []): Promise<void> {
  element.dataset.testid = 'viewer';
  element.dataset.ready = 'false';
  // Frames drawn so far (a test hook): drawing is on demand, so it advances after a change.
  let frames = 0;
  element.dataset.frameCount = '0';
  engine.onFrame(() => (element.dataset.frameCount = String(++frames)));
  // What each clustered layer shows (docs/viewer.md "Clusters"): its markers and the features they count.
  const clusters: Record<string, { markers: number; total: number }> = {};
  engine.onClusters(({ layerId, counts }) => {
    clusters[layerId] = { markers: counts.length, total: counts.reduce((a, b) => a + b, 0) };
    element.dataset.clusters = JSON.stringify(clusters);
  });
  engine.applyProperty(shown.property);
  engine.setCamera(shown.camera);
  // Hidden until the page has time-dynamic data, a scene clock, or a plugin using app.timeline.
  mountTimelineBar(element, engine.timeline);
  mountLayerProgress(element, engine);
  mountBasemapNotice(element, engine);
  // A request that never answers must not keep the page from ever being ready: say so, go on.
  let limit: ReturnType<typeof setTimeout> | undefined;
  const waited = await Promise.race([
    Promise.all([engine.setLayers(shown.layers), ...pending]).then(() => true),
    new Promise<false>((resolve) => (limit = setTimeout(() => resolve(false), LOAD_LIMIT_MS))),
  ]);
  clearTimeout(limit);
  if (!waited) console.warn(`[orbis] layers or plugins were still loading after ${LOAD_LIMIT_MS / 1000} s; showing what there is`);
  applySceneTimeline(engine, shown.timeline);
  await engine.whenSettled();
  element.dataset.ready = 'true';
}
