import './frames/plugin-widgets.css';
import type { Engine } from '../engine/engine.js';
import type { InteractionController } from '../interaction/interaction-controller.js';
import type { Scene } from '@orbis/scene';
import { PluginHost } from './plugin-host.js';
import type { InstalledPlugin, ViewerServices } from './viewer-services.js';
import { ClientStorage, MemoryBackend } from './host/client-storage.js';
import { IndexedDbBackend } from './host/indexeddb-backend.js';
import { PluginFrames } from './frames/plugin-frames.js';
import { toolServices } from './host/plugin-tools.js';
import { PluginUi } from './frames/plugin-ui.js';
import type { WidgetArea } from '@orbis/scene';
import { areaFromWidgetLayout, extensionOf } from './frames/widget-area.js';
import { createWidgetTray } from './frames/widget-tray.js';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { SandboxMaker } from './sandbox/sandbox.js';
import { DEFAULT_LIMITS } from './sandbox/sandbox-limits.js';
import { BlockPlaces } from './block-places.js';
import { runBlocks } from './run-blocks.js';

/** A plugin package as the server keeps it. */
export interface PluginPackage {
  manifest: Omit<InstalledPlugin, 'files'>;
  files: Record<string, string>;
}

export interface PluginPageOptions {
  engine: Engine;
  /** The page's interaction modes: plugins switch them with `interactionMode.override`. */
  interaction: InteractionController;
  viewerElement: HTMLElement;
  scene: Scene;
  plugins: PluginPackage[];
  /** The project's alias: `app.data.clientStorage` keeps each project's values apart. */
  project: string;
  env: { inEditor: boolean; isBuilt: boolean };
  /** Whether widgets fold into a tray on an upright phone screen (the published page and the editor; widget-tray.ts). */
  widgetTray?: boolean;
  /** Each plugin console line, already prefixed (the editor shows them). */
  onLog?: (line: { level: string; text: string }) => void;
  /** Stops every sandbox and removes the widgets when aborted (the editor restarts plugins after widget changes). */
  signal?: AbortSignal;
  /** An extension was stopped by its limits or an error: the editor shows a notice. */
  onStopped?: (notice: { source: string; reason: string }) => void;
  /** The blocks the infobox and story panel show (docs/contract.md §8): their sandboxes follow it. */
  blocks?: BlockPlaces;
  /** How many times each extension has been started on this page (`extension.list[].runTimes`): the editor keeps one across its restarts. */
  runTimes?: Map<string, number>;
}

let saidMainThread = false;

/**
 * Sandboxes in workers where the page is cross-origin isolated (docs/contract.md §11), all sharing one
 * compilation of QuickJS; otherwise on the main thread with today's limits, said once in the
 * console. Loaded only when a plugin runs: pages without plugins never fetch the sandbox.
 */
async function chooseSandboxes(): Promise<SandboxMaker | QuickJSWASMModule> {
  const { canIsolate, workerSandboxes, browserWorker } = await import('./sandbox/worker-sandbox.js');
  if (canIsolate()) {
    const { compileQuickJsWasm } = await import('./quickjs/quickjs-wasm.js');
    return workerSandboxes(browserWorker, undefined, await compileQuickJsWasm());
  }
  if (!saidMainThread) {
    saidMainThread = true;
    console.warn(
      '[orbis] plugins run on the main thread: this page is not cross-origin isolated (no Cross-Origin-Opener-Policy/Cross-Origin-Embedder-Policy headers, or an embedding page without them), so a plugin stuck in a built-in can pause the page until its limit stops it',
    );
  }
  const { loadQuickJs } = await import('./quickjs/quickjs.js');
  return loadQuickJs();
}

const MOBILE = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i;

/**
 * Starts the plugins of a page on its engine: the sandboxes, mouse events (computed only when a
 * plugin listens), resize, UI iframes and the console. Resolves once every extension has started or failed.
 * Nothing of the plugins (their code, QuickJS, workers, frames) is fetched or started before the
 * globe's first complete frame: plugins never delay it (docs/performance.md).
 */
