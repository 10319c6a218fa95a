import type { CameraPosition, EngineCamera } from '../src/engine/engine-camera.js';
import type { FeatureData, PluginLayerSource } from '../src/engine/engine-plugin-layers.js';
import type { Layer as SceneLayer } from '@orbis/scene';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { ClientStorage, MemoryBackend } from '../src/plugins/host/client-storage.js';
import type { SandboxMaker } from '../src/plugins/sandbox/sandbox.js';
import type { SandboxLimits } from '../src/plugins/sandbox/sandbox-limits.js';
import { PluginHost } from '../src/plugins/plugin-host.js';
import type { InstalledPlugin, ViewerServices } from '../src/plugins/viewer-services.js';
import type { LayerServices, SelectedFeature } from '../src/plugins/host/plugin-layers.js';
import { testTools } from './test-tools.js';

/**
 * For the host's unit tests only (test doubles: the real viewer services are tested in the browser).
 *
 * A camera that keeps a position and records every call, so a test sees exactly what a plugin asked the engine for. The real camera (engine/cesium/cesium-camera.ts)
 * is tested in the browser (e2e/plugins-camera.test.ts).
 */
export function testCamera() {
  const calls: { op: string; args: unknown[] }[] = [];
  let position: CameraPosition = { lng: 139, lat: 35, height: 1000, heading: 0, pitch: -Math.PI / 2, roll: 0, fov: 1 };
  let moved: (() => void) | undefined;
  const record =
    (op: string) =>
    (...args: unknown[]) => {
      calls.push({ op, args });
    };
  const camera: EngineCamera = {
    position: () => ({ ...position }),
    aspectRatio: () => 4 / 3,
    viewRectangle: () => ({ west: 138, south: 34, east: 140, north: 36 }),
    flyTo: (target, seconds) => {
      calls.push({ op: 'flyTo', args: [target, seconds] });
      position = { ...position, ...target };
    },
    flyToBoundingBox: record('flyToBoundingBox'),
    lookAt: record('lookAt'),
    zoom: record('zoom'),
    rotateRight: record('rotateRight'),
    rotateAround: record('rotateAround'),
    orbit: record('orbit'),
    move: record('move'),
    moveOverTerrain: record('moveOverTerrain'),
    enableController: record('enableController'),
    forceHorizontalRoll: record('forceHorizontalRoll'),
    resetController: record('resetController'),
    overrideController: record('overrideController'),
    globeIntersection: (withTerrain, calcViewSize) => ({
      center: { lng: 139, lat: 35, height: withTerrain ? 5 : 0 },
      distance: 1000,
      ...(calcViewSize ? { viewSize: 1500 } : {}),
    }),
    onMove: (listener) => {
      moved = listener;
      return () => (moved = undefined);
    },
  };
  /** The engine drew a frame in which the camera moved to `to`. */
  const frame = (to: Partial<CameraPosition>) => {
    position = { ...position, ...to };
    moved?.();
  };
  return { camera, calls, frame };
}

/** Viewer services that record what plugins asked for and answer fixed values. */
/**
 * The page's layers for the host's unit tests: two scene layers (one with features), an engine
 * that records what it was asked and "loads" a layer on the next tick, and a selection.
 */
export function testLayers() {
  const calls: { op: string; args: unknown[] }[] = [];
  const scene: SceneLayer[] = [
    { id: 'landmarks', title: 'Landmarks', type: 'geojson', url: 'https://example.org/landmarks.geojson', visible: true },
    { id: 'city', title: 'City', type: '3dtiles', assetId: 'ast_city', visible: false },
  ];
  const features: Record<string, Record<string, FeatureData>> = { landmarks: { tower: { properties: { name: 'Tokyo Tower', height: 333 } } } };
  let selected: SelectedFeature[] = [];
  const listeners = new Set<(f: SelectedFeature[]) => void>();
  const select = (f: SelectedFeature[]) => {
    selected = f;
    for (const l of listeners) l(f);
  };
  const layers: LayerServices = {
    sceneLayers: () => scene,
    engine: {
      add: async (source: PluginLayerSource) => {
        calls.push({ op: 'add', args: [source] });
        await new Promise((r) => setTimeout(r, 1));
        return source.problem === undefined && source.url !== 'https://unreachable.example/x.geojson';
      },
      reload: async (source: PluginLayerSource) => {
        calls.push({ op: 'reload', args: [source] });
        await new Promise((r) => setTimeout(r, 1));
        return source.url !== 'https://unreachable.example/x.geojson';
      },
      remove: (id) => void calls.push({ op: 'remove', args: [id] }),
      setVisible: (id, visible) => void calls.push({ op: 'setVisible', args: [id, visible] }),
      order: (id, where) => void calls.push({ op: 'order', args: [id, where] }),
      restyle: (id, appearance) => void calls.push({ op: 'restyle', args: [id, appearance] }),
      feature: (layerId, featureId) => features[layerId]?.[featureId],
    },
    select: (f) => {
      calls.push({ op: 'select', args: [f] });
      select(f);
    },
    selected: () => selected,
    onSelect: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    featuresInRect: (x0, y0, x1, y1) => (x0 <= 100 && x1 >= 100 && y0 <= 100 && y1 >= 100 ? [{ layerId: 'landmarks', featureId: 'tower' }] : []),
    assetUrl: (id) => (id === 'ast_city' ? 'https://example.org/city/tileset.json' : undefined),
    rasterUrl: (source) => (source === 'ast_dem' || source === 'https://example.org/dem-cog.tif' ? '/api/p/demo/rasters/ast_dem/{z}/{x}/{y}.png' : undefined),
  };
  /** The user clicked a feature (or empty globe, with nothing). */
  const click = (feature?: SelectedFeature) => select(feature ? [feature] : []);
  return { layers, calls, scene, click };
}

