import type { Engine } from '../../engine/engine.js';
import type { Layer } from '@orbis/scene';
import { FEATURE_LAYER_TYPES, SCENE_LAYER_TYPES as ALL_LAYER_TYPES } from '@orbis/scene/checks';
import { FileUp, Layers, LocateFixed, Plus, Trash2 } from 'lucide';
import { Fragment, h } from 'preact';
import { useState } from 'preact/hooks';
import { addAssetLayer, type EditorState, layerTypeOf, newLayerId } from '../state/editor-state.js';
import type { AssetRecord } from '../api/management-api.js';
import { StylePanel } from './layer/style-panel.js';
import { TilesetStylePanel } from './layer/tileset-style-panel.js';
import { RasterPanel } from './layer/raster-panel.js';
import { InfoboxPanel } from './layer/infobox-panel.js';
import { LayerToolsPanel } from './layer/layer-tools-panel.js';
import { DrawnFieldsPanel } from './layer/drawn-fields-panel.js';
import { GroupList, LAYER_DRAG, LayerGroupSelect } from './layer/group-list.js';
import { moveItem } from '../../ui/sortable.js';
import { useSortableRow } from '../../ui/sortable-row.js';
import { Button } from '../../ui/button.js';
import { EmptyState } from '../../ui/empty-state.js';
import { mountView } from '../../ui/island.js';
import { TextField } from '../../ui/text-field.js';
import { toastError, toastUndo } from '../../ui/toast.js';
import { TimelineSection } from './scene/timeline-settings.js';
import type { Permissions } from '../state/permissions.js';
import { BasemapPicker } from './scene/basemap-picker.js';
import { SceneSettings } from './scene/scene-settings.js';
import { LayerPeers, selectsOnFocus } from '../state/presence.js';
import { ReadOnly } from '../parts/read-only.js';
import { useEditorState } from '../state/use-editor-state.js';
import { t } from '../../ui/i18n.js';

// A WMS layer needs `data.layers`, which this form does not ask for. GIS files by URL (docs/contract.md §13)
// are read and reprojected by the server; a GeoTIFF by URL (§17) is cut into tiles by it, by range reads.
// A sketch layer is drawn on the globe (editor/drawing), not added by URL.
const LAYER_TYPES = ALL_LAYER_TYPES.filter((t) => t !== 'wms' && t !== 'sketch');

interface Props {
  state: EditorState;
  engine: Engine;
  can: Permissions;
}

/** The Map tab as an element, for the tab row (editor-tabs.ts). */
export function mapPanel(state: EditorState, engine: Engine, can: Permissions): HTMLElement {
  return mountView(h(MapPanel, { state, engine, can }));
}

/** A new layer's data is shown: the globe flies to it unless it is in view already (docs/editor.md). */
const flyToNew = (engine: Engine, id: string) => void engine.flyToLayer(id, { unlessInView: true });
const checked = (event: Event) => (event.currentTarget as HTMLInputElement).checked;

/**
 * Map tab: assets (upload, public toggle, add as layer), layers, and scene settings. Each part is
 * open to the role docs/contract.md §12 gives it: a writer uploads and publishes files, a maintainer changes
 * the scene (layers, settings, clock). It draws from the editor's state, again after each change.
 */
export function MapPanel({ state, engine, can }: Props) {
  useEditorState(state);
  return h(
    'div',
    { class: 'panel', 'data-testid': 'map-panel' },
    h('h2', {}, t('assets.title')),
    h(Upload, { state, can }),
    h(
      'ul',
      { class: 'list', 'data-testid': 'asset-list' },
      state.assets.length === 0
        ? h('li', {}, h(EmptyState, { icon: FileUp, title: t('assets.none'), hint: t('assets.noneHint') }))
        : state.assets.map((asset) => h(AssetRow, { key: asset.id, asset, state, engine, can })),
    ),
    h(
      ReadOnly,
      { can, action: 'scene.put', what: t('permissions.what.map') },
      h(
        'div',
        {},
        h('h2', {}, t('layers.title')),
        h(GroupList, { state }),
        h(LayerList, { state, engine }),
        h(AddUrlLayer, { state, engine }),
        h('h2', {}, t('basemap.title')),
        h(BasemapPicker, { state }),
        h('h2', {}, t('scene.title')),
        h(SceneSettings, { state }),
        h('h2', {}, t('clock.title')),
        h(TimelineSection, { state, engine }),
      ),
    ),
  );
}

