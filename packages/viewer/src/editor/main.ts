// First: the page's Trusted Types policy must exist before CesiumJS's module runs (html-policy.ts).
import '../ui/html-policy.js';
import { CesiumEngine } from '../engine/cesium-engine.js';
import { showScene } from '../mount-viewer.js';
import { forgetAdminToken, takeAdminToken } from './admin-token.js';
import { editorHome } from './editor-home.js';
import { membersPanel } from './members-panel.js';
import { Permissions } from './permissions.js';
import { whoAmI } from './session-api.js';
import { accountBar, signInPage } from './sign-in-page.js';
import { h } from '../ui/dom.js';
import { icon } from '../ui/icon.js';
import { ArrowLeft } from 'lucide';
import { EditorState } from './editor-state.js';
import { ManagementApi } from './management-api.js';
import { mapPanel } from './map-panel.js';
import { acceptDroppedFiles } from './globe-drop.js';
import { watchPluginUpdates } from './plugin-updates.js';
import { PluginSession } from './plugin-session.js';
import { InteractionController } from '../interaction/interaction-controller.js';
import type { PluginPackage } from '../plugins/start-plugins.js';
import { publishPanel } from './publish-panel.js';
import { storyPanel } from './story-panel.js';
import { widgetsPanel } from './widgets-panel.js';
import { contentPanel } from './content-panel.js';
import { editorTabs, type Tab, tabOf } from './editor-tabs.js';
import { toast } from '../ui/toast.js';
import { mountInfobox } from '../layers-ui/infobox.js';
import { BlockPlaces } from '../plugins/block-places.js';
import { PresenceBar, presenceUser } from './presence.js';
import { createElement } from 'preact';
import { mountView } from '../ui/island.js';
import { saveStatusText } from './save-status.js';
import { undoKeys } from './undo-keys.js';
import { roleName } from './role-name.js';
import { t } from '../ui/i18n.js';

const alias = decodeURIComponent(location.pathname.split('/')[2] ?? '');
const sidebar = document.getElementById('sidebar')!;
const container = document.getElementById('viewer')!;

