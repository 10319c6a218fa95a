import type { Widget } from '@orbis/scene';
import type { PluginHost } from '../../plugins/plugin-host.js';
import { type PluginPageOptions, startPlugins } from '../../plugins/start-plugins.js';

/**
 * The editor's running plugins, restarted when the scene's widgets change (enabled, corner,
 * settings), so that a widget change shows at once without reloading the page.
 */
export class PluginSession {
  private controller: AbortController | undefined;
  private widgets = '';
  /** How many times each extension has been started in this editor page, across restarts (`extension.list[].runTimes`). */
  private readonly runTimes = new Map<string, number>();
  /** Each widget's settings at the last sync (`pluginId/extensionId` → JSON). */
  private properties = new Map<string, string>();
  /** The current host (undefined when no widget runs), resolved once every extension started or failed. */
  host: Promise<PluginHost | undefined> = Promise.resolve(undefined);

  constructor(
    private readonly options: () => Promise<Omit<PluginPageOptions, 'signal'>>,
    private readonly onError: (err: Error) => void,
  ) {}

  /**
   * Starts the plugins; again only when the widgets' placement or switch differ from the last
   * start. A changed `property` alone reaches the running widget (`app.ui.on("update")`) instead.
   */
  /** Starts the plugins again (their code changed: `orbis plugin dev` reinstalled one). */
  restart(widgets: Widget[], hasBlocks: boolean): Promise<PluginHost | undefined> {
    this.widgets = '';
    return this.sync(widgets, hasBlocks);
  }

  /** `hasBlocks`: whether the scene places any block (plugins run for blocks too: the first one added starts them). */
  sync(widgets: Widget[], hasBlocks: boolean): Promise<PluginHost | undefined> {
    // A widget entry that only carries settings places nothing: it is left out of the signature.
    const placed = widgets.filter((w) => w.enabled === false || w.area !== undefined);
    const signature = JSON.stringify([hasBlocks, placed.map((w) => [w.pluginId, w.extensionId, w.enabled, w.area])]);
    const properties = new Map(widgets.map((w) => [`${w.pluginId}/${w.extensionId}`, JSON.stringify(w.property ?? {})]));
    const changed = widgets.filter((w) => this.properties.get(`${w.pluginId}/${w.extensionId}`) !== properties.get(`${w.pluginId}/${w.extensionId}`));
    this.properties = properties;
    if (signature === this.widgets) {
      if (changed.length > 0) void this.host.then((host) => changed.forEach((w) => host?.setWidgetProperty(w.pluginId, w.extensionId, w.property)));
      return this.host;
    }
    this.widgets = signature;
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const previous = this.host;
    // The old sandboxes stop before the new ones start, so no widget shows twice.
    this.host = previous
      .then(() => this.options())
      .then((options) =>
        controller.signal.aborted ? undefined : startPlugins({ ...options, widgetTray: true, signal: controller.signal, runTimes: this.runTimes }),
      )
      .catch((err: unknown) => {
        this.onError(err as Error);
        return undefined;
      });
    return this.host;
  }
}
