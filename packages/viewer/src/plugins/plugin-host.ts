import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { ViewerProperty } from '@orbis/scene';
import { DEFAULT_LIMITS, ExtensionSandbox, type SandboxLimits } from './extension-sandbox.js';
import { PropertyLayers } from './property-layers.js';
import { TimerPacer } from './sandbox-timers.js';

export type Position = [number, number, number];
export interface Location {
  lat: number;
  lng: number;
  height: number;
}
export interface Viewport {
  width: number;
  height: number;
  isMobile: boolean;
  query: Record<string, string>;
}
export type InteractionMode = 'default' | 'move' | 'selection' | 'sketch' | 'spatialId';

/** An installed plugin (SPEC §5): its manifest and one script per extension. */
export interface InstalledPlugin {
  id: string;
  name: string;
  version: string;
  extensions: { id: string; type: string; name: string }[];
  files: Record<string, string>;
}

/** What the page gives plugins: the viewer's services, behind the engine. */
export interface ViewerServices {
  env: { inEditor: boolean; isBuilt: boolean };
  viewport(): Viewport;
  /** The globe's ellipsoid radii in metres (for `useGlobeEllipsoid`). */
  ellipsoidRadii: Position;
  applyProperty(effective: ViewerProperty): void;
  setInteractionMode(mode: InteractionMode): void;
  locationAt(x: number, y: number, withTerrain: boolean): Location | undefined;
  screenOf(position: Position): [number, number] | undefined;
  globeHeight(lng: number, lat: number): number | undefined;
  terrainHeight(lng: number, lat: number): Promise<number | undefined>;
  offsetOnScreen(position: Position, offset: [number, number]): Position | undefined;
  isVisible(position: Position): boolean;
  currentLocation(options: { maximumAge?: number; timeout?: number; enableHighAccuracy?: boolean }): Promise<Location | undefined>;
  capture(type?: string, quality?: number): string | undefined;
  open(url: string): void;
  reload(): void;
  showUi(source: string, html: string, options: Record<string, unknown>): void;
  postToUi(source: string, message: unknown): void;
  /** A plugin's console line; the page prefixes and shows it. */
  log(source: string, level: string, text: string): void;
}

/**
 * Runs the widget extensions of the installed plugins, each in its own sandbox, and connects them
 * to the viewer: pushes state in, fans events out (once per listening extension), answers calls.
 */
export class PluginHost {
  readonly sandboxes: ExtensionSandbox[] = [];
  private readonly layers: PropertyLayers;
  private mode: InteractionMode = 'default';
  /** One pacer for every extension: their timers together leave the page at least half its time. */
  private readonly pacer = new TimerPacer();

  constructor(
    private readonly module: QuickJSWASMModule,
    private readonly services: ViewerServices,
    private readonly plugins: InstalledPlugin[],
    sceneProperty: ViewerProperty,
    private readonly limits: SandboxLimits = DEFAULT_LIMITS,
  ) {
    this.layers = new PropertyLayers(plugins.map((p) => p.id));
    this.layers.setBase(sceneProperty);
  }

  /** Starts every widget extension; a failing one is reported and the others go on. */
  start(enabled: (pluginId: string, extensionId: string) => boolean = () => true): void {
    for (const plugin of this.plugins) {
      for (const extension of plugin.extensions) {
        if (extension.type !== 'widget' || !enabled(plugin.id, extension.id)) continue;
        const code = plugin.files[`${extension.id}.js`];
        const sandbox = new ExtensionSandbox(this.module, plugin.id, extension.id, (s, op, args) => this.call(s, op, args), () => undefined, this.limits, this.pacer);
        this.sandboxes.push(sandbox);
        if (code === undefined) {
          this.services.log(sandbox.label, 'error', `missing ${extension.id}.js`);
          sandbox.stop();
          continue;
        }
        sandbox.start(code, this.initialState());
      }
    }
  }

  private initialState(): Record<string, unknown> {
    return { env: this.services.env, viewport: this.services.viewport(), property: this.layers.effective(), mode: this.mode, radii: this.services.ellipsoidRadii };
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

  /** A viewer event: delivered to each extension that listens to it. */
  emit(event: string, payload: unknown): void {
    for (const sandbox of this.sandboxes) sandbox.dispatch(event, payload);
  }

  /** The viewer was resized: new viewport pushed, then `resize` delivered. */
  resized(): void {
    const viewport = this.services.viewport();
    for (const sandbox of this.sandboxes) sandbox.update('viewport', viewport);
    this.emit('resize', { width: viewport.width, height: viewport.height, isMobile: viewport.isMobile });
  }

  /** A message from a plugin's UI iframe. */
  uiMessage(pluginId: string, extensionId: string, message: unknown): void {
    this.sandboxes.find((s) => s.pluginId === pluginId && s.extensionId === extensionId)?.dispatch('message', message);
  }

  stopPlugin(pluginId: string): void {
    for (const sandbox of this.sandboxes) if (sandbox.pluginId === pluginId) sandbox.stop();
    this.layers.remove(pluginId);
    this.pushProperty();
  }

  stopAll(): void {
    for (const sandbox of this.sandboxes) sandbox.stop();
  }

  private pushProperty(except?: ExtensionSandbox): ViewerProperty {
    const effective = this.layers.effective();
    this.services.applyProperty(effective);
    for (const sandbox of this.sandboxes) if (sandbox !== except) sandbox.update('property', effective);
    return effective;
  }

  private call(sandbox: ExtensionSandbox, op: string, args: unknown[]): unknown {
    const s = this.services;
    switch (op) {
      case 'console':
        s.log(sandbox.label, String(args[0]), String(args[1]));
        return undefined;
      case 'override':
        this.layers.override(sandbox.pluginId, args[0] as Record<string, unknown>);
        // The caller gets the new property as its answer; the others get it pushed.
        return this.pushProperty(sandbox);
      case 'mode':
        this.mode = args[0] as InteractionMode;
        s.setInteractionMode(this.mode);
        for (const other of this.sandboxes) if (other !== sandbox) other.update('mode', this.mode);
        return undefined;
      case 'capture':
        return s.capture(args[0] as string | undefined, args[1] as number | undefined);
      case 'open':
        s.open(String(args[0]));
        return undefined;
      case 'reload':
        s.reload();
        return undefined;
      case 'locationAt':
        return s.locationAt(args[0] as number, args[1] as number, args[2] === true);
      case 'screenOf':
        return s.screenOf(args[0] as Position);
      case 'globeHeight':
        return s.globeHeight(args[0] as number, args[1] as number);
      case 'offsetOnScreen':
        return s.offsetOnScreen(args[0] as Position, args[1] as [number, number]);
      case 'visible':
        return s.isVisible(args[0] as Position);
      case 'ui.show':
        s.showUi(sandbox.label, String(args[0]), args[1] as Record<string, unknown>);
        return undefined;
      case 'ui.post':
        s.postToUi(sandbox.label, args[0]);
        return undefined;
      case 'async': {
        const [id, name, params] = args as [number, string, unknown[]];
        const work =
          name === 'terrainHeight'
            ? s.terrainHeight(params[0] as number, params[1] as number)
            : name === 'location'
              ? s.currentLocation((params[0] ?? {}) as Record<string, number | boolean>)
              : Promise.reject(new Error(`unknown async operation ${name}`));
        work.then(
          (value) => sandbox.resolve(id, true, value),
          (err: unknown) => sandbox.resolve(id, false, String((err as Error)?.message ?? err)),
        );
        return undefined;
      }
      default:
        throw new TypeError(`unknown host operation "${op}"`);
    }
  }
}
