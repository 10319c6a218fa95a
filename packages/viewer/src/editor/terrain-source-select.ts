import { h } from '../ui/dom.js';
import { type EditorState, layerTypeOf } from './editor-state.js';
import { t } from '../ui/i18n.js';

/**
 * Where the terrain comes from (docs/contract.md §4, §17): a quantized-mesh URL (the field beside it), GSI's
 * elevation tiles of Japan, or an elevation GeoTIFF of the project (`dem`). Writes
 * `property.terrain` through the state, with `terrain` the section it writes into.
 */
export function terrainSourceSelect(state: EditorState, terrain: () => Record<string, unknown>): { element: HTMLSelectElement; render(): void } {
  const element = h('select', { 'aria-label': t('scene.terrainSource'), 'data-testid': 'terrain-source' });
  element.addEventListener('change', () => state.update(() => {
    const section = terrain();
    delete section.assetId;
    if (element.value === 'gsi') {
      section.type = 'gsi';
      delete section.url;
    } else if (element.value.startsWith('dem:')) {
      section.type = 'dem';
      section.assetId = element.value.slice('dem:'.length);
      delete section.url;
    } else if (section.type === 'gsi' || section.type === 'dem') {
      delete section.type;
    }
  }));
  return {
    element,
    render() {
      const current = (state.scene.property as { terrain?: Record<string, unknown> }).terrain ?? {};
      const value = current.type === 'gsi' ? 'gsi' : current.type === 'dem' ? `dem:${String(current.assetId)}` : '';
      const dems = state.assets.filter((a) => layerTypeOf(a) === 'geotiff');
      element.replaceChildren(
        h('option', { value: '' }, t('scene.terrainFromUrl')),
        h('option', { value: 'gsi' }, t('scene.terrainGsi')),
        ...dems.map((a) => h('option', { value: `dem:${a.id}` }, t('scene.terrainDem', { name: a.name }))),
      );
      element.value = value;
    },
  };
}
