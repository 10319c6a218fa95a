import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AssetService } from '../assets/asset-service.js';
import type { PluginService } from '../plugins/plugin-service.js';
import { validatePluginPackage } from '../plugins/plugin-package.js';
import type { ProjectService } from '../projects/project-service.js';
import type { Scene } from '@orbis/scene';
import type { SceneService } from '../scenes/scene-service.js';
import { type Store, StoreConflictError } from '../store/store.js';
import { DEMO_MODEL_LAYER, seedDemoModel } from './demo-model.js';

export const DEMO_ALIAS = 'demo';
const DEMO_META_KEY = 'demo.created';

/** The demo's files, shipped in `packages/server/demo-data`. */
export const DEMO_DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'demo-data');
export const DEMO_PUBLIC_FILES = ['landmarks.geojson', 'flight-hnd-cts.czml', 'central-park.kml', 'prefectures.csv'];
export const DEMO_PRIVATE_FILES = ['survey-draft.csv'];
/** Example plugins the demo has installed, from `examples/plugins/` at the repository root. */
export const EXAMPLES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'examples', 'plugins');
export const DEMO_PLUGINS = ['coordinates', 'sky-toggle', 'measure', 'bookmarks'];

function examplePlugin(name: string) {
  const folder = join(EXAMPLES_DIR, name);
  const files = Object.fromEntries(
    readdirSync(folder)
      .filter((f) => f.endsWith('.js'))
      .map((f) => [f, readFileSync(join(folder, f), 'utf8')]),
  );
  return validatePluginPackage(JSON.parse(readFileSync(join(folder, 'plugin.json'), 'utf8')), files);
}

/** Landmarks coloured by category (docs/contract.md §7), with labels and an infobox. */
const LANDMARK_COLOURS: [string, string][] = [
  ["${category} === 'tower'", "color('#ff5a5f')"],
  ["${category} === 'monument'", "color('#ffc247')"],
  ["${category} === 'nature'", "color('#4cd07d')"],
  ['true', "color('#5aa2ff')"],
];

/** Prefectures by population, graduated: a colour ramp and a size that grow with it. */
const PREFECTURE_COLOURS: [string, string][] = [
  ['${population} >= 5000000', "color('#b30000')"],
  ['${population} >= 2000000', "color('#e34a33')"],
  ['true', "color('#fdbb84')"],
];

/** The demo's scene: its four public files as layers, styled, Japan in view, a three-page story. */
export function demoScene(layerAssetIds: string[]): Scene {
  const [landmarks, flight, parks, prefectures] = layerAssetIds;
  return {
    property: { sky: { atmosphere: true }, globe: { enableLighting: false } },
    camera: { lng: 139.9, lat: 37.6, height: 1_900_000, heading: 0, pitch: -90, roll: 0 },
    layers: [
      {
        id: 'prefectures',
        title: 'Prefectures by population (2020 census)',
        type: 'csv',
        assetId: prefectures!,
        visible: true,
        appearance: {
          marker: {
            pointColor: { conditions: PREFECTURE_COLOURS },
            pointSize: { expression: 'clamp(6 + ${population} / 1000000 * 2, 6, 30)' },
            pointOutlineColor: 'white',
            pointOutlineWidth: 1,
          },
        },
        infobox: {
          title: "${prefecture} + ' prefecture'",
          fields: [
            { label: 'Prefectural office', value: '${capital}' },
            { label: 'Population (2020)', value: '${population}', format: 'number' },
          ],
        },
      },
      {
        id: 'landmarks',
        title: 'World landmarks',
        type: 'geojson',
        assetId: landmarks!,
        visible: true,
        appearance: {
          marker: {
            style: 'point',
            pointColor: { conditions: LANDMARK_COLOURS },
            pointSize: 12,
            pointOutlineColor: 'white',
            pointOutlineWidth: 2,
            label: true,
            labelText: { expression: '${name}' },
            labelSize: 14,
          },
        },
        infobox: {
          title: '${name}',
          fields: [
            { label: 'City', value: '${city}' },
            { label: 'Category', value: '${category}' },
            { label: 'Height (m)', value: '${heightM}' },
          ],
        },
      },
      { id: 'flight', title: 'Haneda to New Chitose', type: 'czml', assetId: flight!, visible: true },
      { id: 'parks', title: 'Parks', type: 'kml', assetId: parks!, visible: true },
      DEMO_MODEL_LAYER,
    ],
    // The bookmarks sit top left: the legend takes the right side under the other two widgets.
    widgets: [{ pluginId: 'bookmarks', extensionId: 'main', enabled: true, area: 'top-left' }],
    story: {
      pages: [
        {
          id: 'tokyo',
          title: 'Tokyo',
          text: '**Tokyo Tower** and **Tokyo Skytree**, with *Mount Fuji* to the south-west.\n\nThe markers come from `landmarks.geojson`; click one to read about it.',
          layers: ['prefectures', 'landmarks', 'parks'],
          camera: { lng: 139.47, lat: 35.0, height: 80_000, heading: 20, pitch: -45, roll: 0 },
        },
        {
          id: 'flight',
          title: 'North to Hokkaido',
          text: 'A flight from **Haneda** to **New Chitose**: about 90 minutes.\n\n- 820 km as the crow flies\n- one of the busiest air routes in the world',
          layers: ['flight'],
          camera: { lng: 140.8, lat: 37.5, height: 1_500_000, heading: 0, pitch: -75, roll: 0 },
        },
        {
          id: 'new-york',
          title: 'New York',
          text: '[Central Park](https://en.wikipedia.org/wiki/Central_Park), from 59th to 110th Street.',
          layers: ['landmarks', 'parks'],
          camera: { lng: -73.965, lat: 40.74, height: 6_000, heading: 20, pitch: -45, roll: 0 },
        },
      ],
    },
  };
}

/**
 * Creates the public `demo` project with real, small assets, a scene and its published page,
 * once per database: deleting the demo later does not bring it back on the next start.
 * Returns whether it created it.
 */
export async function seedDemo(store: Store, projects: ProjectService, assets: AssetService, scenes: SceneService, plugins: PluginService): Promise<boolean> {
  if ((await store.getMeta(DEMO_META_KEY)) !== undefined) return false;
  if (await store.getProjectByAlias(DEMO_ALIAS)) {
    await store.setMeta(DEMO_META_KEY, new Date().toISOString());
    return false;
  }
  let project;
  try {
    project = await projects.create({
      alias: DEMO_ALIAS,
      name: 'Orbis demo',
      visibility: 'public',
      description: 'Landmarks of Tokyo and New York and a flight to Hokkaido, told as a three-page story on a 3D globe.',
    });
  } catch (err) {
    // Another process of the deployment, starting at the same moment, made it first.
    if (err instanceof StoreConflictError) return false;
    throw err;
  }
  const open = (name: string) => ({ name, stream: createReadStream(join(DEMO_DATA_DIR, name)) });
  const shown = await assets.add(project, DEMO_PUBLIC_FILES.map(open), true);
  await assets.add(project, DEMO_PRIVATE_FILES.map(open), false);
  await seedDemoModel(store, project, DEMO_DATA_DIR);
  await scenes.put(project, demoScene(shown.map((a) => a.id)));
  for (const name of DEMO_PLUGINS) await plugins.install(project, examplePlugin(name));
  await scenes.publish(project);
  await store.setMeta(DEMO_META_KEY, new Date().toISOString());
  return true;
}
