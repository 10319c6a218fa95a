import { CesiumEngine } from '../engine/cesium-engine.js';
import { showScene } from '../mount-viewer.js';
import { forgetAdminToken, rememberAdminToken, takeAdminToken } from './admin-token.js';
import { h } from './dom.js';
import { EditorState } from './editor-state.js';
import { ApiError, ManagementApi } from './management-api.js';
import { mapPanel } from './map-panel.js';
import { acceptDroppedFiles } from './globe-drop.js';
import { watchPluginUpdates } from './plugin-updates.js';
import { PluginSession } from './plugin-session.js';
import { InteractionController } from '../interaction/interaction-controller.js';
import type { PluginPackage } from '../plugins/start-plugins.js';
import { publishPanel } from './publish-panel.js';
import { storyPanel } from './story-panel.js';
import { widgetsPanel } from './widgets-panel.js';
import { BookOpen, Database, Map as MapIcon, Puzzle, Send, type IconNode } from 'lucide';
import { contentPanel } from './content-panel.js';
import { button, field } from '../ui/controls.js';
import { icon } from '../ui/icon.js';
import { toast } from '../ui/toast.js';
import { mountInfobox } from '../layers-ui/infobox.js';

const TABS = ['map', 'content', 'story', 'widgets', 'publish'] as const;
type Tab = (typeof TABS)[number];
const TAB_ICONS: Record<Tab, IconNode> = { map: MapIcon, content: Database, story: BookOpen, widgets: Puzzle, publish: Send };

const alias = decodeURIComponent(location.pathname.split('/')[2] ?? '');
const sidebar = document.getElementById('sidebar')!;
const container = document.getElementById('viewer')!;

function askForToken(reason: string): void {
  const input = h('input', { class: 'input', type: 'password', placeholder: 'secret', autocomplete: 'off', 'data-testid': 'token-input' });
  sidebar.replaceChildren(
    h('form', { class: 'panel', onsubmit: (e) => {
      e.preventDefault();
      rememberAdminToken(localStorage, input.value.trim());
      location.reload();
    } },
      h('h2', {}, 'Orbis editor'),
      h('p', {}, reason),
      field('Admin token', input),
      button({ label: 'Open', type: 'submit', variant: 'primary' }),
    ),
  );
}

async function start(): Promise<void> {
  const token = takeAdminToken(location, history, localStorage);
  if (!token) return askForToken('Enter the admin token (printed by `orbis serve`, or in data/admin-token).');
  const api = new ManagementApi(alias, token);
  let project;
  try {
    project = await api.getProject();
  } catch (err) {
    if (err instanceof ApiError && err.code === 'unauthorized') {
      forgetAdminToken(localStorage);
      return askForToken('That token was not accepted. Enter the admin token.');
    }
    sidebar.replaceChildren(h('p', { class: 'panel' }, (err as Error).message));
    return;
  }
  const state = new EditorState(api);
  await state.load();
  const engine = new CesiumEngine(container);
  const wanted = new URLSearchParams(location.search).get('tab');
  const tab: Tab = TABS.includes(wanted as Tab) ? (wanted as Tab) : 'map';
  const interaction = new InteractionController(engine, container);
  const infoboxAnchor = h('div', { class: 'orbis-infobox-anchor' });
  container.append(infoboxAnchor);
  mountInfobox(infoboxAnchor, container, engine, (id) => state.scene.layers.find((l) => l.id === id));
  acceptDroppedFiles(container, state);
  const initialPlugins = api.pluginsIfChanged(undefined);
  let installed = initialPlugins.then((answer) => answer?.plugins ?? []);
  const pluginListeners = new Set<(plugins: PluginPackage[]) => void>();
  const panels: Record<Tab, () => HTMLElement> = {
    map: () => mapPanel(state, engine),
    content: () => contentPanel(state),
    story: () => storyPanel(state, engine),
    widgets: () => widgetsPanel(state, installed, (listener) => pluginListeners.add(listener)),
    publish: () => publishPanel(state, engine),
  };
  const status = h('span', { class: 'status', role: 'status', 'data-testid': 'save-status' });
  const consoleList = h('ol', { class: 'console', 'data-testid': 'plugin-console' });
  sidebar.replaceChildren(
    h('header', {}, h('strong', {}, project.name), status),
    h('nav', { 'aria-label': 'Editor tabs' }, ...TABS.map((t) => h('a', { href: `?tab=${t}`, class: t === tab ? 'active' : undefined, 'aria-current': t === tab ? 'page' : undefined, 'data-testid': `tab-${t}` }, icon(TAB_ICONS[t]), t[0]!.toUpperCase() + t.slice(1)))),
    panels[tab](),
    h('details', { class: 'panel', open: true }, h('summary', {}, 'Plugin console'), consoleList),
  );
  // The publish tab shows the page as it will be published: plugins see it as not the editor.
  const env = { inEditor: tab !== 'publish', isBuilt: false };
  const plugins = new PluginSession(
    async () => ({
      engine,
      interaction,
      viewerElement: container,
      scene: state.scene,
      plugins: await installed,
      project: api.project,
      env,
      onLog: (line) => consoleList.append(h('li', { class: line.level }, line.text)),
      onStopped: ({ source, reason }) => toast('error', `Plugin ${source} was stopped`, `${reason}. The other plugins go on; change the widget to start it again.`),
    }),
    (err) => consoleList.append(h('li', { class: 'error' }, `plugins could not start: ${err.message}`)),
  );
  const hostReady = plugins.sync(state.scene.widgets);
  // A plugin reinstalled by `orbis plugin dev` (or removed) runs at once, without a reload, and
  // the Widgets tab lists the new manifests.
  watchPluginUpdates(api, initialPlugins.then((answer) => answer?.etag), (latest) => {
    installed = Promise.resolve(latest);
    for (const listener of pluginListeners) listener(latest);
    consoleList.append(h('li', { class: 'info' }, `plugins reloaded: ${latest.map((p) => `${p.manifest.id} ${p.manifest.version}`).join(', ') || 'none installed'}`));
    void plugins.restart(state.scene.widgets);
  });
  state.onChange(() => {
    if (state.status !== status.textContent && state.status.startsWith('Not saved')) toast('error', state.status, 'Your change is kept in this tab; check the connection to the server, then change anything to save again.');
    status.textContent = state.status;
    // Widget changes (enabled, corner, settings) restart the plugins at once.
    void plugins.sync(state.scene.widgets).then((host) => (host ? host.setSceneProperty(state.scene.property) : engine.applyProperty(state.scene.property)));
    void engine.setLayers(state.engineLayers());
  });
  await showScene(engine, container, { property: state.scene.property, camera: state.scene.camera, layers: state.engineLayers(), timeline: state.scene.timeline }, [hostReady]);
}

void start();
