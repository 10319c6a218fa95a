import { type Block, MAX_BLOCKS } from '@orbis/scene';
import { ArrowUp, Plus, Trash2 } from 'lucide';
import { BLOCK_TYPES, type BlockScope } from '../plugins/block-places.js';
import type { PluginPackage } from '../plugins/start-plugins.js';
import { button, select } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { widgetSettings } from './widget-settings.js';
import { t } from '../ui/i18n.js';

/** What a block list edits: one infobox's or one story page's blocks. */
export interface BlockListOptions {
  kind: BlockScope;
  blocks: () => Block[];
  /** Changes a copy of the blocks; the caller saves it into the scene. */
  change: (fn: (blocks: Block[]) => void) => void;
  /** The installed plugins now (the editor keeps them current). */
  plugins: () => PluginPackage[];
  testid: string;
}

/**
 * A layer's infobox blocks or a story page's (docs/contract.md §8): add one of the installed plugins'
 * extensions of the right type, move one up, remove one, and edit its `property` with the form of
 * its manifest's `schema`, as widget settings are edited. At most {@link MAX_BLOCKS}, as the scene
 * schema allows. The caller calls `render()` when the list shows or the scene changed.
 */
export function blockList(options: BlockListOptions): { element: HTMLElement; render: () => void } {
  const { kind, testid } = options;
  const list = h('ol', { class: 'block-list', 'aria-label': kind === 'infobox' ? t('blocks.infoboxBlocks') : t('blocks.pageBlocks') });
  const adder = h('div', { class: 'row block-add' });
  const element = h('div', { class: 'block-lists', 'data-testid': testid }, h('div', { class: 'field-label' }, t('blocks.title')), list, adder);
  const extensionOf = (b: Block) => options.plugins().find((p) => p.manifest.id === b.pluginId)?.manifest.extensions.find((e) => e.id === b.extensionId);

  // Rendered again only when the blocks or the plugins changed: a settings form being filled in stays.
  let shown = '';
  const render = () => {
    const blocks = options.blocks();
    const signature = JSON.stringify([blocks, options.plugins().map((p) => [p.manifest.id, p.manifest.version])]);
    if (signature === shown) return;
    shown = signature;
    list.replaceChildren(
      ...blocks.map((block, n) => {
        const extension = extensionOf(block);
        const name = `${extension?.name ?? block.extensionId} (${block.pluginId})`;
        const up = button({ label: t('blocks.moveUp', { name }), icon: ArrowUp, iconOnly: true, variant: 'ghost', testid: `${testid}-up-${n}`, onClick: () => options.change((b) => b.splice(n - 1, 0, ...b.splice(n, 1))) });
        up.disabled = n === 0;
        const item = h('li', { class: 'block-item', 'data-block': `${block.pluginId}/${block.extensionId}` },
          h('div', { class: 'row' },
            h('span', { class: 'block-name' }, extension ? name : t('blocks.notInstalled', { name })),
            up,
            button({ label: t('blocks.remove', { name }), icon: Trash2, iconOnly: true, variant: 'ghost', testid: `${testid}-remove-${n}`, onClick: () => options.change((b) => b.splice(n, 1)) }),
          ),
        );
        if (extension) {
          item.append(widgetSettings(name, extension.schema, block.property, (property) => options.change((b) => (b[n] = { ...b[n]!, property })), `${testid}-settings-${n}`));
        }
        return item;
      }),
    );
    const choices = options.plugins().flatMap((p) => p.manifest.extensions.filter((e) => BLOCK_TYPES[kind].includes(e.type)).map((e): [string, string] => [`${p.manifest.id}/${e.id}`, `${e.name} (${p.manifest.id})`]));
    if (choices.length === 0) {
      adder.replaceChildren(h('p', { class: 'hint' }, kind === 'infobox' ? t('blocks.noInfoboxBlock') : t('blocks.noStoryBlock')));
      return;
    }
    let chosen = choices[0]![0];
    const full = blocks.length >= MAX_BLOCKS;
    const picker = select(choices, chosen, (v) => (chosen = v), t('blocks.toAdd'), `${testid}-pick`);
    const add = button({ label: t('blocks.add'), icon: Plus, testid: `${testid}-add`, onClick: () => {
      const [pluginId, extensionId] = chosen.split('/') as [string, string];
      options.change((b) => b.push({ pluginId, extensionId }));
    } });
    add.disabled = full;
    adder.replaceChildren(picker, add, ...(full ? [h('span', { class: 'hint' }, t('blocks.atMost', { count: MAX_BLOCKS }))] : []));
  };
  return { element, render };
}
