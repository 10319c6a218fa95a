import type { SceneViewerProperty, TileType } from '@orbis/scene';
import { NAMED_BASEMAPS, isNamedBasemap } from '../engine/basemaps.js';
import { field, select, textInput } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { showValue } from './dom.js';
import type { EditorState } from './editor-state.js';
import { type PmtilesBasemapInfo, PmtilesBasemaps, pmtilesAssets } from './pmtiles-basemaps.js';
import { t } from '../ui/i18n.js';

type Tile = NonNullable<SceneViewerProperty['tiles']>[number];

const choices = (): readonly (readonly [string, string])[] => [
  ['default', t('basemap.default')],
  ...(Object.keys(NAMED_BASEMAPS) as (keyof typeof NAMED_BASEMAPS)[]).map((type) => [type, t(`basemap.named.${type}`)] as const),
  ['url', t('basemap.url')],
  ['pmtiles', t('basemap.pmtiles')],
];

/** The tile of a `{z}/{x}/{y}` template that holds Japan and East Asia: what the preview shows. */
const PREVIEW_TILE = { z: 2, x: 3, y: 1 };
const previewOf = (template: string) => template.replace('{z}', String(PREVIEW_TILE.z)).replace('{x}', String(PREVIEW_TILE.x)).replace('{y}', String(PREVIEW_TILE.y));
// Natural Earth II's eastern half at its first level, from the `cesium` package (a TMS: no network).
const NATURAL_EARTH_PREVIEW = '/cesium/Assets/Textures/NaturalEarthII/0/1/0.jpg';

/**
 * The Map tab's basemap (docs/contract.md §14): whether one shows, which (`property.tiles[0]`, the bottom one;
 * any entries above it stay as they are), its opacity, and a preview tile of it. A URL basemap is
 * written once it has its URL; a PMTiles basemap once its archive is read and holds tiles a basemap draws (images or vector tiles).
 */
