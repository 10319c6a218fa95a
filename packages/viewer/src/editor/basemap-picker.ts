import type { SceneViewerProperty, TileType } from '@orbis/scene';
import { NAMED_BASEMAPS, isNamedBasemap } from '../engine/basemaps.js';
import { field, select, textInput } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { showValue } from './dom.js';
import type { EditorState } from './editor-state.js';

type Tile = NonNullable<SceneViewerProperty['tiles']>[number];

const CHOICES: readonly (readonly [string, string])[] = [
  ['default', 'Natural Earth II (offline)'],
  ...Object.entries(NAMED_BASEMAPS).map(([type, b]) => [type, b.label] as const),
  ['url', 'Tile URL ({z}/{x}/{y})'],
];

/** The tile of a `{z}/{x}/{y}` template that holds Japan and East Asia: what the preview shows. */
const PREVIEW_TILE = { z: 2, x: 3, y: 1 };
const previewOf = (template: string) => template.replace('{z}', String(PREVIEW_TILE.z)).replace('{x}', String(PREVIEW_TILE.x)).replace('{y}', String(PREVIEW_TILE.y));
// Natural Earth II's eastern half at its first level, from the `cesium` package (a TMS: no network).
const NATURAL_EARTH_PREVIEW = '/cesium/Assets/Textures/NaturalEarthII/0/1/0.jpg';

/**
 * The Map tab's basemap (SPEC §14): whether one shows, which (`property.tiles[0]`, the bottom one;
 * any entries above it stay as they are), its opacity, and a preview tile of it. A URL basemap is
 * written once it has its URL.
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
    return tile;
  };
  const apply = () => {
    url.hidden = kind.value !== 'url';
    if (kind.value === 'url' && !url.value.trim()) return;
    shown.checked = true;
    write(chosen());
  };
  const kind = select(CHOICES, 'default', apply, 'Basemap', 'basemap');
  const url = textInput({ type: 'url', placeholder: 'https://…/{z}/{x}/{y}.png', label: 'Basemap tile URL', testid: 'basemap-url', onChange: apply });
  const opacity = h('input', { type: 'range', min: 0, max: 1, step: 0.05, 'aria-label': 'Basemap opacity', 'data-testid': 'imagery-opacity', oninput: () => shown.checked && write(chosen()) });
  const shown = h('input', { type: 'checkbox', 'data-testid': 'imagery-show', onchange: () => write(shown.checked ? chosen() : undefined) });
  const preview = h('img', { class: 'basemap-preview', width: 96, height: 96, alt: '', 'data-testid': 'basemap-preview' });
  const credit = h('p', { class: 'hint', 'data-testid': 'basemap-credit' });

  function render(): void {
    const tiles = tilesOf();
    const base = tiles?.[0];
    shown.checked = !tiles || tiles.length > 0;
    const type = base?.type ?? 'default';
    // `osm` and `wms` entries (written by hand or a plugin) show as what they are closest to.
    if (document.activeElement !== kind) kind.value = CHOICES.some(([v]) => v === type) ? type : 'url';
    showValue(url, typeof base?.url === 'string' ? base.url : url.value);
    url.hidden = kind.value !== 'url';
    showValue(opacity, String(base?.opacity ?? 1));
    const src = kind.value === 'default' ? NATURAL_EARTH_PREVIEW : isNamedBasemap(kind.value) ? previewOf(NAMED_BASEMAPS[kind.value].url) : url.value.includes('{z}') ? previewOf(url.value) : '';
    if (preview.getAttribute('src') !== src) {
      if (src) preview.src = src;
      else preview.removeAttribute('src');
    }
    preview.hidden = !src || !shown.checked;
    // The credit as text: the globe's credit line carries the links.
    credit.textContent = isNamedBasemap(kind.value) ? `Credit: ${new DOMParser().parseFromString(NAMED_BASEMAPS[kind.value].credit, 'text/html').body.textContent}` : '';
  }
  state.onChange(render);
  render();
  return h('div', { class: 'basemap', 'data-testid': 'basemap-picker' },
    h('div', { class: 'basemap-fields' },
      h('label', { class: 'check' }, shown, h('span', {}, 'Show a basemap')),
      field('Basemap', kind),
      url,
      field('Opacity', opacity),
      credit,
    ),
    preview,
  );
}
