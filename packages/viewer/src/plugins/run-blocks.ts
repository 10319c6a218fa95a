import { arrange, type BlockPlaces, type BlockScope, type PlacedBlock } from './block-places.js';
import type { PluginUi } from './frames/plugin-ui.js';
import type { PluginHost } from './plugin-host.js';
import { sandboxLabel } from './sandbox/sandbox.js';

interface Running {
  label: string;
  /** What the block was started as: another plugin or extension at the same place is a new block. */
  key: string;
  property: string;
  element: HTMLElement;
}

/**
 * Keeps the running blocks equal to what the page shows (block-places.ts): a block that appears
 * is started in a place of its own inside the infobox or story panel, one that goes is stopped,
 * one whose `property` changed hears it without a restart. Answers the function that stops
 * following and stops every block.
 */
export function runBlocks(places: BlockPlaces, host: PluginHost, ui: PluginUi): () => void {
  const running = new Map<BlockScope, Map<string, Running>>([
    ['infobox', new Map()],
    ['story', new Map()],
  ]);
  const stopFollowing = places.follow((scope, { blocks, element }) => {
    const current = running.get(scope)!;
    // A built-in block (drawn by the page, `element`) runs nothing: it only keeps its place in the order.
    const plugins = blocks.filter((b) => !b.element);
    const wanted = new Map(plugins.map((b) => [b.place, b]));
    for (const [place, block] of current) {
      const next = wanted.get(place);
      if (next && keyOf(next) === block.key) continue;
      host.stopBlock(block.label);
      ui.unplace(block.label);
      current.delete(place);
    }
    for (const block of plugins) {
      const property = JSON.stringify(block.property ?? {});
      const shown = current.get(block.place);
      if (shown) {
        if (shown.property !== property) host.setBlockProperty(shown.label, block.property);
        shown.property = property;
        continue;
      }
      const place = document.createElement('div');
      place.className = 'orbis-block-place';
      // Placed before it starts: its top-level code may show its UI at once.
      const label = sandboxLabel(block.pluginId, block.extensionId, block.place);
      place.dataset.block = label;
      ui.placeIn(label, place);
      if (host.startBlock(scope, block.place, block) === undefined) {
        ui.unplace(label);
        continue;
      }
      current.set(block.place, { label, key: keyOf(block), property, element: place });
    }
    // In the scene's order; a place whose block has no UI yet takes no room (CSS).
    arrange(
      element,
      blocks.flatMap((b) => b.element ?? current.get(b.place)?.element ?? []),
    );
  });
  return () => {
    stopFollowing();
    for (const scope of running.values()) {
      for (const block of scope.values()) {
        host.stopBlock(block.label);
        ui.unplace(block.label);
      }
      scope.clear();
    }
  };
}

const keyOf = (block: PlacedBlock) => `${block.pluginId}/${block.extensionId}`;