function Upload({ state, can }: { state: EditorState; can: Permissions }) {
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [message, setMessage] = useState('');
  const [makePublic, setMakePublic] = useState(true);
  const guard = can.guardProps('asset.upload', t('permissions.what.upload'));
  const upload = async (input: HTMLInputElement) => {
    const files = [...(input.files ?? [])];
    if (files.length === 0) return;
    setProgress(0);
    setMessage('');
    try {
      await state.api.upload(files, makePublic, setProgress);
      setMessage(t('upload.uploaded', { count: files.length }));
      await state.reloadAssets();
    } catch (err) {
      setMessage('');
      toastError(t('upload.couldNot'), err, t('upload.couldNotHint'));
    } finally {
      setProgress(undefined);
      input.value = '';
    }
  };
  return h(
    'div',
    { class: 'row' },
    h('input', {
      'aria-label': t('upload.files'),
      type: 'file',
      multiple: true,
      'data-testid': 'upload-input',
      ...guard,
      onChange: (e: Event) => void upload(e.currentTarget as HTMLInputElement),
    }),
    h(
      'label',
      {},
      h('input', { type: 'checkbox', checked: makePublic, 'data-testid': 'upload-public', ...guard, onChange: (e: Event) => setMakePublic(checked(e)) }),
      ' ',
      t('upload.public'),
    ),
    h('progress', { max: 1, value: progress ?? 0, hidden: progress === undefined, 'data-testid': 'upload-progress' }),
    h('span', { class: 'hint' }, message),
  );
}

function AssetRow({ asset, state, engine, can }: Props & { asset: AssetRecord }) {
  const type = layerTypeOf(asset);
  const setPublic = async (on: boolean) => {
    await state.api.setAssetPublic(asset.id, on);
    await state.reloadAssets();
  };
  return h(
    'li',
    { 'data-asset': asset.name },
    h('span', { class: 'name', title: asset.name }, asset.name),
    h(
      'label',
      {},
      h('input', {
        type: 'checkbox',
        checked: asset.public,
        'aria-label': t('assets.isPublic', { name: asset.name }),
        'data-testid': `asset-public-${asset.name}`,
        ...can.guardProps('asset.update', t('permissions.what.publishFile')),
        onChange: (e: Event) => void setPublic(checked(e)),
      }),
      ' ',
      t('assets.public'),
    ),
    ' ',
    type
      ? h(Button, {
          label: t('assets.addAsLayer'),
          icon: Plus,
          testid: `add-layer-${asset.name}`,
          ...can.guardProps('scene.put', t('permissions.what.addLayer')),
          onClick: () => void addAssetLayer(state, asset, type).then((id) => flyToNew(engine, id)),
        })
      : h('span', { class: 'hint' }, t('assets.notALayer')),
  );
}

function LayerList({ state, engine }: { state: EditorState; engine: Engine }) {
  const layers = state.scene.layers;
  const remove = (id: string) => {
    const index = state.scene.layers.findIndex((l) => l.id === id);
    if (index < 0) return;
    const removed = state.scene.layers[index]!;
    state.update((s) => s.layers.splice(index, 1));
    toastUndo(t('layers.removed', { title: removed.title }), () => state.update((s) => s.layers.splice(Math.min(index, s.layers.length), 0, removed)));
  };
  return h(
    'ul',
    {
      class: 'list',
      'data-testid': 'layer-list',
      onFocusIn: selectsOnFocus(state, 'layer'),
    },
    layers.length === 0
      ? h('li', {}, h(EmptyState, { icon: Layers, title: t('layers.none'), hint: t('layers.noneHint') }))
      : layers.map((layer, index) => h(LayerRow, { key: layer.id, layer, index, count: layers.length, state, engine, remove })),
  );
}

interface RowProps {
  layer: Layer;
  index: number;
  count: number;
  state: EditorState;
  engine: Engine;
  remove: (id: string) => void;
}

