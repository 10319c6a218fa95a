import { watch } from 'node:fs';
import { resolve } from 'node:path';
import type { AppContext } from '../http/app-context.js';
import { readPluginSource } from '../plugins/plugin-source.js';
import type { Project } from '../store/store.js';

/** How long a burst of file events (an editor's save writes several) settles before reinstalling. */
const SETTLE_MS = 150;

/**
 * `orbis plugin dev <folder>`: installs the plugin from the folder, then watches it and installs
 * it again after every save, until `signal` aborts. An open editor notices the new version
 * (it polls the plugin list, docs/plugin-api.md) and restarts its plugins without a reload. A save
 * that does not make a valid plugin is reported, and the last good version stays installed.
 * Writes one line per install to `out`.
 */
export async function runPluginDev(ctx: AppContext, project: Project, folder: string, out: (line: string) => void, signal: AbortSignal): Promise<void> {
  const path = resolve(folder);
  let installs = 0;
  const install = async () => {
    try {
      const plugin = await readPluginSource(path);
      await ctx.plugins.install(project, plugin);
      installs += 1;
      const m = plugin.manifest;
      out(`installed ${m.id} ${m.version} into ${project.alias} (${m.reearth ? 'reearth.yml' : 'plugin.json'}, install ${installs})`);
    } catch (err) {
      out(`not installed: ${(err as Error).message}`);
    }
  };
  await install();
  let timer: NodeJS.Timeout | undefined;
  // One install at a time; a save during one schedules the next.
  let running: Promise<void> = Promise.resolve();
  const changed = (_event: string, name: string | null) => {
    if (name && /(^|[\\/])(\.|node_modules)/.test(name)) return;
    clearTimeout(timer);
    timer = setTimeout(() => (running = running.then(install)), SETTLE_MS);
  };
  // Node's recursive watch on Linux sets its watches up asynchronously (Node 24 here), so a save
  // right after "watching" could go unseen: the folder itself, where plugin.json and the
  // extensions live, is also watched directly, which takes effect at once. A burst of events from
  // both settles into one install.
  const watchers = [watch(path, changed), watch(path, { recursive: true }, changed)];
  // A watcher that fails (a subfolder removed mid-scan, inotify's limit reached) is reported, not
  // fatal: the other one still sees the folder.
  for (const w of watchers) w.on('error', (err) => out(`watch error: ${err.message}`));
  // Printed only once the watches exist: a script (or a test) that saves as soon as it reads this
  // line must not save into a gap before them.
  out(`watching ${path} (Ctrl-C stops)`);
  await new Promise<void>((done) => {
    if (signal.aborted) return done();
    signal.addEventListener('abort', () => done(), { once: true });
  });
  clearTimeout(timer);
  for (const w of watchers) w.close();
  await running;
}
