import { h } from '../ui/dom.js';
import { type EditorState, layerTypeOf } from './editor-state.js';

/**
 * Where the terrain comes from (docs/contract.md §4, §17): a quantized-mesh URL (the field beside it), GSI's
 * elevation tiles of Japan, or an elevation GeoTIFF of the project (`dem`). Writes
 * `property.terrain` through the state, with `terrain` the section it writes into.
 */
export function terrainSourceSelect(state: EditorState, terrain: () => Record<string, unknown>): { element: HTMLSelectElement; render(): void } {
  const element = h('select', { 'aria-label': 'Terrain source', 'data-testid': 'terrain-source' });
  element.addEventListener('change', () => state.update(() => {
    const t = terrain();
    delete t.assetId;
    if (element.value === 'gsi') {
      t.type = 'gsi';
      delete t.url;
    } else if (element.value.startsWith('dem:')) {
      t.type = 'dem';
      t.assetId = element.value.slice('dem:'.length);
      delete t.url;
    } else if (t.type === 'gsi' || t.type === 'dem') {
      delete t.type;
    }
  }));
  return {
    element,
    render() {
      const current = (state.scene.property as { terrain?: Record<string, unknown> }).terrain ?? {};
      const value = current.type === 'gsi' ? 'gsi' : current.type === 'dem' ? `dem:${String(current.assetId)}` : '';
      const dems = state.assets.filter((a) => layerTypeOf(a) === 'geotiff');
      element.replaceChildren(
        h('option', { value: '' }, 'A quantized-mesh URL'),
        h('option', { value: 'gsi' }, 'GSI elevation tiles (Japan)'),
        ...dems.map((a) => h('option', { value: `dem:${a.id}` }, `DEM: ${a.name}`)),
      );
      element.value = value;
    },
  };
}
