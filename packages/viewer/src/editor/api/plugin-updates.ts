import type { PluginPackage } from '../../plugins/start-plugins.js';
import type { ManagementApi } from './management-api.js';

/** How often an open editor asks whether its project's plugins changed (a 304 when they did not). */
export const PLUGIN_POLL_MS = 1500;

/**
 * Polls the project's plugin list with If-None-Match while the tab is visible, and calls
 * `onChange` with the new list when another process installed, replaced or removed a plugin
 * (`orbis plugin dev` after a save). Polling rather than a push channel: the CLI writes the store
 * directly, beside or without a server, so the server has no install event to push; a 304 costs
 * the server one read of the list. Returns the function that stops it.
 */
export function watchPluginUpdates(api: ManagementApi, firstEtag: Promise<string | undefined>, onChange: (plugins: PluginPackage[]) => void): () => void {
  let etag: string | undefined;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const poll = async () => {
    if (!document.hidden) {
      try {
        const changed = await api.pluginsIfChanged(etag);
        if (changed && !stopped) {
          etag = changed.etag;
          onChange(changed.plugins);
        }
      } catch {
        // The server may be restarting: the next poll asks again.
      }
    }
    if (!stopped) timer = setTimeout(() => void poll(), PLUGIN_POLL_MS);
  };
  // From the ETag of the list the page started with: a reinstall since then is the first change.
  void firstEtag.then(
    (tag) => {
      etag = tag;
      return poll();
    },
    () => poll(),
  );
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
