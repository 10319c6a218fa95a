import { h } from './dom.js';
import type { EditorState } from './editor-state.js';

/** Widgets tab: the installed plugins' widgets, enabled or not, and where they sit. */
export function widgetsPanel(state: EditorState): HTMLElement {
  const list = h('ul', { class: 'list', 'data-testid': 'widget-list' });
  function render(): void {
    list.replaceChildren(
      ...(state.scene.widgets.length === 0
        ? [h('li', { class: 'hint' }, 'No plugin widgets yet. Install a plugin with POST /api/projects/{p}/plugins.')]
        : state.scene.widgets.map((w, i) =>
            h('li', {},
              h('label', {}, h('input', { type: 'checkbox', checked: w.enabled, onchange: (e) => state.update((s) => (s.widgets[i]!.enabled = (e.target as HTMLInputElement).checked)) }), ` ${w.pluginId}/${w.extensionId}`),
              h('select', { onchange: (e) => state.update((s) => (s.widgets[i]!.area = (e.target as HTMLSelectElement).value)) },
                ...['top-left', 'top-right', 'bottom-left', 'bottom-right'].map((a) => h('option', { value: a, selected: (w.area ?? 'top-right') === a }, a)),
              ),
            ),
          )),
    );
  }
  state.onChange(render);
  render();
  return h('div', { class: 'panel', 'data-testid': 'widgets-panel' }, h('h2', {}, 'Widgets'), list);
}
