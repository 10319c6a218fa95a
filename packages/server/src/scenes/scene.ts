import { arr, bool, check, fail, num, obj, type Schema, str } from './schema.js';

/** The initial view: degrees and metres; pitch -90 looks straight down. */
export interface Camera {
  lng: number;
  lat: number;
  height: number;
  heading: number;
  pitch: number;
  roll: number;
}

export const LAYER_TYPES = ['geojson', 'czml', 'kml', '3dtiles', 'gltf', 'imagery'] as const;
export type LayerType = (typeof LAYER_TYPES)[number];

/** A layer shows a project asset (`assetId`) or a URL (`url`): exactly one of the two. */
export interface Layer {
  id: string;
  title: string;
  type: LayerType;
  url?: string;
  assetId?: string;
  visible: boolean;
}

export interface StoryPage {
  id: string;
  title: string;
  text: string;
  camera: Camera;
}

/** Where an installed plugin's widget sits, and whether it runs. */
export interface WidgetPlacement {
  pluginId: string;
  extensionId: string;
  enabled: boolean;
  area?: 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
}

/** The viewer's settings (SPEC §4; the seed's ViewerProperty). Only explicitly set values are kept. */
export type ViewerProperty = Record<string, unknown>;

export interface Scene {
  property: ViewerProperty;
  camera: Camera;
  layers: Layer[];
  widgets: WidgetPlacement[];
  story: { pages: StoryPage[] };
}

const color = str({ pattern: /^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/, maxLength: 9 });
const httpUrl = str({ pattern: /^(https?:\/\/|\/)[^\s]*$/, maxLength: 2000 });
const id = str({ pattern: /^[A-Za-z0-9_-]{1,100}$/ });

const cameraSchema = obj(
  {
    lng: num({ min: -180, max: 180 }),
    lat: num({ min: -90, max: 90 }),
    height: num({ min: -10_000, max: 1e9 }),
    heading: num({ min: -360, max: 360 }),
    pitch: num({ min: -90, max: 90 }),
    roll: num({ min: -360, max: 360 }),
  },
  ['lng', 'lat', 'height', 'heading', 'pitch', 'roll'],
);

/** Every ViewerProperty field Orbis applies; anything else is refused so that typos show. */
export const viewerPropertySchema = obj({
  globe: obj({
    enabled: bool,
    baseColor: color,
    enableLighting: bool,
    showGroundAtmosphere: bool,
    depthTestAgainstTerrain: bool,
  }),
  terrain: obj({
    enabled: bool,
    type: str({ oneOf: ['cesium', 'cesiumion', 'arcgis'] }),
    url: httpUrl,
    ionAssetId: num({ integer: true, min: 1 }),
    ionAccessToken: str({ maxLength: 2000 }),
    exaggeration: num({ min: 0, max: 100 }),
  }),
  scene: obj({
    backgroundColor: color,
    fog: bool,
    shadows: bool,
    mode: str({ oneOf: ['3d', '2d', 'columbus'] }),
  }),
  tiles: arr(
    obj(
      {
        id: id,
        type: str({ oneOf: ['default', 'url', 'wms', 'osm'] }),
        url: httpUrl,
        layers: str({ maxLength: 500 }),
        opacity: num({ min: 0, max: 1 }),
        show: bool,
      },
      ['type'],
    ),
    20,
  ),
  sky: obj({ show: bool, atmosphere: bool, sun: bool, moon: bool }),
  camera: obj({ minimumZoomDistance: num({ min: 0 }), maximumZoomDistance: num({ min: 0 }), enableTilt: bool, enableRotate: bool }),
  render: obj({ antialias: bool, resolutionScale: num({ min: 0.1, max: 4 }), debugFramesPerSecond: bool }),
});

const layerSchema = obj(
  {
    id,
    title: str({ maxLength: 200 }),
    type: str({ oneOf: LAYER_TYPES }),
    url: httpUrl,
    assetId: str({ pattern: /^[0-9A-HJKMNP-TV-Z]{26}$/ }),
    visible: bool,
  },
  ['id', 'title', 'type', 'visible'],
);

export const sceneSchema: Schema = obj(
  {
    property: viewerPropertySchema,
    camera: cameraSchema,
    layers: arr(layerSchema, 500),
    widgets: arr(
      obj(
        { pluginId: id, extensionId: id, enabled: bool, area: str({ oneOf: ['top-left', 'top-right', 'bottom-left', 'bottom-right'] }) },
        ['pluginId', 'extensionId', 'enabled'],
      ),
      200,
    ),
    story: obj({ pages: arr(obj({ id, title: str({ maxLength: 200 }), text: str({ maxLength: 20_000, allowEmpty: true }), camera: cameraSchema }, ['id', 'title', 'text', 'camera']), 500) }, ['pages']),
  },
  ['property', 'camera', 'layers', 'widgets', 'story'],
);

/** A scene for a project that has none yet: the whole globe, nothing on it. */
export function defaultScene(): Scene {
  return {
    property: {},
    camera: { lng: 139.7, lat: 35.7, height: 15_000_000, heading: 0, pitch: -90, roll: 0 },
    layers: [],
    widgets: [],
    story: { pages: [] },
  };
}

/**
 * Checks a scene document: every field's type and range, no unknown field, each layer with exactly
 * one of `url` and `assetId`, unique layer and page ids. Throws an InputError naming the path.
 */
export function validateScene(value: unknown): Scene {
  check(value, sceneSchema);
  const scene = value as Scene;
  const layerIds = new Set<string>();
  scene.layers.forEach((layer, i) => {
    if ((layer.url === undefined) === (layer.assetId === undefined)) {
      fail(`layers[${i}]`, 'needs exactly one of "url" and "assetId"');
    }
    if (layerIds.has(layer.id)) fail(`layers[${i}].id`, `repeats the id "${layer.id}" of an earlier layer`);
    layerIds.add(layer.id);
  });
  const pageIds = new Set<string>();
  scene.story.pages.forEach((page, i) => {
    if (pageIds.has(page.id)) fail(`story.pages[${i}].id`, `repeats the id "${page.id}" of an earlier page`);
    pageIds.add(page.id);
  });
  return scene;
}
