import type { Engine } from '../engine/engine.js';
import type { Layer } from '@orbis/scene';
import { SCENE_LAYER_TYPES as ALL_LAYER_TYPES } from '@orbis/scene/checks';
import { h } from '../ui/dom.js';
import { showValue } from './dom.js';
import { addAssetLayer, type EditorState, layerTypeOf, newLayerId } from './editor-state.js';
import { stylePanel } from './style-panel.js';
import { rasterPanel } from './raster-panel.js';
import { infoboxPanel } from './infobox-panel.js';
import { layerToolsPanel } from './layer-tools-panel.js';
import { FEATURE_LAYER_TYPES } from '@orbis/scene/checks';
import { dragHandle, moveItem } from '../ui/sortable.js';
import { FileUp, Layers, LocateFixed, Plus, Trash2 } from 'lucide';
import { button, emptyState } from '../ui/controls.js';
import { toastError, toastUndo } from '../ui/toast.js';
import { timelineSection } from './timeline-settings.js';
import type { Permissions } from './permissions.js';
import { basemapPicker } from './basemap-picker.js';
import { terrainSourceSelect } from './terrain-source-select.js';
import { followLayerRows } from './presence.js';
import { t } from '../ui/i18n.js';

// A WMS layer needs `data.layers`, which this form does not ask for. GIS files by URL (docs/contract.md §13)
// are read and reprojected by the server; a GeoTIFF by URL (§17) is cut into tiles by it, by range reads.
const LAYER_TYPES = ALL_LAYER_TYPES.filter((t) => t !== 'wms');


/**
 * Map tab: assets (upload, public toggle, add as layer), layers, and scene settings. Each part is
 * open to the role docs/contract.md §12 gives it: a writer uploads and publishes files, a maintainer changes
 * the scene (layers, settings, clock).
 */
