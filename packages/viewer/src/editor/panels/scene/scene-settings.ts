import { h } from 'preact';
import type { EditorState } from '../../state/editor-state.js';
import { TextField } from '../../../ui/text-field.js';
import { DEM_BY_URL, TerrainSourceSelect, terrainSourceOf } from './terrain-source-select.js';
import { t } from '../../../ui/i18n.js';

type Section = Record<string, unknown>;

const sectionOf = (value: unknown): Section | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Section) : undefined;

/** A checkbox that writes `on` through `write` when its user changes it. */
function Check({ label, testid, checked, write }: { label: string; testid: string; checked: boolean; write: (on: boolean) => void }) {
  return h(
    'label',
    {},
    h('input', { type: 'checkbox', 'data-testid': testid, checked, onChange: (e: Event) => write((e.currentTarget as HTMLInputElement).checked) }),
    ' ',
    label,
  );
}

/** Terrain, sky and globe: each writes a section of the scene's ViewerProperty (docs/contract.md §4). */
export function SceneSettings({ state }: { state: EditorState }) {
  const property = state.scene.property as Record<string, unknown>;
  // The panel writes sections by name; the server checks each against the scene schema.
  const write = (key: string) => (change: (section: Section) => void) =>
    state.update((s) => {
      const all = s.property as Record<string, unknown>;
      change(sectionOf(all[key]) ?? (all[key] = {}));
    });
  const terrain = sectionOf(property.terrain) ?? {};
  const demByUrl = terrainSourceOf(terrain) === DEM_BY_URL;
  const sky = sectionOf(property.sky) ?? {};
  const globe = sectionOf(property.globe) ?? {};
  return h(
    'div',
    { class: 'settings' },
    h(Check, {
      label: t('scene.terrain'),
      testid: 'terrain-enabled',
      checked: terrain.enabled === true,
      write: (on) => write('terrain')((s) => (s.enabled = on)),
    }),
    h(TerrainSourceSelect, { state, terrain, write: write('terrain') }),
    h(TextField, {
      type: 'url',
      placeholder: t(demByUrl ? 'scene.terrainDemUrlPlaceholder' : 'scene.terrainUrlPlaceholder'),
      'aria-label': t(demByUrl ? 'scene.terrainDemUrlPlaceholder' : 'scene.terrainUrl'),
      'data-testid': 'terrain-url',
      hidden: terrain.type === 'gsi' || (terrain.type === 'dem' && !demByUrl),
      value: typeof terrain.url === 'string' ? terrain.url : '',
      onCommit: (url) =>
        write('terrain')((s) => {
          // A GeoTIFF's URL for a DEM by URL (docs/rasters.md), a quantized-mesh URL otherwise.
          if (url) Object.assign(s, { type: demByUrl ? 'dem' : 'cesium', url });
          else if (demByUrl) delete s.url;
          else {
            delete s.type;
            delete s.url;
          }
        }),
    }),
    h(Check, { label: t('scene.skyBox'), testid: 'sky-show', checked: sky.show !== false, write: (on) => write('sky')((s) => (s.show = on)) }),
    h(Check, {
      label: t('scene.atmosphere'),
      testid: 'sky-atmosphere',
      checked: sky.atmosphere !== false,
      write: (on) => write('sky')((s) => (s.atmosphere = on)),
    }),
    h(
      'label',
      {},
      t('scene.globeColour'),
      ' ',
      h('input', {
        type: 'color',
        'data-testid': 'globe-color',
        value: typeof globe.baseColor === 'string' ? globe.baseColor.slice(0, 7) : '#000080',
        onChange: (e: Event) => {
          const colour = (e.currentTarget as HTMLInputElement).value;
          write('globe')((s) => (s.baseColor = colour));
        },
      }),
    ),
  );
}
