import type { Camera } from '@orbis/scene';
import type { BlockPlaces } from '../plugins/block-places.js';
import { createStoryPanel, type StoryPanel } from './story-panel.js';
import { hashForPage, type LayerVisibility, layersOnPage, pageFromHash, type StoryPageView } from './story-state.js';

/** What the story moves on the page: the camera and the layers' visibility. */
export interface StoryPlayerOptions<L extends LayerVisibility> {
  pages: StoryPageView[];
  /** The scene's layers as the page shows them now. */
  layers: L[];
  flyTo: (camera: Camera) => void;
  setLayers: (layers: L[]) => void;
  /** Sets the clock (ms since 1970) where a page names a time (docs/contract.md §18). */
  setTime?: (time: number) => void;
  renderText: (element: HTMLElement, text: string) => void | Promise<void>;
  /** Whether the story follows and writes the address's `#story=N` (the published page: yes). */
  followAddress?: boolean;
  /** Where the pages' plugin blocks run (docs/contract.md §8). */
  blocks?: BlockPlaces;
}

/** A story panel wired to the camera, the layers and (optionally) the address. */
export interface StoryPlayer {
  panel: StoryPanel;
  /** Moves to a page as a reader would: flies there and applies its layers. */
  go(index: number): void;
  destroy(): void;
}

/**
 * The page index, view and layers a page opens with: `#story=N` opens page N, and without it page
 * 1, each at its own view, so that the text and the globe agree (and the editor's *Preview the
 * story* shows the same). A scene without story pages opens at the scene's initial view.
 */
export function openingOfStory<L extends LayerVisibility>(
  pages: StoryPageView[],
  layers: L[],
  hash: string,
): { index: number; camera: Camera | undefined; layers: L[] } {
  const named = pageFromHash(hash, pages.length);
  const index = named ?? 0;
  return { index, camera: pages[index]?.camera, layers: layersOnPage(layers, pages[index]) };
}

/** Starts a story: the panel shows `startIndex`, whose layers the caller has already applied. */
export function startStory<L extends LayerVisibility>(options: StoryPlayerOptions<L>, startIndex: number): StoryPlayer {
  let layers = layersOnPage(options.layers, options.pages[startIndex]);
  const apply = (index: number) => {
    const page = options.pages[index]!;
    options.flyTo(page.camera);
    if (page.time !== undefined) options.setTime?.(Date.parse(page.time));
    if (Array.isArray(page.layers)) {
      layers = layersOnPage(layers, page);
      options.setLayers(layers);
    }
    if (options.followAddress && location.hash !== hashForPage(index)) history.replaceState(history.state, '', hashForPage(index));
  };
  const panel = createStoryPanel({
    pages: options.pages,
    renderText: options.renderText,
    onPage: apply,
    ...(options.blocks ? { blocks: options.blocks } : {}),
  });
  panel.show(startIndex);
  const onHash = () => {
    const index = pageFromHash(location.hash, options.pages.length);
    if (index === undefined || index === panel.index) return;
    panel.show(index);
    apply(index);
  };
  if (options.followAddress) window.addEventListener('hashchange', onHash);
  return {
    panel,
    go(index) {
      panel.show(index);
      apply(panel.index);
    },
    destroy() {
      window.removeEventListener('hashchange', onHash);
      panel.destroy();
    },
  };
}
