import { WIDGET_AREAS, type Scene, type WidgetArea } from '@orbis/scene';
import { Puzzle } from 'lucide';
import { h } from 'preact';
import { EmptyState } from '../../ui/empty-state.js';
import { Checkbox, Select } from '../../ui/field.js';
import type { EditorState } from '../state/editor-state.js';
import { WidgetSettings } from '../parts/widget-settings.js';
import { PluginInstaller } from '../parts/plugin-install.js';
import { useEditorState } from '../state/use-editor-state.js';
import { t } from '../../ui/i18n.js';

/** The corners a widget may sit in, named in the page's language. */
const areas = () => WIDGET_AREAS.map((a) => [a, t(`widgets.areas.${a}`)] as const);

/** "Plugin: widget", or the one name when both are the same (not "Coordinates: Coordinates"). */
export const widgetName = (plugin: string, widget: string) => (plugin === widget ? widget : `${plugin}: ${widget}`);

type Widget = Scene['widgets'][number];

/**
 * The scene's entry for a widget, added when it has none: with the top-right corner when a
 * `corner` is being set, else without one (settings alone leave the widget where its manifest puts it).
 */
export function widgetEntry(scene: Scene, pluginId: string, extensionId: string, corner: boolean): Widget {
  let w = scene.widgets.find((x) => x.pluginId === pluginId && x.extensionId === extensionId);
  if (!w) {
    w = { pluginId, extensionId, enabled: true, ...(corner ? { area: 'top-right' as const } : {}) };
    scene.widgets.push(w);
  }
  return w;
}

/**
 * Widgets tab: every installed plugin's widgets, enabled unless disabled here, where they sit, and
 * their settings; and the plugins themselves. A plugin reinstalled or removed while the editor is
 * open changes `state.plugins`, and the list draws again from it.
 */
export function WidgetsPanel({ state }: { state: EditorState }) {
  useEditorState(state);
  const widgets = state.plugins.flatMap((p) =>
    p.manifest.extensions
      .filter((e) => e.type === 'widget')
      .map((e) => ({ pluginId: p.manifest.id, extensionId: e.id, name: widgetName(p.manifest.name, e.name), schema: e.schema })),
  );
  return h(
    'div',
    { class: 'panel', 'data-testid': 'widgets-panel' },
    h('h2', {}, t('tabs.widgets')),
    h('p', { class: 'hint' }, t('widgets.about')),
    h(
      'ul',
      { class: 'list', 'data-testid': 'widget-list' },
      widgets.length === 0
        ? h('li', {}, h(EmptyState, { icon: Puzzle, title: t('widgets.none'), hint: t('widgets.noneHint') }))
        : widgets.map((w) => h(WidgetRow, { key: `${w.pluginId}/${w.extensionId}`, state, ...w })),
    ),
    h(PluginInstaller, { api: state.api, plugins: state.plugins }),
  );
}

/** A widget's row: its switch, its corner, and its settings form. */
function WidgetRow({
  state,
  pluginId,
  extensionId,
  name,
  schema,
}: {
  state: EditorState;
  pluginId: string;
  extensionId: string;
  name: string;
  schema: unknown;
}) {
  const current = state.scene.widgets.find((x) => x.pluginId === pluginId && x.extensionId === extensionId);
  const change = (corner: boolean, fn: (w: Widget) => void) => state.update((s) => fn(widgetEntry(s, pluginId, extensionId, corner)));
  const id = `${pluginId}-${extensionId}`;
  return h(
    'li',
    { 'data-widget': `${pluginId}/${extensionId}` },
    h(Checkbox, { label: name, checked: current?.enabled !== false, testid: `widget-enabled-${id}`, onChange: (on) => change(true, (w) => (w.enabled = on)) }),
    h(Select, {
      options: areas(),
      value: current?.area ?? 'top-right',
      label: t('widgets.cornerOf', { name }),
      testid: `widget-area-${id}`,
      onChange: (area) => change(true, (w) => (w.area = area as WidgetArea)),
    }),
    h(WidgetSettings, {
      name,
      schema,
      property: current?.property,
      testid: `widget-settings-${id}`,
      save: (property) => change(false, (w) => (w.property = property)),
    }),
  );
}