/** The editor of one project, for a signed-in member (or the operator's admin token), as their role allows. */
async function start(): Promise<void> {
  const token = takeAdminToken(location, history, localStorage);
  const me = await whoAmI(token);
  if (!me) {
    if (token) forgetAdminToken(localStorage);
    sidebar.replaceChildren(signInPage(token ? t('signIn.tokenRefused') : t('signIn.toEdit', { project: alias }), () => location.reload()));
    return;
  }
  const role = me.projects.find((p) => p.alias === alias)?.role;
  if (!role) {
    sidebar.replaceChildren(accountBar(me), h('div', { class: 'panel', 'data-testid': 'not-a-member' }, h('p', {}, t('projects.notAMember', { project: alias })), h('a', { href: '/editor' }, t('projects.yours'))));
    return;
  }
  const can = new Permissions(role);
  const api = new ManagementApi(alias, token);
  let project;
  try {
    project = await api.getProject();
  } catch (err) {
    sidebar.replaceChildren(h('p', { class: 'panel' }, (err as Error).message));
    return;
  }
  const state = new EditorState(api, can.may('scene.put') ? undefined : roleName(role));
  // The scene is live: every editor of the project sees each change as it is made (docs/collaboration.md).
  await state.load(presenceUser(me.user));
  undoKeys(document, state);
  const engine = new CesiumEngine(container);
  engine.setAssetFiles((assetId) => state.assetFile(assetId));
  const interaction = new InteractionController(engine, container);
  const infoboxAnchor = h('div', { class: 'orbis-infobox-anchor' });
  container.append(infoboxAnchor);
  mountInfobox(infoboxAnchor, container, engine, (id) => state.scene.layers.find((l) => l.id === id), state.blocks);
  acceptDroppedFiles(container, state, can);
  // A layer that cannot be loaded says so: on its row in the Map tab, and as a notice.
  engine.onLayerFailure(({ layerId, reason }) => {
    // The notice comes once per reason: a layer loaded again (after an undo) that fails the same way says nothing new.
    if (!state.layerFailed(layerId, reason)) return;
    const title = state.scene.layers.find((l) => l.id === layerId)?.title ?? layerId;
    if (reason) toast('error', t('layers.loadFailed', { title, reason }), t('layers.loadFailedHint'));
  });
  const initialPlugins = api.pluginsIfChanged(undefined);
  let installed = initialPlugins.then((answer) => answer?.plugins ?? []);
  void installed.then((plugins) => state.setPlugins(plugins));
  const pluginListeners = new Set<(plugins: PluginPackage[]) => void>();
  const panels: Record<Tab, () => HTMLElement> = {
    map: () => mapPanel(state, engine, can),
    // A model layer draws its public items again when they change (docs/viewer.md, "Model layers").
    content: () => can.readOnly(contentPanel(state, can, (key) => void engine.refreshLayers(state.scene.layers.filter((l) => l.model === key).map((l) => l.id)), me.user?.id), 'item.create', t('permissions.what.content')),
    story: () => can.readOnly(storyPanel(state, engine), 'scene.put', t('permissions.what.story')),
    widgets: () => can.readOnly(widgetsPanel(state, installed, (listener) => pluginListeners.add(listener)), 'scene.put', t('permissions.what.widgets')),
    publish: () => publishPanel(state, engine, can),
    members: () => membersPanel(api, can, me.user?.id),
  };
  const status = h('span', { class: 'status', role: 'status', 'data-testid': 'save-status' });
  const consoleList = h('ol', { class: 'console', 'data-testid': 'plugin-console' });
  // The publish tab shows the page as it will be published: plugins see it as not the editor.
  const env = { inEditor: tabOf(location.search) !== 'publish', isBuilt: false };
  const plugins = new PluginSession(
    async () => ({
      engine,
      interaction,
      viewerElement: container,
      scene: state.scene,
      plugins: await installed,
      project: api.project,
      env,
      blocks: state.blocks,
      onLog: (line) => consoleList.append(h('li', { class: line.level }, line.text)),
      onStopped: ({ source, reason }) => toast('error', t('plugins.stopped', { source }), t('plugins.stoppedHint', { reason })),
    }),
    (err) => consoleList.append(h('li', { class: 'error' }, t('plugins.couldNotStart', { message: err.message }))),
  );
  const hostReady = plugins.sync(state.scene.widgets, BlockPlaces.inScene(state.scene));
  const onShow = (tab: Tab) => {
    document.title = `${project.name} · ${t(`tabs.${tab}`)} · ${t('editor.title')}`;
    // Into or out of the Publish tab, the plugins start again with the other `env.inEditor`.
    if (env.inEditor === (tab !== 'publish')) return;
    env.inEditor = tab !== 'publish';
    void plugins.restart(state.scene.widgets, BlockPlaces.inScene(state.scene));
  };
  const tabs = editorTabs(sidebar, panels, onShow);
  sidebar.replaceChildren(
    h('header', {}, h('a', { class: 'back-link', href: '/editor', title: t('projects.yours'), 'aria-label': t('projects.yours'), 'data-testid': 'back-to-projects' }, icon(ArrowLeft)), h('strong', {}, project.name), mountView(createElement(PresenceBar, { state }), 'span', 'presence-slot'), status),
    accountBar(me, role),
    tabs.nav,
    tabs.slot,
    h('details', { class: 'panel', open: true }, h('summary', {}, t('plugins.console')), consoleList),
  );
  // A plugin reinstalled by `orbis plugin dev` (or removed) runs at once, without a reload, and
  // the Widgets tab lists the new manifests.
  watchPluginUpdates(api, initialPlugins.then((answer) => answer?.etag), (latest) => {
    installed = Promise.resolve(latest);
    state.setPlugins(latest);
    for (const listener of pluginListeners) listener(latest);
    consoleList.append(h('li', { class: 'info' }, t('plugins.reloaded', { list: latest.map((p) => `${p.manifest.id} ${p.manifest.version}`).join(', ') || t('plugins.noneInstalled') })));
    void plugins.restart(state.scene.widgets, BlockPlaces.inScene(state.scene));
  });
  let closeNotSaved: (() => void) | undefined;
  let shownStatus = state.status;
  state.onChange(() => {
    const text = saveStatusText(state.status);
    if (state.status !== shownStatus) {
      const was = shownStatus.kind;
      shownStatus = state.status;
      // One "not saved" notice at a time, gone once a later save worked.
      if (state.status.kind === 'failed') {
        closeNotSaved?.();
        closeNotSaved = toast('error', text, t('save.notSavedHint'));
      } else if (state.status.kind === 'saved' || state.status.kind === 'merged') closeNotSaved?.();
      // Back from offline with changes made meanwhile: they were merged with the teammates' (docs/collaboration.md, "Offline").
      if (state.status.kind === 'merged' && was === 'offline') toast('info', t('save.backOnline'), t('save.backOnlineHint'));
    }
    status.textContent = text;
    status.dataset.state = state.status.kind;
    // Widget changes (enabled, corner, settings) restart the plugins at once.
    void plugins.sync(state.scene.widgets, BlockPlaces.inScene(state.scene)).then((host) => (host ? host.setSceneProperty(state.scene.property) : engine.applyProperty(state.scene.property)));
    void engine.setLayers(state.engineLayers());
    // An open infobox shows the layer as edited (its fields, its blocks).
    container.dispatchEvent(new CustomEvent('orbis:scene-changed'));
  });
  await showScene(engine, container, { property: state.scene.property, camera: state.scene.camera, layers: state.engineLayers(), timeline: state.scene.timeline }, [hostReady]);
}

// `/editor` is the start: sign-in, invitations, the projects one may open; `/editor/{p}` one project.
if (alias) void start();
else void editorHome(sidebar);
