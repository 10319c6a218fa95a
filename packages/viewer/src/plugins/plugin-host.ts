import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { InteractionModeType, WidgetInfo } from '@orbis/plugin-api';
import type { Infobox, ViewerProperty } from '@orbis/scene';
import orbisPackage from '../../../../package.json';
import { inlineSandboxes } from './sandbox/extension-sandbox.js';
import type { Sandbox, SandboxMaker } from './sandbox/sandbox.js';
import { DEFAULT_LIMITS, type SandboxLimits } from './sandbox/sandbox-limits.js';
import { answerCall, MIRRORED_OPS, runOp } from './host/host-calls.js';
import type { HostState, OpContext } from './host/ops/host-op.js';
import { PluginLayers } from './host/plugin-layers.js';
import { PluginTools } from './host/plugin-tools.js';
import { PropertyLayers } from './host/property-layers.js';
import { selectionEvent } from './host/selection-event.js';
import { widgetPlacement } from './frames/widget-area.js';
import type { Marquee, MarqueePhase } from '../interaction/selection-box.js';
import type { FrameKind, InstalledPlugin, ViewerServices } from './viewer-services.js';
import { BLOCK_TYPES, type BlockScope } from './block-places.js';
import { language, onLanguageChange } from '../ui/i18n.js';

/** The most features a `marqueeEnd` hands plugins (`layers.getFeaturesInScreenRect` with the box gives every one). */
export const MAX_MARQUEE_FEATURES = 10_000;

/** The plugin API's version: Re:Earth's API v2, whose names and shapes it keeps (docs/contract.md §8). */
export const PLUGIN_API_VERSION = '2.0.0';

/**
 * Runs the widget extensions of the installed plugins, and the blocks the page shows, each in its own sandbox, and connects them
 * to the viewer: pushes state in, fans events out (once per listening extension), answers calls.
 * The calls are the operations declared in protocol/host-ops.ts, answered by host/host-calls.ts:
 * each checked against its declared arguments, then run by its handler in host/ops/*-ops.ts.
 */
export class PluginHost {
  readonly sandboxes: Sandbox[] = [];
  private readonly layers: PropertyLayers;
  private mode: InteractionModeType = 'default';
  private readonly makeSandbox: SandboxMaker;
  private readonly pageLayers: PluginLayers;
  private readonly state: HostState;
  private readonly tools: PluginTools;
  /** Stops hearing the page's language changes (docs/contract.md §19). */
  private readonly stopLanguage: () => void;
  /** The extension whose host call is running (state pushed to it waits for the call to end). */
  private calling: Sandbox | undefined;
  private stopCameraMoves: (() => void) | undefined;
  /** Each extension's `app.extension.widget`, kept to push a changed `property` or `extended`. */
  private readonly widgets = new Map<Sandbox, WidgetInfo>();
  /** The running blocks by label, each with its `app.extension.block`. */
  private readonly blocks = new Map<
    string,
    { sandbox: Sandbox; info: { id: string; pluginId: string; extensionId: string; property: Record<string, unknown> } }
  >();