export function fakeServices() {
  const calls: { op: string; args: unknown[] }[] = [];
  const camera = testCamera();
  const layers = testLayers();
  const logs: { source: string; level: string; text: string }[] = [];
  const tools = testTools();
  let viewport = { width: 640, height: 480, isMobile: false, query: { tab: 'map' } };
  // What a page keeps in IndexedDB, here in memory (the IndexedDB backend is tested in the browser).
  const storage = new MemoryBackend();
  const shown = new Set<string>();
  /** The widgets whose frame is extended. */
  const extended = new Set<string>();
  const services: ViewerServices = {
    env: { inEditor: true, isBuilt: false },
    viewport: () => viewport,
    ellipsoidRadii: [7_000_000, 7_000_000, 7_000_000],
    applyProperty: (p) => calls.push({ op: 'applyProperty', args: [p] }),
    setInteractionMode: (m) => calls.push({ op: 'mode', args: [m] }),
    locationAt: (x, y, t) => ({ lng: x / 10, lat: y / 10, height: t ? 42 : 0 }),
    screenOf: () => [320, 240],
    globeHeight: () => 12.5,
    terrainHeight: async (lng) => (lng > 0 ? 3776 : undefined),
    offsetOnScreen: (p, o) => [p[0] + o[0], p[1] + o[1], p[2]],
    isVisible: (p) => p[2] > 0,
    currentLocation: async (options) => {
      calls.push({ op: 'location', args: [options] });
      return { lat: 35.68, lng: 139.77, height: 40 };
    },
    capture: (type, quality) => `data:${type ?? 'image/png'};q=${quality ?? 'default'}`,
    open: (url) => calls.push({ op: 'open', args: [url] }),
    reload: () => calls.push({ op: 'reload', args: [] }),
    showUi: (source, html, options) => {
      calls.push({ op: 'ui.show', args: [source, html, options] });
      if (options.extended === true) extended.add(source);
      else extended.delete(source);
    },
    postToUi: (source, message) => calls.push({ op: 'ui.post', args: [source, message] }),
    resizeUi: (source, width, height, extend) => {
      calls.push({ op: 'ui.resize', args: [source, width, height, extend] });
      // The page's rule in short (frames/plugin-ui.ts): a width given without `extended` ends it.
      if (extend ?? (width === undefined && extended.has(source))) extended.add(source);
      else extended.delete(source);
    },
    // Every widget sits in the bottom-left corner here.
    widgetPlace: (source) => ({ area: 'bottom-left', extended: extended.has(source) ? 'horizontally' : undefined }),
    closeUi: (source) => calls.push({ op: 'ui.close', args: [source] }),
    frames: {
      show: (kind, source, html, options) => void (calls.push({ op: `${kind}.show`, args: [source, html, options] }), shown.add(`${kind}:${source}`)),
      update: (kind, source, options) => void calls.push({ op: `${kind}.update`, args: [source, options] }),
      post: (kind, source, message) => void calls.push({ op: `${kind}.post`, args: [source, message] }),
      close: (kind, source) => (calls.push({ op: `${kind}.close`, args: [source] }), shown.delete(`${kind}:${source}`)),
    },
    clientStorage: new ClientStorage(storage, 'test-project'),
    // A geoid model that answers everywhere, so a test tells the host's own `undefined` from the model's.
    geoidHeight: async () => 36.7,
    camera: camera.camera,
    layers: layers.layers,
    flyToLayer: () => undefined,
    tools: tools.services,
    log: (source, level, text) => logs.push({ source, level, text }),
    stopped: (source, reason) => calls.push({ op: 'stopped', args: [source, reason] }),
  };
  return { services, calls, logs, camera, layers, tools, storage, resize: (w: number, h: number) => (viewport = { ...viewport, width: w, height: h }) };
}

/** A plugin with one widget extension `main` whose code is `code`. */
export function widgetPlugin(id: string, code: string, extra: Partial<InstalledPlugin> = {}): InstalledPlugin {
  return { id, name: id, version: '1.0.0', extensions: [{ id: 'main', type: 'widget', name: `${id} widget` }], files: { 'main.js': code }, ...extra };
}

/** What a plugin logged: JSON where it parses, the text otherwise. */
function logged(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Starts plugins on a PluginHost over `fakeServices()`. `lines(source)` are the `console.log`
 * values of one extension (`p/main` by default), `errors()` every `console.error` text.
 */
export function runPlugins(
  module: QuickJSWASMModule | SandboxMaker,
  plugins: InstalledPlugin[],
  options: {
    property?: Record<string, unknown>;
    limits?: Partial<SandboxLimits>;
    widgetProperty?: (pluginId: string, extensionId: string) => Record<string, unknown> | undefined;
    /** The page's start counts, to share between a host and its restart. */
    runTimes?: Map<string, number>;
  } = {},
) {
  const fake = fakeServices();
  const limits = options.limits ? { memoryBytes: 32 << 20, stackBytes: 512 << 10, sliceMs: 500, maxLogChars: 10_000, ...options.limits } : undefined;
  const host = new PluginHost(module, fake.services, plugins, options.property ?? {}, limits, options.runTimes);
  host.start(undefined, options.widgetProperty);
  const lines = (source = 'p/main') => fake.logs.filter((l) => l.source === source && l.level === 'log').map((l) => logged(l.text));
  const errors = () => fake.logs.filter((l) => l.level === 'error').map((l) => l.text);
  return { ...fake, host, lines, errors };
}
