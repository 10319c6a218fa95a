import type { PluginHost } from '../plugins/plugin-host.js';
import { type PluginPageOptions, startPlugins } from '../plugins/start-plugins.js';

/**
 * The editor's running plugins, restarted when the scene's widgets change (enabled, corner,
 * settings), so that a widget change shows at once without reloading the page.
 */
export class PluginSession {
  private controller: AbortController | undefined;
  private widgets = '';
  /** The current host (undefined when no widget runs), resolved once every extension started or failed. */
  host: Promise<PluginHost | undefined> = Promise.resolve(undefined);

  constructor(private readonly options: () => Promise<Omit<PluginPageOptions, 'signal'>>, private readonly onError: (err: Error) => void) {}

  /** Starts the plugins; again only when the widgets differ from the last start. */
  sync(widgets: unknown): Promise<PluginHost | undefined> {
    const signature = JSON.stringify(widgets);
    if (signature === this.widgets) return this.host;
    this.widgets = signature;
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const previous = this.host;
    // The old sandboxes stop before the new ones start, so no widget shows twice.
    this.host = previous
      .then(() => this.options())
      .then((options) => (controller.signal.aborted ? undefined : startPlugins({ ...options, signal: controller.signal })))
      .catch((err: unknown) => {
        this.onError(err as Error);
        return undefined;
      });
    return this.host;
  }
}
