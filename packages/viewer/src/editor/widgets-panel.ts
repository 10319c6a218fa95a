import type { WidgetArea } from '@orbis/scene';
import type { PluginPackage } from '../plugins/start-plugins.js';
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
        ? [h('li', { class: 'hint' }, 'No plugins installed. See "Write a plugin" in the README.')]
        : installed.map(({ pluginId, extensionId, name }) => {
            const current = state.scene.widgets.find((x) => x.pluginId === pluginId && x.extensionId === extensionId);
            return h('li', { 'data-widget': `${pluginId}/${extensionId}` },
              h('label', {}, h('input', { type: 'checkbox', checked: current?.enabled !== false, onchange: (e) => state.update(() => (placement(pluginId, extensionId).enabled = (e.target as HTMLInputElement).checked)) }), ` ${name}`),
              h('select', { onchange: (e) => state.update(() => (placement(pluginId, extensionId).area = (e.target as HTMLSelectElement).value as WidgetArea)) },
                ...AREAS.map((a) => h('option', { value: a, selected: (current?.area ?? 'top-right') === a }, a)),
              ),
              h('span', { class: 'hint' }, 'reload to apply'),
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
  return h('div', { class: 'panel', 'data-testid': 'widgets-panel' }, h('h2', {}, 'Widgets'), list);
}