export function mapPanel(state: EditorState, engine: Engine, can: Permissions): HTMLElement {
  const progress = h('progress', { max: 1, value: 0, hidden: true, 'data-testid': 'upload-progress' });
  const uploadMessage = h('span', { class: 'hint' });
  const makePublic = h('input', { type: 'checkbox', checked: true, 'data-testid': 'upload-public' });
  const fileInput = h('input', {
    'aria-label': t('upload.files'),
    type: 'file',
    multiple: true,
    'data-testid': 'upload-input',
    onchange: async () => {
      const files = [...(fileInput.files ?? [])];
      if (files.length === 0) return;
      progress.hidden = false;
      uploadMessage.textContent = '';
      try {
        await state.api.upload(files, makePublic.checked, (f) => (progress.value = f));
        uploadMessage.textContent = t('upload.uploaded', { count: files.length });
        await state.reloadAssets();
      } catch (err) {
        uploadMessage.textContent = '';
        toastError(t('upload.couldNot'), err, t('upload.couldNotHint'));
      } finally {
        progress.hidden = true;
        fileInput.value = '';
      }
    },
  });

  can.guard(fileInput, 'asset.upload', t('permissions.what.upload'));
  can.guard(makePublic, 'asset.upload', t('permissions.what.upload'));
  const assetList = h('ul', { class: 'list', 'data-testid': 'asset-list' });
  const layerList = h('ul', { class: 'list', 'data-testid': 'layer-list' });
  // Who else is on which layer, and which one this editor is on (docs/collaboration.md, "Presence").
  const markPeers = followLayerRows(layerList, state);

  // A new layer's data is shown: the globe flies to it unless it is in view already (docs/editor.md).
  const flyToNew = (id: string) => engine.flyToLayer(id, { unlessInView: true });
  const urlType = h('select', { 'aria-label': t('layers.type') }, ...LAYER_TYPES.map((t) => h('option', { value: t }, t)));
  const urlInput = h('input', { type: 'url', placeholder: 'https://…/tileset.json', 'aria-label': t('layers.url'), 'data-testid': 'layer-url' });
  const addUrl = button({
    label: t('layers.addUrl'),
    icon: Plus,
    testid: 'add-url-layer',
    onClick: () => {
      const url = urlInput.value.trim();
      if (!url) return;
      const id = newLayerId(state);
      state.update((s) => s.layers.push({ id, title: url.split('/').pop() || url, type: urlType.value as Layer['type'], url, visible: true }));
      void flyToNew(id);
      urlInput.value = '';
    },
  });

  const settings = settingsSection(state);
  const removeLayer = (id: string) => {
    const index = state.scene.layers.findIndex((l) => l.id === id);
    if (index < 0) return;
    const [removed] = state.scene.layers.slice(index, index + 1);
    state.update((s) => s.layers.splice(index, 1));
    toastUndo(t('layers.removed', { title: removed!.title }), () => state.update((s) => s.layers.splice(Math.min(index, s.layers.length), 0, removed!)));
  };
  // A layer's name is edited in place (the legend and the infobox show it). Its field is kept
  // across redraws, so a save that completes while one types leaves the typing alone.
  const titles = new Map<string, HTMLInputElement>();
  const titleInput = (layer: Layer): HTMLInputElement => {
    let input = titles.get(layer.id);
    if (!input) {
      const field = h('input', { class: 'input layer-title', 'data-testid': `layer-title-${layer.id}` });
      field.addEventListener('change', () => {
        const title = field.value.trim();
        if (title) state.update((s) => void (s.layers.find((l) => l.id === layer.id)!.title = title));
        else field.value = state.scene.layers.find((l) => l.id === layer.id)?.title ?? '';
      });
      titles.set(layer.id, (input = field));
    }
    showValue(input, layer.title);
    input.setAttribute('aria-label', t('layers.nameOf', { title: layer.title }));
    return input;
  };

  // Rows are drawn again only when what they show changed (a save status alone changes nothing),
  // and after the change that asked, never inside it: a field's `change` fires on blur, and a
  // blur happens while the rows holding that field are being replaced.
  const drawn = () => JSON.stringify([state.assets, state.scene.layers, [...state.failures]]);
  let shown = '';
  let pending = false;
  const scheduleRender = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      const signature = drawn();
      if (signature !== shown) render();
      shown = signature;
    });
  };
  function render(): void {
    assetList.replaceChildren(
      ...state.assets.map((asset) => {
        const type = layerTypeOf(asset);
        return h('li', { 'data-asset': asset.name },
          h('span', { class: 'name', title: asset.name }, asset.name),
          h('label', {}, can.guard(h('input', { type: 'checkbox', checked: asset.public, 'aria-label': t('assets.isPublic', { name: asset.name }), 'data-testid': `asset-public-${asset.name}`, onchange: async (e) => {
            await state.api.setAssetPublic(asset.id, (e.target as HTMLInputElement).checked);
            await state.reloadAssets();
          } }), 'asset.update', t('permissions.what.publishFile')), ' ', t('assets.public')),
          type
            ? can.guard(button({ label: t('assets.addAsLayer'), icon: Plus, testid: `add-layer-${asset.name}`, onClick: () => void addAssetLayer(state, asset, type).then(flyToNew) }), 'scene.put', t('permissions.what.addLayer'))
            : h('span', { class: 'hint' }, t('assets.notALayer')),
        );
      }),
    );
    layerList.replaceChildren(
      ...state.scene.layers.map((layer, index, all) => {
        const item = h('li', { 'data-layer': layer.id });
        // Drawing order: later layers draw over earlier ones; drag (or arrow keys on the handle) to change it.
        const handle = dragHandle({ element: item, index, count: all.length, key: layer.id, label: t('layers.move', { title: layer.title }), testid: `layer-handle-${layer.id}`, reorder: (from, to) => state.update((s) => moveItem(s.layers, from, to)) });
        item.append(handle,
          h('label', {}, h('input', { type: 'checkbox', checked: layer.visible, 'aria-label': t('layers.show', { title: layer.title }), 'data-testid': `layer-visible-${layer.id}`, onchange: (e) => state.update((s) => {
            // By id: a teammate's change may have moved the layer since this row was drawn.
            const target = s.layers.find((l) => l.id === layer.id);
            if (target) target.visible = (e.target as HTMLInputElement).checked;
          }) }), titleInput(layer)),
          h('span', { class: 'hint' }, layer.type),
          button({ label: t('layers.flyTo', { title: layer.title }), icon: LocateFixed, iconOnly: true, variant: 'ghost', onClick: () => void engine.flyToLayer(layer.id) }),
          button({ label: t('layers.remove', { title: layer.title }), icon: Trash2, iconOnly: true, variant: 'ghost', onClick: () => removeLayer(layer.id) }),
        );
        const tables = state.tablesOf(layer);
        if (tables.length > 1) item.append(tableSelect(state, layer, tables));
        const failure = state.failures.get(layer.id);
        if (failure) item.append(h('p', { class: 'layer-failure', role: 'alert', 'data-testid': `layer-failure-${layer.id}` }, t('layers.failure', { reason: failure })));
        if (layer.type === 'geotiff') item.append(rasterPanel(state, layer));
        else if (!['imagery', 'wms', 'gltf'].includes(layer.type)) item.append(stylePanel(state, engine, layer.id), infoboxPanel(state, engine, layer.id));
        if (FEATURE_LAYER_TYPES.includes(layer.type)) item.append(layerToolsPanel(state, engine, layer.id));
        return item;
      }),
    );
    if (state.assets.length === 0) assetList.replaceChildren(h('li', {}, emptyState(FileUp, t('assets.none'), t('assets.noneHint'))));
    if (state.scene.layers.length === 0) layerList.replaceChildren(h('li', {}, emptyState(Layers, t('layers.none'), t('layers.noneHint'))));
    markPeers();
  }
  state.onChange(scheduleRender);
  render();
  shown = drawn();

  return h('div', { class: 'panel', 'data-testid': 'map-panel' },
    h('h2', {}, t('assets.title')),
    h('div', { class: 'row' }, fileInput, h('label', {}, makePublic, ' ', t('upload.public')), progress, uploadMessage),
    assetList,
    can.readOnly(h('div', {},
      h('h2', {}, t('layers.title')),
      layerList,
      h('div', { class: 'row' }, urlType, urlInput, addUrl),
      h('h2', {}, t('basemap.title')),
      basemapPicker(state),
      h('h2', {}, t('scene.title')),
      settings,
      h('h2', {}, t('clock.title')),
      timelineSection(state, engine),
    ), 'scene.put', t('permissions.what.map')),
  );
}

