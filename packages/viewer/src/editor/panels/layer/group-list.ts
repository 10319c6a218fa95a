import type { Layer, LayerGroup } from '@orbis/scene';
import { FolderPlus, Trash2 } from 'lucide';
import { h } from 'preact';
import { useState } from 'preact/hooks';
import { Button } from '../../../ui/button.js';
import { TextField } from '../../../ui/text-field.js';
import { toastUndo } from '../../../ui/toast.js';
import { t } from '../../../ui/i18n.js';
import type { EditorState } from '../../state/editor-state.js';
import { addGroup, moveToGroup, removeGroup } from '../../state/layer-groups.js';
import { useEditorState } from '../../state/use-editor-state.js';

/** The drag data a layer row carries (its id), which a group row takes (map-panel.ts). */
export const LAYER_DRAG = 'application/x-orbis-layer';

const carriesLayer = (event: DragEvent) => event.dataTransfer?.types.includes(LAYER_DRAG) === true;

/**
 * The Map tab's groups of layers (docs/editor.md, "Groups"; docs/contract.md §18): each group's
 * visibility, name and opacity, how many layers it has, and its remove button; a layer row dragged
 * onto a group's row goes into it (or chosen in the layer row's _Group_ list). _New group_ adds one.
 */
export function GroupList({ state }: { state: EditorState }) {
  useEditorState(state);
  const groups = state.scene.groups ?? [];
  const add = () => state.update((s) => void addGroup(s, t('groups.newTitle', { n: (s.groups?.length ?? 0) + 1 })));
  return h(
    'div',
    { class: 'group-list' },
    groups.length > 0 &&
      h(
        'ul',
        { class: 'list', 'data-testid': 'group-list', 'aria-label': t('groups.title') },
        groups.map((group) => h(GroupRow, { key: group.id, group, state })),
      ),
    groups.length > 0 && h('p', { class: 'hint' }, t('groups.hint')),
    h(Button, { label: t('groups.new'), icon: FolderPlus, variant: 'ghost', testid: 'group-add', onClick: add }),
  );
}

function GroupRow({ group, state }: { group: LayerGroup; state: EditorState }) {
  // Drawn again on every change of the state (its count, a teammate's edit), not only its parent's.
  useEditorState(state);
  const [over, setOver] = useState(false);
  const change = (fn: (target: LayerGroup) => void) =>
    state.update((s) => {
      const target = s.groups?.find((g) => g.id === group.id);
      if (target) fn(target);
    });
  const count = state.scene.layers.filter((l) => l.group === group.id).length;
  const percent = Math.round((group.opacity ?? 1) * 100);
  const remove = () => {
    const removed = structuredClone(group);
    const index = state.scene.groups?.findIndex((g) => g.id === group.id) ?? 0;
    const members = state.scene.layers.filter((l) => l.group === group.id).map((l) => l.id);
    state.update((s) => removeGroup(s, group.id));
    // Undo puts this group back where it was, and its layers in it: groups a teammate changed or added meanwhile stay.
    toastUndo(t('groups.removed', { title: group.title }), () =>
      state.update((s) => {
        const groups = s.groups ?? [];
        if (!groups.some((g) => g.id === removed.id)) groups.splice(Math.min(index, groups.length), 0, removed);
        s.groups = groups;
        for (const id of members) moveToGroup(s, id, removed.id);
      }),
    );
  };
  return h(
    'li',
    {
      'data-group': group.id,
      class: over ? 'drop-into' : undefined,
      onDragOver: (event: DragEvent) => {
        if (!carriesLayer(event)) return;
        event.preventDefault();
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        setOver(false);
        const layerId = event.dataTransfer?.getData(LAYER_DRAG);
        if (!layerId) return;
        event.preventDefault();
        state.update((s) => moveToGroup(s, layerId, group.id));
      },
    },
    h(
      'label',
      {},
      h('input', {
        type: 'checkbox',
        checked: group.visible !== false,
        'aria-label': t('groups.show', { title: group.title }),
        'data-testid': `group-visible-${group.id}`,
        onChange: (e: Event) =>
          change((g) => {
            if ((e.currentTarget as HTMLInputElement).checked) delete g.visible;
            else g.visible = false;
          }),
      }),
      h(TextField, {
        class: 'input layer-title',
        'data-testid': `group-title-${group.id}`,
        'aria-label': t('groups.nameOf', { title: group.title }),
        value: group.title,
        maxLength: 200,
        onCommit: (title) => title.trim() && change((g) => (g.title = title.trim())),
      }),
    ),
    h('span', { class: 'hint', 'data-testid': `group-count-${group.id}` }, t('groups.layers', { count })),
    h(Button, {
      label: t('groups.remove', { title: group.title }),
      icon: Trash2,
      iconOnly: true,
      variant: 'ghost',
      testid: `group-remove-${group.id}`,
      onClick: remove,
    }),
    h(
      'label',
      { class: 'group-opacity' },
      t('groups.opacity'),
      h('input', {
        type: 'range',
        min: 0,
        max: 100,
        step: 5,
        value: percent,
        'aria-label': t('groups.opacityOf', { title: group.title }),
        'data-testid': `group-opacity-${group.id}`,
        // On release (or a key's step): each change draws its layers again.
        onChange: (e: Event) =>
          change((g) => {
            const value = Number((e.currentTarget as HTMLInputElement).value) / 100;
            if (value >= 1) delete g.opacity;
            else g.opacity = value;
          }),
      }),
      h('output', {}, `${percent}%`),
    ),
  );
}

/** A layer row's _Group_ list: no group, or one of the scene's (the keyboard's way to what dragging does). */
export function LayerGroupSelect({ state, layer }: { state: EditorState; layer: Layer }) {
  const groups = state.scene.groups ?? [];
  if (groups.length === 0) return null;
  return h(
    'label',
    { class: 'hint layer-group' },
    t('groups.group'),
    ' ',
    h(
      'select',
      {
        'aria-label': t('groups.of', { title: layer.title }),
        'data-testid': `layer-group-${layer.id}`,
        value: layer.group ?? '',
        onChange: (e: Event) => state.update((s) => moveToGroup(s, layer.id, (e.currentTarget as HTMLSelectElement).value || undefined)),
      },
      h('option', { value: '' }, t('groups.none')),
      groups.map((g) => h('option', { key: g.id, value: g.id }, g.title)),
    ),
  );
}