export async function startPlugins(options: PluginPageOptions): Promise<PluginHost | undefined> {
  const { engine, viewerElement, scene, env } = options;
  const enabled = (pluginId: string, extensionId: string) =>
    scene.widgets.find((w) => w.pluginId === pluginId && w.extensionId === extensionId)?.enabled !== false;
  const widgets = options.plugins.some((p) => p.manifest.extensions.some((e) => e.type === 'widget' && enabled(p.manifest.id, e.id)));
  if (!widgets && !(options.blocks && BlockPlaces.inScene(scene))) return undefined;
  await engine.whenFirstFrame();
  if (options.signal?.aborted) return undefined;
  const sandboxes = await chooseSandboxes();
  const overlay = document.createElement('div');
  overlay.className = 'orbis-widgets';
  viewerElement.append(overlay);
  if (options.widgetTray) createWidgetTray(overlay);
  // Modals are above the page's own panels (the infobox, the story sheet), which are above widgets.
  const modalLayer = document.createElement('div');
  modalLayer.className = 'orbis-modals';
  viewerElement.append(modalLayer);
  let host: PluginHost;
  const layoutOf = (source: string) => {
    const [pluginId, extensionId] = source.split('/');
    return options.plugins.find((p) => p.manifest.id === pluginId)?.manifest.extensions.find((e) => e.id === extensionId)?.widgetLayout;
  };
  const areaOf = (source: string): WidgetArea => {
    const [pluginId, extensionId] = source.split('/');
    const placed = scene.widgets.find((w) => w.pluginId === pluginId && w.extensionId === extensionId)?.area as WidgetArea | undefined;
    // Unplaced, a Re:Earth widget sits where its manifest's widgetLayout says.
    return placed ?? areaFromWidgetLayout(layoutOf(source)) ?? 'top-right';
  };
  // A Re:Earth widget stretches the way its widgetLayout allows, and from the start where it says `extended`.
  const stretchOf = (source: string) => ({ extension: extensionOf(layoutOf(source)), extended: layoutOf(source)?.extended === true });
  const ui = new PluginUi(overlay, areaOf, (source, message) => host.uiMessage(source, message), stretchOf);
  const frames = new PluginFrames({
    overlay,
    modalLayer,
    widgetElement: (source) => ui.widgetElement(source),
    placeOnScreen: (lng, lat, height) => engine.placeOnScreen(lng, lat, height),
    onFrame: (listener) => engine.onFrame(listener),
    onMessage: (kind, source, message) => host.frameMessage(kind, source, message),
    onClosed: (kind, source) => host.frameClosed(kind, source),
  });
  // IndexedDB may be refused (some private windows): values then last as long as the page, said once.
  const storageBackend =
    typeof indexedDB === 'undefined'
      ? (console.warn('[orbis] IndexedDB is not available: plugin clientStorage lasts only until the page reloads'), new MemoryBackend())
      : new IndexedDbBackend();
  const services: ViewerServices = {
    env,
    viewport: () => ({ ...engine.size(), isMobile: MOBILE.test(navigator.userAgent), query: Object.fromEntries(new URLSearchParams(location.search)) }),
    ellipsoidRadii: engine.ellipsoidRadii(),
    applyProperty: (p) => engine.applyProperty(p),
    setInteractionMode: (mode) => options.interaction.setMode(mode),
    locationAt: (x, y, t) => engine.locationAt(x, y, t),
    screenOf: (p) => engine.screenOf(p),
    globeHeight: (lng, lat) => engine.globeHeight(lng, lat),
    terrainHeight: (lng, lat) => engine.terrainHeight(lng, lat),
    offsetOnScreen: (p, o) => engine.offsetOnScreen(p, o),
    isVisible: (p) => engine.isVisible(p),
    currentLocation: (o) =>
      new Promise((resolve) => {
        if (!navigator.geolocation) return resolve(undefined);
        navigator.geolocation.getCurrentPosition(
          (pos) => resolve({ lat: pos.coords.latitude, lng: pos.coords.longitude, height: pos.coords.altitude ?? 0 }),
          () => resolve(undefined),
          { maximumAge: o.maximumAge ?? 0, timeout: o.timeout ?? 10_000, enableHighAccuracy: o.enableHighAccuracy ?? false },
        );
      }),
    camera: engine.camera,
    layers: {
      sceneLayers: () => scene.layers,
      engine: engine.pluginLayers,
      select: (features) => options.interaction.select(features),
      selected: () => options.interaction.selected,
      onSelect: (listener) => options.interaction.onSelect(listener),
      featuresInRect: (x0, y0, x1, y1) => engine.featuresInRect(x0, y0, x1, y1),
      // A project asset's URL as the page has it: from a scene layer that shows it.
      assetUrl: (assetId) => (scene.layers as { assetId?: string; url?: string }[]).find((l) => l.assetId === assetId && l.url)?.url,
      // A GeoTIFF's tiles as the page has them: from the scene's geotiff layer of that asset, or of that URL (the published page keeps it as `source`).
      rasterUrl: (source) =>
        (scene.layers as { type: string; assetId?: string; url?: string; source?: string }[]).find(
          (l) => l.type === 'geotiff' && l.url && (l.assetId === source || l.source === source),
        )?.url,
    },
    flyToLayer: (id) => void engine.flyToLayer(id),
    tools: toolServices(engine, options.interaction),
    capture: (type, quality) => engine.capture(type, quality),
    open: (url) => void window.open(url, '_blank', 'noopener'),
    reload: () => location.reload(),
    showUi: (source, html, o) => ui.show(source, html, o),
    postToUi: (source, message) => ui.post(source, message),
    resizeUi: (source, width, height, extended) => ui.resize(source, width, height, extended),
    closeUi: (source) => ui.close(source),
    widgetPlace: (source) => ({ area: areaOf(source), extended: ui.extended(source) }),
    frames: {
      show: (kind, source, html, o) => frames.show(kind, source, html, o),
      update: (kind, source, o) => frames.update(kind, source, o),
      post: (kind, source, message) => frames.post(kind, source, message),
      close: (kind, source) => frames.close(kind, source),
    },
    clientStorage: new ClientStorage(storageBackend, options.project),
    // No geoid model is loaded yet (docs/plugin-api.md): heights stay ellipsoidal.
    geoidHeight: async () => undefined,
    log: (source, level, text) => {
      const line = `[plugin ${source}] ${text}`;
      const write = level === 'error' ? console.error : level === 'warn' ? console.warn : console.log;
      write(line);
      options.onLog?.({ level, text: line });
    },
    stopped: (source, reason) => options.onStopped?.({ source, reason }),
  };
  const plugins: InstalledPlugin[] = options.plugins.map((p) => ({ ...p.manifest, files: p.files }));
  host = new PluginHost(sandboxes, services, plugins, scene.property, DEFAULT_LIMITS, options.runTimes);
  // The widget's settings (docs/contract.md §4 `property`), read as app.extension.widget.property.
  const widgetProperty = (pluginId: string, extensionId: string) =>
    scene.widgets.find((w) => w.pluginId === pluginId && w.extensionId === extensionId)?.property;
  host.start(enabled, widgetProperty);
  await host.started();
  const stopBlocks = options.blocks ? runBlocks(options.blocks, host, ui) : undefined;
  const stopPointer = engine.onPointer((input) => {
    // Picking is costly: only for events some plugin listens to. Shift-held input is the
    // selection box's only: Re:Earth's viewer events, too, come without it.
    if (input.shift || !host.wants(input.type)) return;
    const payload = {
      x: input.x,
      y: input.y,
      ...(input.type === 'mouseLeave' ? {} : engine.describePoint(input.x, input.y)),
      ...(input.delta === undefined ? {} : { delta: input.delta }),
    };
    host.emit(input.type, payload);
  });
  // Scene layers added, loaded again or removed (the editor): a layer list in a widget follows.
  const stopLayers = engine.onLayersChange((change) => host.sceneLayersChanged(change));
  const stopMarquee = options.interaction.onMarquee((phase, marquee) => {
    if (host.wants(`selection.${phase}`)) host.marquee(phase, marquee, engine.locationAt(marquee.pointer.x, marquee.pointer.y, true));
  });
  let observed = false;
  const observer = new ResizeObserver(() => {
    // The first call only reports the initial size.
    if (observed) host.resized();
    observed = true;
  });
  observer.observe(viewerElement);
  options.signal?.addEventListener(
    'abort',
    () => {
      stopBlocks?.();
      host.stopAll();
      // A plugin's roll lock and camera controller settings go with the plugins (a restart, the editor's Publish).
      engine.camera.forceHorizontalRoll(false);
      engine.camera.resetController();
      stopPointer();
      stopLayers();
      stopMarquee();
      frames.dispose();
      observer.disconnect();
      overlay.remove();
      modalLayer.remove();
    },
    { once: true },
  );
  return host;
}