  /**
   * `sandboxes`: a QuickJS module (sandboxes on the main thread) or a maker (workers: worker-sandbox.ts).
   * `runTimes`: how many times each extension (by label) has been started on this page, which a
   * restart's new host takes over (`app.extension.list[].runTimes`).
   */
  constructor(
    sandboxes: QuickJSWASMModule | SandboxMaker,
    private readonly services: ViewerServices,
    private readonly plugins: InstalledPlugin[],
    sceneProperty: ViewerProperty,
    private readonly limits: SandboxLimits = DEFAULT_LIMITS,
    private readonly runTimes = new Map<string, number>(),
  ) {
    this.makeSandbox = typeof sandboxes === 'function' ? sandboxes : inlineSandboxes(sandboxes);
    this.stopLanguage = onLanguageChange(() => this.languageChanged());
    this.layers = new PropertyLayers(plugins.map((p) => p.id));
    this.layers.setBase(sceneProperty);
    this.pageLayers = new PluginLayers(services.layers, (event, payload) => this.emit(event, payload));
    this.tools = new PluginTools(
      services.tools,
      () => this.sandboxes,
      (event, payload) => this.emit(event, payload),
      () => this.calling,
      (mode) => {
        // The page changed mode itself (a tool ended, a right-click left picking): everyone hears it.
        if (mode === this.mode) return;
        this.mode = mode;
        this.tools.pushAll('mode', mode);
      },
    );
    this.state = {
      overrideProperty: (sandbox, patch) => {
        this.layers.override(sandbox.pluginId, patch);
        // The caller gets the new property as its answer; the others get it pushed.
        return this.pushProperty(sandbox);
      },
      setMode: (sandbox, mode) => {
        this.mode = mode;
        this.services.setInteractionMode(mode);
        for (const other of this.sandboxes) if (other !== sandbox) other.update('mode', mode);
      },
      mode: () => this.mode,
      tools: this.tools,
      layers: this.pageLayers,
      widgetFrameChanged: (sandbox) => {
        const widget = this.widgets.get(sandbox);
        const place = widget && this.services.widgetPlace(sandbox.label);
        if (!widget || !place) return;
        const next = widgetPlacement(place.area, place.extended);
        if (next.extended.horizontally === widget.extended.horizontally && next.extended.vertically === widget.extended.vertically) return;
        Object.assign(widget, next);
        sandbox.update('widget', widget);
      },
      postToExtension: (sandbox, id, message) => {
        const target = this.sandboxes.find((s) => s.label === id && s.status === 'running');
        if (!target) throw new TypeError(`extension.postMessage: id "${id}" is not a running extension; see app.extension.list`);
        target.dispatch('extension.extensionMessage', { data: message, sender: sandbox.label });
      },
      extensions: () =>
        // A sandbox being started ('created') is in the list it reads at its top level.
        this.sandboxes
          .filter((s) => s.status === 'running' || s.status === 'created')
          .map((s) => {
            const extension = this.plugins.find((p) => p.id === s.pluginId)?.extensions.find((e) => e.id === s.extensionId);
            return {
              id: s.label,
              pluginId: s.pluginId,
              extensionId: s.extensionId,
              name: extension?.name ?? s.extensionId,
              extensionType: extension?.type ?? 'widget',
              runTimes: this.runTimes.get(s.label) ?? 0,
            };
          }),
    };
  }

  /**
   * Starts every widget extension; a failing one is reported and the others go on.
   * `widgetProperty` gives each widget's settings from the scene (`app.extension.widget.property`).
   */
  start(
    enabled: (pluginId: string, extensionId: string) => boolean = () => true,
    widgetProperty: (pluginId: string, extensionId: string) => Record<string, unknown> | undefined = () => undefined,
  ): void {
    for (const plugin of this.plugins) {
      for (const extension of plugin.extensions) {
        if (extension.type !== 'widget' || !enabled(plugin.id, extension.id)) continue;
        const sandbox = this.launch(plugin, extension.id, undefined);
        if (sandbox.status === 'stopped') continue;
        const place = this.services.widgetPlace(sandbox.label);
        const widget: WidgetInfo = {
          id: sandbox.label,
          pluginId: plugin.id,
          extensionId: extension.id,
          property: widgetProperty(plugin.id, extension.id) ?? {},
          ...widgetPlacement(place.area, place.extended),
        };
        this.widgets.set(sandbox, widget);
        sandbox.start(plugin.files[`${extension.id}.js`]!, {
          ...this.initialState(),
          widget,
          extensions: this.state.extensions(),
          ...(plugin.reearth ? { reearth: true } : {}),
        });
      }
    }
    // The extensions started before a later one learn of it (and of those that failed).
    this.pushExtensions();
    this.followCamera();
  }

