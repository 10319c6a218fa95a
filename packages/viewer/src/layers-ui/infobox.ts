import type { Infobox } from '@orbis/scene';
import type { EngineFeatures, FeatureRef } from '../engine/engine-features.js';
import { h } from '../ui/dom.js';
import { infoboxValue } from './infobox-value.js';
import { arrange, type BlockPlaces, type PlacedBlock, placeBlocks } from '../plugins/block-places.js';
import { builtinBlockId } from '../plugins/builtin-blocks.js';
import { type BlockFeature, blockPadding, builtinView } from './builtin-block-view.js';
import { builtinBlockElement } from './builtin-block-element.js';
import { safeHtml } from '../ui/safe-html.js';
import './layers-ui.css';
import { t } from '../ui/i18n.js';

/** What the infobox needs to know about a layer. */
export type InfoboxLayer = { title: string; infobox?: Infobox };

/**
 * The infobox (docs/contract.md §7, `data-testid="infobox"`): follows the selection that the viewer element
 * carries in `data-selected` (set by a click in `default` mode, or by a plugin), shows the one
 * selected feature's title and fields, and hides when the selection is empty, or at Escape. Every
 * value is set as text, never as HTML, whatever the data holds (a `url` or `image` field's address
 * only when it is http(s)); a feature's own description (a KML balloon, a CZML `description`) is
 * HTML, shown after the fields as DOMPurify leaves it ({@link safeHtml}). `blocks`, where plugins run,
 * is told the layer's blocks while it shows; Re:Earth's built-in blocks among them are drawn here
 * ({@link builtinBlocks}). An infobox with built-in blocks and no `fields` shows what its blocks
 * say instead of every property, as Re:Earth's does (docs/viewer.md).
 */
export function mountInfobox(
  parent: HTMLElement,
  viewerElement: HTMLElement,
  engine: Pick<EngineFeatures, 'featureInfo'>,
  layerOf: (id: string) => InfoboxLayer | undefined,
  blocks?: BlockPlaces,
): HTMLElement {
  const title = h('h2', { class: 'orbis-infobox-title' });
  const layerName = h('p', { class: 'orbis-infobox-layer' });
  const fields = h('dl', { class: 'orbis-infobox-fields' });
  const description = h('div', { class: 'orbis-infobox-description', 'data-testid': 'infobox-description' });
  const close = h('button', { type: 'button', class: 'orbis-infobox-close', 'aria-label': t('common.close'), title: t('common.close') }, '×');
  // docs/contract.md §8: the layer's plugin blocks, after the fields.
  const blockList = h('div', { class: 'orbis-infobox-blocks', 'data-testid': 'infobox-blocks' });
  const box = h(
    'section',
    { class: 'orbis-infobox', 'data-testid': 'infobox', role: 'dialog', 'aria-label': t('infobox.feature') },
    h('header', {}, title, close),
    layerName,
    fields,
    description,
    blockList,
  );
  box.hidden = true;
  parent.append(box);
  const drawBuiltins = builtinBlocks();

  const show = () => {
    let selected: FeatureRef[] = [];
    try {
      selected = JSON.parse(viewerElement.dataset.selected ?? '[]') as FeatureRef[];
    } catch {
      selected = [];
    }
    const ref = selected.length === 1 ? selected[0] : undefined;
    const layer = ref ? layerOf(ref.layerId) : undefined;
    const info = ref && layer ? engine.featureInfo(ref, layer.infobox) : undefined;
    box.hidden = !info;
    // Blocks run while their layer's infobox is open (another feature of the layer keeps them; it hears `layers.select`).
    const placed = info && layer ? drawBuiltins(placeBlocks(`infobox-${ref!.layerId}`, layer.infobox?.blocks, ref!.layerId), info.feature) : [];
    if (blocks) blocks.set('infobox', placed, blockList);
    else
      arrange(
        blockList,
        placed.flatMap((b) => b.element ?? []),
      );
    if (!info || !layer) return;
    const byBlocks = layer.infobox?.fields === undefined && placed.some((b) => b.element);
    title.textContent = info.title;
    layerName.textContent = layer.title;
    // A raster's pixel: its bands by number, a blank value no data (docs/contract.md §17).
    const raster = info.kind === 'raster';
    const label = (f: (typeof info.fields)[number]) => (raster ? t('infobox.band', { band: f.label }) : f.label);
    fields.hidden = byBlocks;
    fields.replaceChildren(
      ...(byBlocks ? [] : info.fields).flatMap((f) => [
        h('dt', {}, label(f)),
        raster && f.value === '' ? h('dd', {}, t('infobox.noData')) : infoboxValue(f.value, f.format),
      ]),
    );
    description.replaceChildren(info.description ? safeHtml(info.description) : '');
    description.hidden = !info.description || byBlocks;
    box.dataset.feature = `${ref!.layerId}/${ref!.featureId}`;
  };
  // Closing clears the selection the same way an empty click does, so the highlight goes too.
  const hide = () => {
    box.hidden = true;
    viewerElement.dispatchEvent(new CustomEvent('orbis:clear-selection'));
  };
  close.addEventListener('click', hide);
  // Escape closes it too, as it closes a dialog.
  box.ownerDocument.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !box.hidden) hide();
  });
  new MutationObserver(show).observe(viewerElement, { attributes: true, attributeFilter: ['data-selected'] });
  // The editor says when the scene changed: an open infobox follows its layer's edits.
  viewerElement.addEventListener('orbis:scene-changed', () => !box.hidden && show());
  return box;
}

/**
 * Draws Re:Earth's built-in blocks among `placed` for the shown feature (each gets its `element`;
 * plugins' blocks pass as they are). A block that shows the same as before keeps its element, so
 * a playing video goes on playing while the editor changes something else.
 */
function builtinBlocks(): (placed: PlacedBlock[], feature: BlockFeature | undefined) => PlacedBlock[] {
  let drawn = new Map<string, { key: string; element: HTMLElement }>();
  return (placed, feature) => {
    const next = new Map<string, { key: string; element: HTMLElement }>();
    const out = placed.map((block) => {
      const id = builtinBlockId(block);
      if (!id) return block;
      const view = builtinView(id, block.property, feature ?? { properties: {} });
      const padding = blockPadding(block.property);
      const key = JSON.stringify([id, view, padding]);
      const before = drawn.get(block.place);
      const element = before?.key === key ? before.element : builtinBlockElement(id, view, padding);
      next.set(block.place, { key, element });
      return { ...block, element };
    });
    drawn = next;
    return out;
  };
}
