import { type Block, MAX_BLOCKS } from '@orbis/scene';
import { ArrowUp, Plus, Trash2 } from 'lucide';
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { BLOCK_TYPES, type BlockScope } from '../../plugins/block-places.js';
import { builtinBlockId, plainProperty, reearthProperty } from '../../plugins/builtin-blocks.js';
import { builtinChoices, builtinExtension } from './builtin-block-choices.js';
import type { PluginPackage } from '../../plugins/start-plugins.js';
import { Button } from '../../ui/button.js';
import { Select } from '../../ui/field.js';
import { WidgetSettings } from './widget-settings.js';
import { t } from '../../ui/i18n.js';

/** What a block list edits: one infobox's or one story page's blocks. */
export interface BlockListProps {
  kind: BlockScope;
  blocks: Block[];
  /** Changes a copy of the blocks; the caller saves it into the scene. */
  change: (fn: (blocks: Block[]) => void) => void;
  /** The installed plugins now. */
  plugins: PluginPackage[];
  testid: string;
}

/**
 * Keys for a list of blocks: the plugin's and extension's ids, and how many the same came before,
 * so that a block keeps its row (and its settings form being filled in) when another moves.
 */
export function blockKeys(blocks: Block[]): string[] {
  const seen = new Map<string, number>();
  return blocks.map((b) => {
    const name = `${b.pluginId}/${b.extensionId}`;
    const n = seen.get(name) ?? 0;
    seen.set(name, n + 1);
    return `${name}#${n}`;
  });
}

/**
 * A layer's infobox blocks or a story page's (docs/contract.md §8): add one of the installed plugins'
 * extensions of the right type (or, to an infobox, one of Re:Earth's built-in blocks, docs/viewer.md),
 * move one up, remove one, and edit its `property` with the form of its manifest's `schema`, as
 * widget settings are edited. A built-in block's `property` is kept in Re:Earth's form (each field
 * `{value}`). At most {@link MAX_BLOCKS}, as the scene schema allows.
 */
export function BlockList({ kind, blocks, change, plugins, testid }: BlockListProps) {
  const extensionOf = (b: Block) => {
    const builtin = kind === 'infobox' ? builtinBlockId(b) : undefined;
    return builtin ? builtinExtension(builtin) : plugins.find((p) => p.manifest.id === b.pluginId)?.manifest.extensions.find((e) => e.id === b.extensionId);
  };
  const keys = blockKeys(blocks);
  return h(
    'div',
    { class: 'block-lists', 'data-testid': testid },
    h('div', { class: 'field-label' }, t('blocks.title')),
    h(
      'ol',
      { class: 'block-list', 'aria-label': kind === 'infobox' ? t('blocks.infoboxBlocks') : t('blocks.pageBlocks') },
      blocks.map((block, n) => {
        const extension = extensionOf(block);
        const builtin = kind === 'infobox' && builtinBlockId(block) !== undefined;
        const name = builtin ? extension!.name : `${extension?.name ?? block.extensionId} (${block.pluginId})`;
        const settings = builtin
          ? {
              property: plainProperty(block.property),
              save: (property: Record<string, unknown>) => change((b) => (b[n] = { ...b[n]!, property: reearthProperty(property) })),
            }
          : { property: block.property, save: (property: Record<string, unknown>) => change((b) => (b[n] = { ...b[n]!, property })) };
        return h(
          'li',
          { key: keys[n], class: 'block-item', 'data-block': `${block.pluginId}/${block.extensionId}` },
          h(
            'div',
            { class: 'row' },
            h('span', { class: 'block-name' }, extension ? name : t('blocks.notInstalled', { name })),
            h(Button, {
              label: t('blocks.moveUp', { name }),
              icon: ArrowUp,
              iconOnly: true,
              variant: 'ghost',
              testid: `${testid}-up-${n}`,
              disabled: n === 0,
              onClick: () => change((b) => b.splice(n - 1, 0, ...b.splice(n, 1))),
            }),
            h(Button, {
              label: t('blocks.remove', { name }),
              icon: Trash2,
              iconOnly: true,
              variant: 'ghost',
              testid: `${testid}-remove-${n}`,
              onClick: () => change((b) => b.splice(n, 1)),
            }),
          ),
          extension && h(WidgetSettings, { name, schema: extension.schema, ...settings, testid: `${testid}-settings-${n}` }),
        );
      }),
    ),
    h(BlockAdder, { kind, full: blocks.length >= MAX_BLOCKS, plugins, change, testid }),
  );
}

/** The row that adds a block: the extensions of the right type the installed plugins have, then (to an infobox) the built-in ones. */
function BlockAdder({ kind, full, plugins, change, testid }: Omit<BlockListProps, 'blocks'> & { full: boolean }) {
  const installed = plugins.flatMap((p) =>
    p.manifest.extensions
      .filter((e) => BLOCK_TYPES[kind].includes(e.type))
      .map((e): [string, string] => [`${p.manifest.id}/${e.id}`, `${e.name} (${p.manifest.id})`]),
  );
  const choices = kind === 'infobox' ? [...installed, ...builtinChoices()] : installed;
  const [picked, pick] = useState<string | undefined>(undefined);
  if (choices.length === 0) return h('div', { class: 'row block-add' }, h('p', { class: 'hint' }, t('blocks.noStoryBlock')));
  const chosen = choices.some(([value]) => value === picked) ? picked! : choices[0]![0];
  const add = () => {
    const [pluginId, extensionId] = chosen.split('/') as [string, string];
    change((b) => b.push({ pluginId, extensionId }));
  };
  return h(
    'div',
    { class: 'row block-add' },
    h(Select, { options: choices, value: chosen, onChange: pick, label: t('blocks.toAdd'), testid: `${testid}-pick` }),
    h(Button, { label: t('blocks.add'), icon: Plus, testid: `${testid}-add`, disabled: full, onClick: add }),
    full && h('span', { class: 'hint' }, t('blocks.atMost', { count: MAX_BLOCKS })),
  );
}