  /**
   * Starts a block (docs/contract.md §8): an `infoboxBlock` or `storyBlock` extension (Re:Earth's older
   * `block` counts as an infobox block) in a sandbox of its own, labelled with its place, reading
   * itself as `app.extension.block`. Answers its label (its frames' key), or undefined when the
   * plugin or extension is not installed or is not a block of that kind (said in the console).
   */
  startBlock(
    kind: BlockScope,
    place: string,
    block: { pluginId: string; extensionId: string; property?: Record<string, unknown>; layerId?: string },
  ): string | undefined {
    const plugin = this.plugins.find((p) => p.id === block.pluginId);
    const extension = plugin?.extensions.find((e) => e.id === block.extensionId);
    const label = `${block.pluginId}/${block.extensionId}`;
    if (!plugin || !extension) {
      this.services.log(label, 'warn', `the ${kind} block ${place} names ${label}, which is not installed: it is not shown`);
      return undefined;
    }
    if (!BLOCK_TYPES[kind].includes(extension.type)) {
      this.services.log(
        label,
        'warn',
        `the ${kind} block ${place} names ${label}, whose type ${extension.type} is not ${BLOCK_TYPES[kind].join(' or ')}: it is not shown`,
      );
      return undefined;
    }
    const sandbox = this.launch(plugin, extension.id, place);
    if (sandbox.status === 'stopped') {
      this.forget(sandbox);
      return undefined;
    }
    const info = { id: sandbox.label, pluginId: plugin.id, extensionId: extension.id, property: block.property ?? {} };
    this.blocks.set(sandbox.label, { sandbox, info });
    sandbox.start(plugin.files[`${extension.id}.js`]!, {
      ...this.initialState(),
      block: info,
      blockLayer: block.layerId ?? null,
      extensions: this.state.extensions(),
      ...(plugin.reearth ? { reearth: true } : {}),
    });
    this.pushExtensions();
    this.followCamera();
    return sandbox.label;
  }

  /** A running block's `property` changed (the editor): read anew as `app.extension.block.property`, and `ui.on("update")` fires. */
  setBlockProperty(label: string, property: Record<string, unknown> | undefined): void {
    const block = this.blocks.get(label);
    if (!block || block.sandbox.status !== 'running') return;
    block.info.property = property ?? {};
    block.sandbox.update('block', block.info);
    block.sandbox.dispatch('ui.update', {});
  }

  /** Stops a block (its infobox closed, its story page left): its sandbox, frames and place go. */
  stopBlock(label: string): void {
    const block = this.blocks.get(label);
    if (!block) return;
    this.blocks.delete(label);
    block.sandbox.stop();
    this.forget(block.sandbox);
    this.services.closeUi(label);
    this.services.frames.close('modal', label);
    this.services.frames.close('popup', label);
    this.pushExtensions();
  }

  /** One extension's sandbox, already stopped (said in the console) when the package lacks its script. */
  private launch(plugin: InstalledPlugin, extensionId: string, instance: string | undefined): Sandbox {
    const sandbox = this.makeSandbox({
      pluginId: plugin.id,
      extensionId,
      bridge: (s, op, args) => this.call(s, op, args),
      onStopped: (s, reason) => this.stopped(s, reason),
      limits: this.limits,
      ...(instance === undefined ? {} : { instance }),
    });
    this.sandboxes.push(sandbox);
    if (plugin.files[`${extensionId}.js`] === undefined) {
      this.services.log(sandbox.label, 'error', `missing ${extensionId}.js`);
      sandbox.stop();
    } else {
      // Counted before its script runs, so its first run reads 1, as on Re:Earth.
      this.runTimes.set(sandbox.label, (this.runTimes.get(sandbox.label) ?? 0) + 1);
    }
    return sandbox;
  }

  /** A stopped block leaves the host's lists, so that blocks opened and closed all day hold nothing. */
  private forget(sandbox: Sandbox): void {
    const index = this.sandboxes.indexOf(sandbox);
    if (index >= 0) this.sandboxes.splice(index, 1);
  }

