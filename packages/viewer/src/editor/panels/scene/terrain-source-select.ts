import { h } from 'preact';
import { type EditorState, layerTypeOf } from '../../state/editor-state.js';
import { t } from '../../../ui/i18n.js';

/** The select's value for a DEM named by URL (a GeoTIFF's, in the field beside it). */
export const DEM_BY_URL = 'dem-url';

/** What the select shows for a terrain section: its own value for GSI and a DEM (an asset, or by URL), blank for a quantized-mesh URL (or none). */
export function terrainSourceOf(terrain: Record<string, unknown>): string {
  if (terrain.type === 'dem') return terrain.assetId === undefined ? DEM_BY_URL : `dem:${String(terrain.assetId)}`;
  return terrain.type === 'gsi' ? 'gsi' : '';
}

/** Writes the choice `value` of the select into the scene's `property.terrain` section. */
export function chooseTerrainSource(section: Record<string, unknown>, value: string): void {
  delete section.assetId;
  if (value === 'gsi') {
    section.type = 'gsi';
    delete section.url;
  } else if (value === DEM_BY_URL) {
    // The GeoTIFF's URL is typed in the field beside, as a quantized-mesh URL is.
    section.type = 'dem';
    delete section.url;
  } else if (value.startsWith('dem:')) {
    section.type = 'dem';
    section.assetId = value.slice('dem:'.length);
    delete section.url;
  } else if (section.type === 'gsi' || section.type === 'dem') {
    // Their URL (GSI-encoded tiles, a GeoTIFF) is no quantized-mesh URL.
    delete section.type;
    delete section.url;
  }
}

/**
 * Where the terrain comes from (docs/contract.md §4, §17): a quantized-mesh URL (the field beside it), GSI's
 * elevation tiles of Japan, an elevation GeoTIFF of the project (`dem`), or one by URL (the field beside it). `terrain` is the
 * section as the scene holds it; `write` changes it through the state.
 */
export function TerrainSourceSelect({
  state,
  terrain,
  write,
}: {
  state: EditorState;
  terrain: Record<string, unknown>;
  write: (change: (section: Record<string, unknown>) => void) => void;
}) {
  const dems = state.assets.filter((a) => layerTypeOf(a) === 'geotiff');
  return h(
    'select',
    {
      'aria-label': t('scene.terrainSource'),
      'data-testid': 'terrain-source',
      value: terrainSourceOf(terrain),
      onChange: (e: Event) => {
        const value = (e.currentTarget as HTMLSelectElement).value;
        write((section) => chooseTerrainSource(section, value));
      },
    },
    h('option', { value: '' }, t('scene.terrainFromUrl')),
    h('option', { value: 'gsi' }, t('scene.terrainGsi')),
    h('option', { value: DEM_BY_URL }, t('scene.terrainDemUrl')),
    dems.map((a) => h('option', { key: a.id, value: `dem:${a.id}` }, t('scene.terrainDem', { name: a.name }))),
  );
}
