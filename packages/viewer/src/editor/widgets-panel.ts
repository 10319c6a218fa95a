import type { WidgetArea } from '@orbis/scene';
import type { PluginPackage } from '../plugins/start-plugins.js';
import { Puzzle } from 'lucide';
import { checkbox, emptyState, select } from '../ui/controls.js';
import { h } from './dom.js';
import type { EditorState } from './editor-state.js';
import { widgetSettings } from './widget-settings.js';
import { pluginInstaller } from './plugin-install.js';

const AREAS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

/** "Plugin: widget", or the one name when both are the same (not "Coordinates: Coordinates"). */
export const widgetName = (plugin: string, widget: string) => (plugin === widget ? widget : `${plugin}: ${widget}`);

/**
 * Widgets tab: every installed plugin's widgets, enabled unless disabled here, where they sit, and
 * their settings. `onPluginsChange` tells it of a new list (a plugin reinstalled or removed while
 * the editor is open): the list is drawn again from it.
 */
export function widgetsPanel(state: EditorState, plugins: Promise<PluginPackage[]>, onPluginsChange: (listener: (plugins: PluginPackage[]) => void) => void): HTMLElement {
  const list = h('ul', { class: 'list', 'data-testid': 'widget-list' });
  const installer = pluginInstaller(state.api);
  let installed: { pluginId: string; extensionId: string; name: string; schema: unknown }[] = [];
  // A settings form is kept while its saved property is unchanged, so what was typed and not yet
  // saved survives the redraw another change causes (and an open panel stays open).
  const drawn = new Map<string, { saved: string; element: HTMLElement }>();
  const placement = (pluginId: string, extensionId: string) => {
    let w = state.scene.widgets.find((x) => x.pluginId === pluginId && x.extensionId === extensionId);
    if (!w) {
      w = { pluginId, extensionId, enabled: true, area: 'top-right' };
      state.scene.widgets.push(w);
    }
    return w;
  };
  // Settings alone add an entry without a corner: the widget stays where its manifest puts it.
  const settingsOf = (pluginId: string, extensionId: string) => {
    let w = state.scene.widgets.find((x) => x.pluginId === pluginId && x.extensionId === extensionId);
    if (!w) {
      w = { pluginId, extensionId, enabled: true };
      state.scene.widgets.push(w);
    }
    return w;
  };
  const settings = (...args: Parameters<typeof widgetSettings>): HTMLElement => {
    const id = args[4];
    // The form is built from the manifest's schema too: a reinstall that changed it builds a new one.
    const saved = JSON.stringify([args[2] ?? {}, args[1] ?? null]);
    const kept = drawn.get(id);
    if (kept?.saved === saved) return kept.element;
    const element = widgetSettings(...args) as HTMLDetailsElement;
    // A form replaced after a save stays open if it was.
    element.open = (kept?.element as HTMLDetailsElement | undefined)?.open ?? false;
    drawn.set(id, { saved, element });
    return element;
  };
  function render(): void {
    list.replaceChildren(
      ...(installed.length === 0
        ? [h('li', {}, emptyState(Puzzle, 'No widgets yet', 'Install a plugin from its zip or folder below; see "Write a plugin" in the README to make one.'))]
        : installed.map(({ pluginId, extensionId, name, schema }) => {
            const current = state.scene.widgets.find((x) => x.pluginId === pluginId && x.extensionId === extensionId);
            const area = current?.area ?? 'top-right';
            return h('li', { 'data-widget': `${pluginId}/${extensionId}` },
              checkbox(name, current?.enabled !== false, (on) => state.update(() => (placement(pluginId, extensionId).enabled = on)), `widget-enabled-${pluginId}-${extensionId}`),
              select(AREAS.map((a) => [a, a.replace('-', ' ')] as const), area, (value) => state.update(() => (placement(pluginId, extensionId).area = value as WidgetArea)), `Corner of ${name}`, `widget-area-${pluginId}-${extensionId}`),
              settings(name, schema, current?.property, (property) => state.update(() => (settingsOf(pluginId, extensionId).property = property)), `widget-settings-${pluginId}-${extensionId}`),
            );
          })),
    );
  }
  const show = (packages: PluginPackage[]) => {
    installer.show(packages);
    installed = packages.flatMap((p) => p.manifest.extensions.filter((e) => e.type === 'widget').map((e) => ({ pluginId: p.manifest.id, extensionId: e.id, name: widgetName(p.manifest.name, e.name), schema: e.schema })));
    render();
  };
  // A newer list may arrive before the first: the first then draws nothing.
  let changed = false;
  void plugins.then((packages) => changed || show(packages));
  onPluginsChange((packages) => {
    changed = true;
    show(packages);
  });
  state.onChange(render);
  render();
  return h('div', { class: 'panel', 'data-testid': 'widgets-panel' }, h('h2', {}, 'Widgets'), h('p', { class: 'hint' }, 'Changes apply at once: a new corner or switch restarts the widgets; saved settings reach them while they run.'), list, installer.element);
}