function LayerRow({ layer, index, count, state, engine, remove }: RowProps) {
  // The layer object is changed in place, and a component with hooks whose props are the same
  // objects is not drawn again by its parent: the row follows the state itself.
  useEditorState(state);
  // By id: a teammate's change may have moved the layer since this row was drawn.
  const change = (fn: (target: Layer) => void) =>
    state.update((s) => {
      const target = s.layers.find((l) => l.id === layer.id);
      if (target) fn(target);
    });
  // Drawing order: later layers draw over earlier ones; drag (or arrow keys on the handle) to change it.
  const { rowProps, handle } = useSortableRow({
    index,
    count,
    key: layer.id,
    label: t('layers.move', { title: layer.title }),
    testid: `layer-handle-${layer.id}`,
    reorder: (from, to) => state.update((s) => moveItem(s.layers, from, to)),
  });
  const tables = state.tablesOf(layer);
  const failure = state.failures.get(layer.id);
  // Dragged onto a group's row, the layer goes into that group (group-list.ts).
  const onDragStart = (event: DragEvent) => {
    rowProps.onDragStart?.(event as Parameters<NonNullable<typeof rowProps.onDragStart>>[0]);
    event.dataTransfer?.setData(LAYER_DRAG, layer.id);
  };
  return h(
    'li',
    { 'data-layer': layer.id, ...rowProps, onDragStart },
    handle,
    h(
      'label',
      {},
      h('input', {
        type: 'checkbox',
        checked: layer.visible,
        'aria-label': t('layers.show', { title: layer.title }),
        'data-testid': `layer-visible-${layer.id}`,
        onChange: (e: Event) => change((l) => (l.visible = checked(e))),
      }),
      // A layer's name is edited in place (the legend and the infobox show it); a blank name is refused.
      h(TextField, {
        class: 'input layer-title',
        'data-testid': `layer-title-${layer.id}`,
        'aria-label': t('layers.nameOf', { title: layer.title }),
        value: layer.title,
        onCommit: (title) => title.trim() && change((l) => (l.title = title.trim())),
      }),
    ),
    h('span', { class: 'hint' }, layer.type),
    h(Button, {
      label: t('layers.flyTo', { title: layer.title }),
      icon: LocateFixed,
      iconOnly: true,
      variant: 'ghost',
      onClick: () => void engine.flyToLayer(layer.id),
    }),
    h(Button, { label: t('layers.remove', { title: layer.title }), icon: Trash2, iconOnly: true, variant: 'ghost', onClick: () => remove(layer.id) }),
    h(LayerGroupSelect, { state, layer }),
    tables.length > 1 && h(TableSelect, { layer, tables, change }),
    failure && h('p', { class: 'layer-failure', role: 'alert', 'data-testid': `layer-failure-${layer.id}` }, t('layers.failure', { reason: failure })),
    h(LayerPanels, { state, engine, layer }),
    h(LayerPeers, { state, layerId: layer.id }),
  );
}

/** A layer's own panels: a raster's style, or a feature layer's style, infobox and tools. */
function LayerPanels({ state, engine, layer }: { state: EditorState; engine: Engine; layer: Layer }) {
  if (layer.type === 'geotiff') return h(RasterPanel, { state, layer });
  const styled = !['imagery', 'wms', 'gltf'].includes(layer.type);
  return h(
    Fragment,
    {},
    styled && h(layer.type === '3dtiles' ? TilesetStylePanel : StylePanel, { state, engine, layer }),
    styled && h(InfoboxPanel, { state, engine, layer }),
    FEATURE_LAYER_TYPES.includes(layer.type) && h(LayerToolsPanel, { state, engine, layer }),
    layer.type === 'sketch' && h(DrawnFieldsPanel, { state, layer }),
  );
}

/** Which table of a GeoPackage a layer shows (docs/contract.md §13 `data.table`): every table, or one. */
function TableSelect({ layer, tables, change }: { layer: Layer; tables: string[]; change: (fn: (target: Layer) => void) => void }) {
  const choose = (table: string) =>
    change((target) => {
      const { table: _, ...rest } = target.data ?? {};
      const data = table ? { ...rest, table } : rest;
      if (Object.keys(data).length > 0) target.data = data;
      else delete target.data;
    });
  return h(
    'label',
    { class: 'hint' },
    t('layers.table'),
    ' ',
    h(
      'select',
      {
        'aria-label': t('layers.tableOf', { title: layer.title }),
        'data-testid': `layer-table-${layer.id}`,
        value: layer.data?.table ?? '',
        onChange: (e: Event) => choose((e.currentTarget as HTMLSelectElement).value),
      },
      h('option', { value: '' }, t('layers.everyTable')),
      tables.map((name) => h('option', { key: name, value: name }, name)),
    ),
  );
}

/** A layer from a URL: a 3D Tiles tileset, imagery, a GIS file the server reads (docs/contract.md §13). */
function AddUrlLayer({ state, engine }: { state: EditorState; engine: Engine }) {
  const [type, setType] = useState<Layer['type']>(LAYER_TYPES[0]!);
  const [url, setUrl] = useState('');
  const add = () => {
    const trimmed = url.trim();
    if (!trimmed) return;
    const id = newLayerId(state);
    state.update((s) => s.layers.push({ id, title: trimmed.split('/').pop() || trimmed, type, url: trimmed, visible: true }));
    flyToNew(engine, id);
    setUrl('');
  };
  return h(
    'div',
    { class: 'row' },
    h(
      'select',
      { 'aria-label': t('layers.type'), value: type, onChange: (e: Event) => setType((e.currentTarget as HTMLSelectElement).value as Layer['type']) },
      LAYER_TYPES.map((name) => h('option', { key: name, value: name }, name)),
    ),
    h('input', {
      type: 'url',
      placeholder: type === 'geotiff' ? 'https://…/ortho-cog.tif' : 'https://…/tileset.json',
      'aria-label': t('layers.url'),
      'data-testid': 'layer-url',
      value: url,
      onInput: (e: Event) => setUrl((e.currentTarget as HTMLInputElement).value),
    }),
    h(Button, { label: t('layers.addUrl'), icon: Plus, testid: 'add-url-layer', onClick: add }),
  );
}
