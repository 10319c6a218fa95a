import type { Block } from '@orbis/scene';
import { builtinBlockId } from './builtin-blocks.js';

/** Where blocks are shown: a layer's infobox, or the story page on screen. */
export type BlockScope = 'infobox' | 'story';

/** The extension types that run as blocks of each kind (`block` is Re:Earth's older name of an infobox block). */
export const BLOCK_TYPES: Record<BlockScope, readonly string[]> = { infobox: ['infoboxBlock', 'block'], story: ['storyBlock'] };

/** A block as placed on the page: the scene's block with its place (`infobox-{layerId}-{n}`, `story-{pageId}-{n}`). */
export interface PlacedBlock extends Block {
  place: string;
  /** In an infobox, the layer it belongs to (Re:Earth's `app.extension.block.layer`). */
  layerId?: string;
  /** A built-in block (builtin-blocks.ts), drawn by the page itself: no plugin runs, it is only kept in its place in the order. */
  element?: HTMLElement;
}

/** What is shown in one scope: its blocks, in order, and the element their frames go in. */
export interface ShownBlocks {
  blocks: PlacedBlock[];
  element: HTMLElement;
}

type Listener = (scope: BlockScope, shown: ShownBlocks) => void;

/**
 * The blocks the page shows now (docs/contract.md §8): the infobox and the story panel say which, the plugin
 * host starts and stops their sandboxes to match. It is told before plugins have started (they
 * start after the globe's first frame) and tells the host what is shown once it follows.
 */
export class BlockPlaces {
  private readonly shown = new Map<BlockScope, ShownBlocks>();
  private listener: Listener | undefined;

  /** The infobox opened (or shows another feature) or closed (`[]`); the story moved to a page. */
  set(scope: BlockScope, blocks: PlacedBlock[], element: HTMLElement): void {
    const shown = { blocks, element };
    this.shown.set(scope, shown);
    // Until the plugin host follows (or where none runs), the built-in blocks are put in place here.
    if (this.listener) this.listener(scope, shown);
    else
      arrange(
        element,
        blocks.flatMap((b) => b.element ?? []),
      );
  }

  /** Whether any plugin's block may ever be shown: plugins start for blocks as for widgets (built-in blocks need none). */
  static inScene(scene: { layers: { infobox?: { blocks?: Block[] } }[]; story?: { pages: { blocks?: Block[] }[] } }): boolean {
    const some = (blocks: Block[] | undefined) => blocks?.some((b) => builtinBlockId(b) === undefined) ?? false;
    return scene.layers.some((l) => some(l.infobox?.blocks)) || (scene.story?.pages.some((p) => some(p.blocks)) ?? false);
  }

  /** Hears each change, after being told what is shown now; answers the function that stops it. */
  follow(listener: Listener): () => void {
    this.listener = listener;
    for (const [scope, shown] of this.shown) listener(scope, shown);
    return () => {
      if (this.listener === listener) this.listener = undefined;
    };
  }
}

/** The blocks of one place on the page, each with its place name (`{prefix}-{n}`) and, in an infobox, its layer. */
export function placeBlocks(prefix: string, blocks: readonly Block[] | undefined, layerId?: string): PlacedBlock[] {
  return (blocks ?? []).map((b, n) => ({ ...b, place: `${prefix}-${n}`, ...(layerId === undefined ? {} : { layerId }) }));
}

/**
 * Puts `places` into `element` in order, moving only what is out of place: a frame taken out of
 * the document and put back loads anew and loses its plugin's HTML, so places that stay, stay.
 */
export function arrange(element: HTMLElement, places: HTMLElement[]): void {
  let cursor = element.firstChild;
  for (const place of places) {
    if (place === cursor) cursor = cursor.nextSibling;
    else element.insertBefore(place, cursor);
  }
  while (cursor) {
    const next = cursor.nextSibling;
    cursor.remove();
    cursor = next;
  }
}