/** Which table of a GeoPackage a layer shows (docs/contract.md §13 `data.table`): every table, or one. */
function tableSelect(state: EditorState, layer: Layer, tables: string[]): HTMLElement {
  const select = h('select', {
    'aria-label': t('layers.tableOf', { title: layer.title }),
    'data-testid': `layer-table-${layer.id}`,
    onchange: () => state.update((s) => {
      const target = s.layers.find((l) => l.id === layer.id)!;
      const { table: _, ...rest } = target.data ?? {};
      const data = select.value ? { ...rest, table: select.value } : rest;
      if (Object.keys(data).length > 0) target.data = data;
      else delete target.data;
    }),
  }, h('option', { value: '' }, t('layers.everyTable')), ...tables.map((t) => h('option', { value: t, selected: layer.data?.table === t }, t)));
  return h('label', { class: 'hint' }, t('layers.table'), ' ', select);
}

/** Terrain, sky and globe: each writes the scene's ViewerProperty. */
function settingsSection(state: EditorState): HTMLElement {
  const section = (key: string): Record<string, unknown> => {
    // The panel writes sections by name; the server checks each against the scene schema.
    const property = state.scene.property as Record<string, unknown>;
    const current = property[key];
    if (typeof current === 'object' && current !== null && !Array.isArray(current)) return current as Record<string, unknown>;
    const fresh: Record<string, unknown> = {};
    property[key] = fresh;
    return fresh;
  };
  const terrainOn = h('input', { type: 'checkbox', 'data-testid': 'terrain-enabled', onchange: () => state.update(() => (section('terrain').enabled = terrainOn.checked)) });
  const terrainUrl = h('input', { type: 'url', placeholder: t('scene.terrainUrlPlaceholder'), 'aria-label': t('scene.terrainUrl'), 'data-testid': 'terrain-url', onchange: () => state.update(() => {
    const t = section('terrain');
    if (terrainUrl.value) { t.type = 'cesium'; t.url = terrainUrl.value; } else { delete t.type; delete t.url; }
  }) });
  const terrainFrom = terrainSourceSelect(state, () => section('terrain'));
  const atmosphere = h('input', { type: 'checkbox', 'data-testid': 'sky-atmosphere', onchange: () => state.update(() => (section('sky').atmosphere = atmosphere.checked)) });
  const skyBox = h('input', { type: 'checkbox', 'data-testid': 'sky-show', onchange: () => state.update(() => (section('sky').show = skyBox.checked)) });
  const globeColor = h('input', { type: 'color', 'data-testid': 'globe-color', onchange: () => state.update(() => (section('globe').baseColor = globeColor.value)) });

  function render(): void {
    const p = state.scene.property as Record<string, Record<string, unknown> | Record<string, unknown>[] | undefined>;
    const terrain = (p.terrain ?? {}) as Record<string, unknown>;
    terrainOn.checked = terrain.enabled === true;
    showValue(terrainUrl, typeof terrain.url === 'string' ? terrain.url : '');
    terrainFrom.render();
    terrainUrl.hidden = terrain.type === 'gsi' || terrain.type === 'dem';
    const sky = (p.sky ?? {}) as Record<string, unknown>;
    atmosphere.checked = sky.atmosphere !== false;
    skyBox.checked = sky.show !== false;
    const globe = (p.globe ?? {}) as Record<string, unknown>;
    globeColor.value = typeof globe.baseColor === 'string' ? globe.baseColor.slice(0, 7) : '#000080';
  }
  state.onChange(render);
  render();
  return h('div', { class: 'settings' },
    h('label', {}, terrainOn, ' ', t('scene.terrain'), ' '), terrainFrom.element, terrainUrl,
    h('label', {}, skyBox, ' ', t('scene.skyBox')),
    h('label', {}, atmosphere, ' ', t('scene.atmosphere')),
    h('label', {}, t('scene.globeColour'), ' ', globeColor),
  );
}
