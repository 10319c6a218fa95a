import type { WidgetArea } from '@orbis/scene';
import type { PluginPackage } from '../plugins/start-plugins.js';
import { Puzzle } from 'lucide';
import { checkbox, emptyState, select } from '../ui/controls.js';
import { h } from './dom.js';
import type { EditorState } from './editor-state.js';

const AREAS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];

/** Widgets tab: every installed plugin's widgets, enabled unless disabled here, and where they sit. */
export function widgetsPanel(state: EditorState, plugins: Promise<PluginPackage[]>): HTMLElement {
  const list = h('ul', { class: 'list', 'data-testid': 'widget-list' });
  let installed: { pluginId: string; extensionId: string; name: string }[] = [];
  const placement = (pluginId: string, extensionId: string) => {
    let w = state.scene.widgets.find((x) => x.pluginId === pluginId && x.extensionId === extensionId);
    if (!w) {
      w = { pluginId, extensionId, enabled: true, area: 'top-right' };
      state.scene.widgets.push(w);
    }
    return w;
  };
  function render(): void {
    list.replaceChildren(
      ...(installed.length === 0
        ? [h('li', {}, emptyState(Puzzle, 'No plugins installed', 'Install one with POST /api/projects/{p}/plugins or `npx orbis plugin install`; see "Write a plugin" in the README.'))]
        : installed.map(({ pluginId, extensionId, name }) => {
            const current = state.scene.widgets.find((x) => x.pluginId === pluginId && x.extensionId === extensionId);
            const area = current?.area ?? 'top-right';
            return h('li', { 'data-widget': `${pluginId}/${extensionId}` },
              checkbox(name, current?.enabled !== false, (on) => state.update(() => (placement(pluginId, extensionId).enabled = on)), `widget-enabled-${pluginId}-${extensionId}`),
              select(AREAS.map((a) => [a, a.replace('-', ' ')] as const), area, (value) => state.update(() => (placement(pluginId, extensionId).area = value as WidgetArea)), `Corner of ${name}`, `widget-area-${pluginId}-${extensionId}`),
            );
          })),
    );
  }
  void plugins.then((packages) => {
    installed = packages.flatMap((p) => p.manifest.extensions.filter((e) => e.type === 'widget').map((e) => ({ pluginId: p.manifest.id, extensionId: e.id, name: `${p.manifest.name}: ${e.name}` })));
    render();
  });
  state.onChange(render);
  render();
  return h('div', { class: 'panel', 'data-testid': 'widgets-panel' }, h('h2', {}, 'Widgets'), h('p', { class: 'hint' }, 'Changes apply at once: the widgets restart.'), list);
}
