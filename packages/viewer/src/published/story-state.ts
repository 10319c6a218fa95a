import type { Camera, StoryPage } from '@orbis/scene';

/** A story page as the published page reads it (the scene schema's page, with its `layers`). */
export type StoryPageView = StoryPage;

/** A layer's id and visibility: what a story page changes. */
export interface LayerVisibility {
  id: string;
  visible: boolean;
}

/** The page index that `#story=N` (1-based) names, clamped to the story; undefined when the hash names none. */
export function pageFromHash(hash: string, pageCount: number): number | undefined {
  const match = /(?:^#|&)story=(\d+)(?:&|$)/.exec(hash);
  if (!match || pageCount === 0) return undefined;
  const n = Number(match[1]);
  return Math.min(Math.max(n, 1), pageCount) - 1;
}

/** The address fragment for a page index (0-based in, 1-based out). */
export function hashForPage(index: number): string {
  return `#story=${index + 1}`;
}

/** The layers' visibility on a page: the page's list where it has one, otherwise unchanged. */
export function layersOnPage<L extends LayerVisibility>(layers: readonly L[], page: StoryPageView | undefined): L[] {
  if (!page || !Array.isArray(page.layers)) return [...layers];
  const shown = new Set(page.layers);
  return layers.map((layer) => ({ ...layer, visible: shown.has(layer.id) }));
}

/** The camera a page shows. */
export function cameraOfPage(page: StoryPageView): Camera {
  return page.camera;
}
