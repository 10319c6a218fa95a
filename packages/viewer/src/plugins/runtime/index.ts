/**
 * The plugin runtime: the code every extension's QuickJS context runs before the plugin's own. It
 * builds the globals a plugin sees (`app`, for Re:Earth packages also `reearth`, `console`,
 * timers) as implementations of the @orbis/plugin-api interfaces, so the compiler checks that
 * what the types declare is what the sandbox provides. Bundled at build time into one script
 * (build/sandbox-runtime-build.js); its completion value is {@link start}.
 */
import type { App } from '@orbis/plugin-api';
import { EMPTY_EVENTS, SPREAD_EVENTS } from '../protocol/plugin-events.js';
import { createBridge, type HostFunction } from './bridge.js';
import { createCamera } from './camera.js';
import { createData } from './data.js';
import { createModal, createPopup } from './frames.js';
import type { Emitter } from './emitter.js';
import { installGlobals } from './globals.js';
import { createLayers } from './layers.js';
import { createSketch } from './sketch.js';
import { createSpatialId } from './spatial-id.js';
import { createTimeline } from './timeline.js';
import { initialState, type PushedState } from './state.js';
import { createExtension, createUi } from './ui.js';
import { createViewer } from './viewer.js';

/** The entry points the host calls (extension-sandbox.ts). */
export interface RuntimeEntry {
  dispatch(event: string, json: string): void;
  resolve(id: number, ok: boolean, json: string | undefined): void;
  timer(id: number): void;
  update(kind: string, json: string): void;
}

export function start(host: HostFunction): RuntimeEntry {
  const bridge = createBridge(host);
  const state = initialState();
  const viewer = createViewer(bridge, state);
  const ui = createUi(bridge);
  const camera = createCamera(bridge);
  const layers = createLayers(bridge);
  const extension = createExtension(bridge, state, (id) => layers.layers.findById(id));
  const modal = createModal(bridge);
  const popup = createPopup(bridge);
  const tools = { sketch: createSketch(bridge, state), spatialId: createSpatialId(bridge, state), timeline: createTimeline(bridge, state) };
  const { runTimer } = installGlobals(bridge);
  const app: App = Object.freeze({
    get version() {
      return state.versions.version;
    },
    get apiVersion() {
      return state.versions.apiVersion;
    },
    engine: Object.freeze({ name: 'cesium' as const }),
    viewer: viewer.viewer,
    ui: ui.ui,
    extension: extension.extension,
    camera: camera.camera,
    layers: layers.layers,
    modal: modal.frame,
    popup: popup.frame,
    data: createData(bridge),
    sketch: tools.sketch.sketch,
    spatialId: tools.spatialId.spatialId,
    timeline: tools.timeline.timeline,
  });
  const scope = globalThis as unknown as { app: App; reearth?: App };
  scope.app = app;

  // A host event name to the namespace that delivers it; `app.viewer`'s names have no prefix.
  const emitters: Record<string, Emitter> = {
    camera: camera.events,
    layers: layers.events,
    ui: ui.events,
    extension: extension.events,
    sketch: tools.sketch.events,
    spatialId: tools.spatialId.events,
    timeline: tools.timeline.events,
  };
  Object.assign(emitters, { modal: modal.events, popup: popup.events, selection: viewer.selectionEvents });
  const route = (event: string): [Emitter, string] | undefined => {
    const dot = event.indexOf('.');
    if (dot < 0) return [viewer.events, event];
    const emitter = emitters[event.slice(0, dot)];
    return emitter ? [emitter, event.slice(dot + 1)] : undefined;
  };

  return {
    dispatch(event, json) {
      const payload = bridge.parse(json);
      if (event === 'ui.message' || event === 'modal.message' || event === 'popup.message') {
        // A message from one of the plugin's frames: its namespace and, as on Re:Earth, extension.on("message") hear it.
        route(event)![0].emit('message', [payload]);
        extension.events.emit('message', [payload]);
        return;
      }
      const target = route(event);
      if (!target) return;
      // An argument list: JSON carried a missing argument as null; the listener gets undefined.
      const args = EMPTY_EVENTS.includes(event)
        ? []
        : SPREAD_EVENTS.includes(event)
          ? (payload as unknown[]).map((v) => (v === null ? undefined : v))
          : [payload];
      target[0].emit(target[1], args);
    },
    resolve: (id, ok, json) => bridge.settle(id, ok, json),
    timer: runTimer,
    update(kind, json) {
      if (kind === 'reearth') {
        // A Re:Earth package: its code names the API `reearth`.
        scope.reearth = app;
        return;
      }
      (state as unknown as Record<string, unknown>)[kind] = bridge.parse(json) as PushedState[keyof PushedState];
    },
  };
}