  /** Camera moves are computed only for frames in which the camera moved, and sent only to listeners. */
  private followCamera(): void {
    this.stopCameraMoves ??= this.services.camera.onMove(() => {
      this.refreshMirrors();
      if (this.wants('camera.move')) this.emit('camera.move', this.services.camera.position());
    });
  }

  /**
   * Pushes the answers of the `state` operations to the worker sandboxes (protocol/host-ops.ts).
   * Called each frame the camera moved and on resize; a service whose state changes otherwise
   * calls it too.
   */
  refreshMirrors(): void {
    if (MIRRORED_OPS.length === 0) return;
    const workers = this.sandboxes.filter((s) => s.mirror !== undefined && s.status === 'running');
    if (workers.length === 0) return;
    // A state operation's answer is the same for every extension (the camera's position, say).
    const context: OpContext = { sandbox: workers[0]!, services: this.services, host: this.state };
    const values = Object.fromEntries(MIRRORED_OPS.map((name) => [name, runOp(name, context, [])]));
    for (const sandbox of workers) sandbox.mirror!(values);
  }

  /** An extension stopped by itself: its frame and (once its plugin has none running) its layers go; the editor is told. */
  private stopped(sandbox: Sandbox, reason: string): void {
    this.services.closeUi(sandbox.label);
    this.services.frames.close('modal', sandbox.label);
    this.services.frames.close('popup', sandbox.label);
    this.pushExtensions();
    if (!this.sandboxes.some((s) => s.pluginId === sandbox.pluginId && s.status === 'running')) this.pageLayers.removePlugin(sandbox.pluginId);
    this.services.stopped?.(sandbox.label, reason);
  }

  /** Settles once every extension's top-level code has run or failed (at once on the main thread). */
  async started(): Promise<void> {
    await Promise.all(this.sandboxes.map((s) => s.started));
  }

  private initialState(): Record<string, unknown> {
    return {
      env: this.env(),
      viewport: this.services.viewport(),
      property: this.layers.effective(),
      mode: this.mode,
      radii: this.services.ellipsoidRadii,
      sketch: this.services.tools.sketch.state(),
      versions: { version: orbisPackage.version, apiVersion: PLUGIN_API_VERSION },
    };
  }

  /** The scene's own property changed (the editor). */
  setSceneProperty(property: ViewerProperty): void {
    this.layers.setBase(property);
    this.pushProperty();
  }

  effectiveProperty(): ViewerProperty {
    return this.layers.effective();
  }

  /** Whether any running extension listens to an event: the page computes payloads only then. */
  wants(event: string): boolean {
    return this.sandboxes.some((s) => s.status === 'running' && s.subscribed.has(event));
  }

  /** An event (host name: `click`, `camera.move`): delivered to each extension that listens to it. */
  emit(event: string, payload: unknown): void {
    for (const sandbox of this.sandboxes) sandbox.dispatch(event, payload);
  }

  /**
   * A phase of the selection box, with the place under the pointer: its picked features go as
   * plugins see features, the first MAX_MARQUEE_FEATURES of them (a box over a large layer may hold
   * a million), and only when an extension listens.
   */
  marquee(phase: MarqueePhase, marquee: Marquee, place: { lng: number; lat: number } | undefined): void {
    if (!this.wants(`selection.${phase}`)) return;
    const features = (picked: { layerId: string; featureId: string }[]) =>
      picked.slice(0, MAX_MARQUEE_FEATURES).flatMap((f) => this.pageLayers.features(f.layerId, [f.featureId]).filter((v) => v !== undefined));
    this.emit(`selection.${phase}`, selectionEvent(marquee, place, features));
  }

  /** `app.viewer.env`: the page's, with the language it speaks now (docs/contract.md §19). */
  private env(): Record<string, unknown> {
    return { ...this.services.env, language: language() };
  }

  /** The page's language changed: the new env pushed, then `languagechange` delivered (docs/contract.md §19). */
  languageChanged(): void {
    const env = this.env();
    for (const sandbox of this.sandboxes) sandbox.update('env', env);
    this.emit('languagechange', { language: env.language });
  }