export function basemapPicker(state: EditorState): HTMLElement {
  const tilesOf = (): Tile[] | undefined => state.scene.property.tiles;
  const write = (base: Tile | undefined) =>
    state.update((s) => {
      const rest = tilesOf()?.slice(1) ?? [];
      s.property.tiles = base ? [base, ...rest] : [];
    });
  const chosen = (): Tile => {
    const tile: Tile = { type: kind.value as TileType, opacity: Number(opacity.value) };
    if (kind.value === 'url') tile.url = url.value.trim();
    if (kind.value === 'pmtiles') tile.assetId = archive.value;
    return tile;
  };
  // A choice that needs more (a URL, a readable archive) before it is written stays shown meanwhile.
  let pending: string | undefined;
  const apply = () => {
    pending = kind.value;
    if (kind.value === 'url' && !url.value.trim()) return render();
    if (kind.value === 'pmtiles') return void applyArchive();
    written();
  };
  const written = () => {
    pending = undefined;
    shown.checked = true;
    write(chosen());
  };
  // An archive is written only once it is read and found to hold images.
  const applyArchive = async () => {
    render();
    const asset = pmtilesAssets(state).find((a) => a.id === archive.value);
    if (!asset) return;
    const info = await archives.info(asset);
    if (pending === 'pmtiles' && archive.value === asset.id && !info.refusal) written();
  };
  const archives = new PmtilesBasemaps(state);
  // What is known of the chosen archive (`of`, its asset id): kept while that archive stays chosen, so
  // that a redraw for another change (a save, the opacity) neither blanks the preview nor makes a new URL of it.
  let archiveInfo: (PmtilesBasemapInfo & { of: string }) | undefined;
  const kind = select(choices(), 'default', apply, t('basemap.title'), 'basemap');
  const url = textInput({ type: 'url', placeholder: 'https://…/{z}/{x}/{y}.png', label: t('basemap.tileUrl'), testid: 'basemap-url', onChange: apply });
  const archive = h('select', { class: 'ui-select', 'aria-label': t('basemap.archiveLabel'), 'data-testid': 'basemap-archive', onchange: apply });
  const archiveField = field(t('basemap.archive'), archive);
  const refusal = h('p', { class: 'hint error', role: 'alert', 'data-testid': 'basemap-refusal' });
  const opacity = h('input', { type: 'range', min: 0, max: 1, step: 0.05, 'aria-label': t('basemap.opacity'), 'data-testid': 'imagery-opacity', oninput: () => shown.checked && !pending && write(chosen()) });
  // Switched on while a choice is not complete, the basemap shown is the offline one.
  const shown = h('input', { type: 'checkbox', 'data-testid': 'imagery-show', onchange: () => {
    const base = pending ? { type: 'default' as const, opacity: Number(opacity.value) } : chosen();
    pending = undefined;
    write(shown.checked ? base : undefined);
  } });
  const preview = h('img', { class: 'basemap-preview', width: 96, height: 96, alt: '', 'data-testid': 'basemap-preview' });
  // The object URL of the archive tile the preview shows, if it shows one: revoked once it shows another thing
  // (the panel itself lives as long as the page: editor-tabs.ts keeps every panel it built).
  let previewBlob: { blob: Blob; url: string } | undefined;
  const urlOfPreview = (blob: Blob | undefined): string => {
    if (previewBlob && previewBlob.blob !== blob) {
      URL.revokeObjectURL(previewBlob.url);
      previewBlob = undefined;
    }
    if (blob && !previewBlob) previewBlob = { blob, url: URL.createObjectURL(blob) };
    return previewBlob?.url ?? '';
  };
  const credit = h('p', { class: 'hint', 'data-testid': 'basemap-credit' });

  function renderArchives(base: Tile | undefined): void {
    const assets = pmtilesAssets(state);
    const wanted = [['', assets.length ? t('basemap.chooseArchive') : t('basemap.noArchive')], ...assets.map((a) => [a.id, a.name])];
    if (archive.options.length !== wanted.length || wanted.some(([v], i) => archive.options[i]!.value !== v)) {
      const keep = archive.value;
      archive.replaceChildren(...wanted.map(([v, text]) => h('option', { value: v!, disabled: v === '' }, text!)));
      archive.value = keep;
    }
    if (!pending && base?.type === 'pmtiles' && base.assetId) archive.value = base.assetId;
    if (!archive.value) archive.value = '';
    archiveField.hidden = kind.value !== 'pmtiles';
    const asset = assets.find((a) => a.id === archive.value);
    if (archiveInfo?.of !== asset?.id) archiveInfo = undefined;
    refusal.textContent = kind.value !== 'pmtiles' ? '' : !assets.length ? t('basemap.uploadArchive') : archiveInfo?.refusal ?? '';
    if (kind.value !== 'pmtiles' || !asset) return;
    void archives.info(asset).then((info) => {
      if (archive.value !== asset.id || kind.value !== 'pmtiles') return;
      archiveInfo = { ...info, of: asset.id };
      refusal.textContent = info.refusal ?? '';
      showCreditAndPreview();
    });
  }

  function render(): void {
    const tiles = tilesOf();
    const base = tiles?.[0];
    shown.checked = !tiles || tiles.length > 0;
    const type = base?.type ?? 'default';
    // `osm` and `wms` entries (written by hand or a plugin) show as what they are closest to.
    kind.value = pending ?? ([...kind.options].some((o) => o.value === type) ? type : 'url');
    showValue(url, typeof base?.url === 'string' ? base.url : url.value);
    url.hidden = kind.value !== 'url';
    showValue(opacity, String(base?.opacity ?? 1));
    renderArchives(base);
    showCreditAndPreview();
  }

  function showCreditAndPreview(): void {
    const archiveSrc = urlOfPreview(kind.value === 'pmtiles' ? archiveInfo?.preview : undefined);
    const src = kind.value === 'default'
      ? NATURAL_EARTH_PREVIEW
      : isNamedBasemap(kind.value) ? previewOf(NAMED_BASEMAPS[kind.value].url)
      : kind.value === 'pmtiles' ? archiveSrc
      : url.value.includes('{z}') ? previewOf(url.value) : '';
    if (preview.getAttribute('src') !== src) {
      if (src) preview.src = src;
      else preview.removeAttribute('src');
    }
    preview.hidden = !src || !shown.checked;
    // The credit as text: the globe's credit line carries the links.
    credit.textContent = isNamedBasemap(kind.value)
      ? t('basemap.credit', { credit: new DOMParser().parseFromString(NAMED_BASEMAPS[kind.value].credit, 'text/html').body.textContent ?? '' })
      : kind.value === 'pmtiles' && archiveInfo && !archiveInfo.refusal ? (archiveInfo.credit ? t('basemap.credit', { credit: archiveInfo.credit }) : t('basemap.noCredit')) : '';
  }
  state.onChange(render);
  render();
  return h('div', { class: 'basemap', 'data-testid': 'basemap-picker' },
    h('div', { class: 'basemap-fields' },
      h('label', { class: 'check' }, shown, h('span', {}, t('basemap.show'))),
      field(t('basemap.title'), kind),
      url,
      archiveField,
      refusal,
      field(t('raster.opacity'), opacity),
      credit,
    ),
    preview,
  );
}
