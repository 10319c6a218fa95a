import { WIDGET_AREAS, type WidgetArea } from '@orbis/scene';
import type { PluginPackage } from '../plugins/start-plugins.js';
import { Puzzle } from 'lucide';
import { checkbox, emptyState, select } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import type { EditorState } from './editor-state.js';
import { widgetSettings } from './widget-settings.js';
import { pluginInstaller } from './plugin-install.js';
import { t } from '../ui/i18n.js';

const AREAS = WIDGET_AREAS;

/** A widget's row in the list: its switch, its corner, and its settings form with the property the form shows (as JSON). */
interface Row {
  name: string;
  li: HTMLElement;
  enabled: HTMLInputElement;
  area: HTMLSelectElement;
  form: HTMLDetailsElement;
  /** Undefined until the row's first form replaces the placeholder it starts with. */
  shows: string | undefined;
}

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
  // Each widget's row is kept from one redraw to the next, its switch and corner set in place, so
  // a control keeps its focus (a node moved in the page loses it). Its settings form is kept while
  // the property it shows is unchanged, with what was typed in it and not saved, and whether it is
  // open; the form's own save counts as showing what it saved, so neither the change nor the
  // save's answer redraws it under the user's typing. A new form comes only with another property
  // than those, or with a reinstall that changed the schema the form is built from.
  const rows = new Map<string, Row>();
  const empty = h('li', {}, emptyState(Puzzle, t('widgets.none'), t('widgets.noneHint')));
  const rowOf = ({ pluginId, extensionId, name, schema }: (typeof installed)[number]): HTMLElement => {
    const key = `${pluginId}/${extensionId}`;
    const current = state.scene.widgets.find((x) => x.pluginId === pluginId && x.extensionId === extensionId);
    const shows = (property: Record<string, unknown> | undefined) => JSON.stringify([property ?? {}, schema ?? null]);
    let row = rows.get(key);
    if (row?.name !== name) {
      const enabled = checkbox(name, true, (on) => state.update(() => (placement(pluginId, extensionId).enabled = on)), `widget-enabled-${pluginId}-${extensionId}`);
      const area = select(AREAS.map((a) => [a, t(`widgets.areas.${a}`)] as const), 'top-right', (value) => state.update(() => (placement(pluginId, extensionId).area = value as WidgetArea)), t('widgets.cornerOf', { name }), `widget-area-${pluginId}-${extensionId}`);
      // The placeholder form is as open as the replaced row's (a reinstall renamed the widget).
      row = { name, li: h('li', { 'data-widget': key }, enabled, area), enabled: enabled.querySelector('input')!, area, form: h('details', { open: row?.form.open }), shows: undefined };
      row.li.append(row.form);
      rows.set(key, row);
    }
    row.enabled.checked = current?.enabled !== false;
    row.area.value = current?.area ?? 'top-right';
    if (row.shows !== shows(current?.property)) {
      const kept = row;
      const form = widgetSettings(name, schema, current?.property, (property) => {
        kept.shows = shows(property);
        state.update(() => (settingsOf(pluginId, extensionId).property = property));
      }, `widget-settings-${pluginId}-${extensionId}`) as HTMLDetailsElement;
      form.open = row.form.open;
      row.form.replaceWith(form);
      row.form = form;
      row.shows = shows(current?.property);
    }
    return row.li;
  };
  function render(): void {
    const items = installed.length === 0 ? [empty] : installed.map(rowOf);
    // Only another list of widgets moves rows in the page.
    if (items.length !== list.children.length || items.some((li, i) => list.children[i] !== li)) list.replaceChildren(...items);
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
  return h('div', { class: 'panel', 'data-testid': 'widgets-panel' }, h('h2', {}, t('tabs.widgets')), h('p', { class: 'hint' }, t('widgets.about')), list, installer.element);
}