  /** The viewer was resized: new viewport pushed, then `resize` delivered. */
  resized(): void {
    const viewport = this.services.viewport();
    for (const sandbox of this.sandboxes) sandbox.update('viewport', viewport);
    this.refreshMirrors();
    this.emit('resize', { width: viewport.width, height: viewport.height, isMobile: viewport.isMobile });
  }

  /**
   * A widget's `property` changed (the editor saved it): the running extension reads the new one
   * as `app.extension.widget.property` and hears `app.ui.on("update")`, without a restart.
   */
  setWidgetProperty(pluginId: string, extensionId: string, property: Record<string, unknown> | undefined): void {
    for (const [sandbox, widget] of this.widgets) {
      if (widget.pluginId !== pluginId || widget.extensionId !== extensionId || sandbox.status !== 'running') continue;
      widget.property = property ?? {};
      sandbox.update('widget', widget);
      sandbox.dispatch('ui.update', {});
    }
  }

  /** A message from the UI iframe of the extension labelled `source`: `app.ui.on("message")` and `app.extension.on("message")` hear it. */
  uiMessage(source: string, message: unknown): void {
    this.sandboxes.find((s) => s.label === source)?.dispatch('ui.message', message);
  }

  /** A layer as plugins see it: the infobox of a plugin's own layer (`layers.add`) reads its title and infobox here. */
  layer(id: string): { title?: string; infobox?: Infobox } | undefined {
    return this.pageLayers.find(id);
  }

  /** The scene's layers changed on the globe: plugins hear `load` and `visible` (`PluginLayers.sceneLayersChanged`). */
  sceneLayersChanged(change: { loaded: string[]; removed: string[] }): void {
    this.pageLayers.sceneLayersChanged(change);
  }

  stopPlugin(pluginId: string): void {
    for (const sandbox of this.sandboxes) if (sandbox.pluginId === pluginId) sandbox.stop();
    this.layers.remove(pluginId);
    this.pageLayers.removePlugin(pluginId);
    this.pushProperty();
    this.pushExtensions();
  }

  /** Stops every extension and takes their layers off the page. */
  stopAll(): void {
    this.stopLanguage();
    for (const sandbox of this.sandboxes) sandbox.stop();
    this.blocks.clear();
    this.pageLayers.dispose();
    this.tools.stop();
    this.stopCameraMoves?.();
    this.stopCameraMoves = undefined;
  }

  /** `app.extension.list` is pushed state: every running extension gets the new list. */
  private pushExtensions(): void {
    const list = this.state.extensions();
    for (const sandbox of this.sandboxes) sandbox.update('extensions', list);
  }

  /** A message from a plugin's modal or popup frame. */
  frameMessage(kind: FrameKind, source: string, message: unknown): void {
    this.sandboxes.find((s) => s.label === source)?.dispatch(`${kind}.message`, message);
  }

  /** The page closed a plugin's frame (a modal's background was clicked): the plugin hears `close`. */
  frameClosed(kind: FrameKind, source: string): void {
    this.sandboxes.find((s) => s.label === source)?.dispatch(`${kind}.close`, {});
  }

  private pushProperty(except?: Sandbox): ViewerProperty {
    const effective = this.layers.effective();
    this.services.applyProperty(effective);
    for (const sandbox of this.sandboxes) if (sandbox !== except) sandbox.update('property', effective);
    return effective;
  }

  /** One call from a sandbox (host/host-calls.ts); a synchronous operation runs as this extension's call. */
  call(sandbox: Sandbox, op: string, args: unknown[]): unknown {
    const context: OpContext = { sandbox, services: this.services, host: this.state };
    return answerCall(context, op, args, (name) => {
      const outer = this.calling;
      this.calling = sandbox;
      try {
        return runOp(name, context, args);
      } finally {
        this.calling = outer;
      }
    });
  }
}
