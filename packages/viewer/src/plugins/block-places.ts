import type { Block } from '@orbis/scene';

/** Where blocks are shown: a layer's infobox, or the story page on screen. */
export type BlockScope = 'infobox' | 'story';

/** The extension types that run as blocks of each kind (`block` is Re:Earth's older name of an infobox block). */
export const BLOCK_TYPES: Record<BlockScope, readonly string[]> = { infobox: ['infoboxBlock', 'block'], story: ['storyBlock'] };

/** A block as placed on the page: the scene's block with its place (`infobox-{layerId}-{n}`, `story-{pageId}-{n}`). */
export interface PlacedBlock extends Block {
  place: string;
  /** In an infobox, the layer it belongs to (Re:Earth's `app.extension.block.layer`). */
  layerId?: string;
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
    this.listener?.(scope, shown);
  }

  /** Whether any block may ever be shown: plugins start for blocks as for widgets. */
  static inScene(scene: { layers: { infobox?: { blocks?: unknown[] } }[]; story?: { pages: { blocks?: unknown[] }[] } }): boolean {
    return scene.layers.some((l) => (l.infobox?.blocks?.length ?? 0) > 0) || (scene.story?.pages.some((p) => (p.blocks?.length ?? 0) > 0) ?? false);
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
