import { INFOBOX_FORMATS, type Infobox, type InfoboxField, type InfoboxFormat, type Layer } from '@orbis/scene';
import { ArrowUp, RotateCcw } from 'lucide';
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { Button } from '../../../ui/button.js';
import { TextField } from '../../../ui/text-field.js';
import type { EditorState } from '../../state/editor-state.js';
import { useEditorState } from '../../state/use-editor-state.js';
import { BlockList } from '../../parts/block-list.js';
import { propertyOfRef, propertyRef } from './style-rules.js';
import { type LayerFeaturesEngine, useLayerFeatures } from './use-layer-features.js';
import { formatNumber, t } from '../../../ui/i18n.js';

/** How each format shows, by example in the page's language where it has one. */
const formatLabel = (format: InfoboxFormat): string =>
  format === 'number'
    ? formatNumber(1234.5)
    : format === 'integer'
      ? formatNumber(1235)
      : format === 'percent'
        ? formatNumber(0.25, { style: 'percent' })
        : t(`infobox.formats.${format}`);

/** One property's row: whether it shows, under which label, in which format. */
export interface InfoboxRow {
  name: string;
  shown: boolean;
  field?: InfoboxField;
}

/**
 * The rows of the panel: the fields the infobox lists (one property each, as this panel writes
 * them), in their order, then the layer's other properties, shown only while no field is listed.
 */
export function infoboxRows(infobox: Infobox | undefined, names: readonly string[]): InfoboxRow[] {
  const listed =
    infobox?.fields?.flatMap((field): InfoboxRow[] => {
      const name = propertyOfRef(field.value);
      return name === undefined ? [] : [{ name, shown: true, field }];
    }) ?? [];
  const rest = names.filter((n) => !listed.some((row) => row.name === n));
  return [...listed, ...rest.map((name) => ({ name, shown: infobox?.fields === undefined }))];
}

/** The fields the rows say: the shown ones, in the rows' order. */
export const fieldsOf = (rows: readonly InfoboxRow[]): InfoboxField[] =>
  rows
    .filter((row) => row.shown)
    .map(({ name, field }) => ({ label: field?.label?.trim() || name, value: propertyRef(name), ...(field?.format ? { format: field.format } : {}) }));

const valueOf = (event: Event) => (event.currentTarget as HTMLInputElement | HTMLSelectElement).value;

/**
 * What a click on the layer's features shows (docs/contract.md §7 `infobox`, §14 formats): a title (one
 * property, or the feature's name), and which properties, in which order, with which labels and
 * formats. Until a property is switched off or changed, every property shows as it is (no `fields`).
 */
export function InfoboxPanel({ state, engine, layer }: { state: EditorState; engine: LayerFeaturesEngine; layer: Layer }) {
  // The layer object is changed in place: the panel draws again on each change of the state.
  useEditorState(state);
  const [open, setOpen] = useState(false);
  const testid = (name: string) => `infobox-${name}-${layer.id}`;
  const change = (fn: (infobox: Infobox) => void) =>
    state.update((s) => {
      const target = s.layers.find((l) => l.id === layer.id);
      if (!target) return;
      const infobox = structuredClone(target.infobox ?? {});
      fn(infobox);
      if (infobox.blocks?.length === 0) delete infobox.blocks;
      if (infobox.title === undefined && infobox.fields === undefined && infobox.blocks === undefined) delete target.infobox;
      else target.infobox = infobox;
    });

  const names = [...new Set(useLayerFeatures(engine, layer.id, open).flatMap((p) => Object.keys(p)))];
  const rows = infoboxRows(layer.infobox, names);
  const title = layer.infobox?.title ? (propertyOfRef(layer.infobox.title) ?? '') : '';
  const write = (next: InfoboxRow[]) => change((i) => (i.fields = fieldsOf(next)));
  const edit = (n: number, fn: (row: InfoboxRow) => InfoboxRow) => write(rows.map((row, i) => (i === n ? fn(row) : row)));
  const fieldOf = (row: InfoboxRow) => row.field ?? { label: row.name, value: propertyRef(row.name) };

  return h(
    'details',
    { class: 'style-panel infobox-panel', 'data-testid': testid('panel'), onToggle: (e: Event) => setOpen((e.currentTarget as HTMLDetailsElement).open) },
    h('summary', {}, t('infobox.title')),
    h(
      'label',
      {},
      t('infobox.titleField'),
      ' ',
      h(
        'select',
        {
          'data-testid': testid('title'),
          value: title,
          onChange: (e: Event) => change((i) => (valueOf(e) ? (i.title = propertyRef(valueOf(e))) : delete i.title)),
        },
        h('option', { value: '' }, t('infobox.featureName')),
        [...new Set([...names, ...(title ? [title] : [])])].map((n) => h('option', { key: n, value: n }, n)),
      ),
    ),
    h(
      'ol',
      { class: 'infobox-fields', 'aria-label': t('infobox.properties') },
      names.length === 0
        ? h('li', { class: 'hint' }, t('infobox.noProperties'))
        : rows.map((row, n) =>
            h(
              'li',
              { key: row.name, 'data-property': row.name },
              h('input', {
                type: 'checkbox',
                checked: row.shown,
                'data-role': 'show',
                'aria-label': t('infobox.show', { name: row.name }),
                'data-testid': `infobox-show-${layer.id}-${row.name}`,
                onChange: (e: Event) => edit(n, (r) => ({ ...r, shown: (e.currentTarget as HTMLInputElement).checked })),
              }),
              h('span', { class: 'infobox-name', title: row.name }, row.name),
              h(TextField, {
                class: 'input',
                'data-role': 'label',
                'aria-label': t('infobox.labelOf', { name: row.name }),
                'data-testid': `infobox-label-${layer.id}-${row.name}`,
                value: row.field?.label ?? row.name,
                onCommit: (label) => edit(n, (r) => ({ ...r, field: { ...fieldOf(r), label } })),
              }),
              h(
                'select',
                {
                  'data-role': 'format',
                  'aria-label': t('infobox.formatOf', { name: row.name }),
                  'data-testid': `infobox-format-${layer.id}-${row.name}`,
                  value: row.field?.format ?? '',
                  onChange: (e: Event) => edit(n, (r) => ({ ...r, field: { ...fieldOf(r), format: (valueOf(e) || undefined) as InfoboxFormat | undefined } })),
                },
                h('option', { value: '' }, t('infobox.asItIs')),
                INFOBOX_FORMATS.map((f) => h('option', { key: f, value: f }, formatLabel(f))),
              ),
              h(
                'span',
                { class: 'infobox-up' },
                h(Button, {
                  label: t('blocks.moveUp', { name: row.name }),
                  icon: ArrowUp,
                  iconOnly: true,
                  variant: 'ghost',
                  onClick: () => n > 0 && write(rows.map((r, i) => (i === n - 1 ? rows[n]! : i === n ? rows[n - 1]! : r))),
                }),
              ),
            ),
          ),
    ),
    h(Button, { label: t('infobox.showAll'), icon: RotateCcw, variant: 'ghost', onClick: () => change((i) => delete i.fields) }),
    // The infobox's blocks are edited by the list the story pages use too (block-list.ts).
    open &&
      h(BlockList, {
        kind: 'infobox',
        blocks: layer.infobox?.blocks ?? [],
        change: (fn) => change((i) => fn((i.blocks ??= []))),
        plugins: state.plugins,
        testid: testid('blocks'),
      }),
  );
}
