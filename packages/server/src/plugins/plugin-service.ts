import type { Project, Store } from '../store/store.js';
import type { PluginPackage } from './plugin-package.js';

/** Installs, lists and removes a project's plugins. */
export class PluginService {
  constructor(private readonly store: Store) {}

  async install(project: Project, plugin: PluginPackage): Promise<PluginPackage> {
    await this.store.putPlugin(project.id, plugin.manifest.id, JSON.stringify(plugin), new Date().toISOString());
    return plugin;
  }

  async list(project: Project): Promise<PluginPackage[]> {
    return (await this.store.listPlugins(project.id)).map((json) => JSON.parse(json) as PluginPackage);
  }

  remove(project: Project, pluginId: string): Promise<boolean> {
    return this.store.deletePlugin(project.id, pluginId);
  }
}
