// First: the page's Trusted Types policy must exist before CesiumJS's module runs (html-policy.ts).
import '../ui/html-policy.js';
import { CesiumEngine } from '../engine/cesium/cesium-engine.js';
import { showScene } from '../mount-viewer.js';
import { forgetAdminToken, takeAdminToken } from './api/admin-token.js';
import { editorHome } from './editor-home.js';
import { membersPanel } from './panels/members-panel.js';
import { Permissions } from './state/permissions.js';
import { whoAmI } from './api/session-api.js';
import { signInPage } from './sign-in-page.js';
import { AccountBar } from './parts/account-bar.js';
import { h } from '../ui/dom.js';
import { EditorState } from './state/editor-state.js';
import { ManagementApi } from './api/management-api.js';
import { mapPanel } from './panels/map-panel.js';
import { acceptDroppedFiles } from './state/globe-drop.js';
import { watchPluginUpdates } from './api/plugin-updates.js';
import { PluginSession } from './state/plugin-session.js';
import { InteractionController } from '../interaction/interaction-controller.js';
import { createMeasureControl } from '../layers-ui/measure-control.js';
import { createDrawControl } from './drawing/draw-control.js';
import { PublishPanel } from './panels/publish-panel.js';
import { StoryPanel } from './panels/story-panel.js';
import { WidgetsPanel } from './panels/widgets-panel.js';
import { contentPanel } from './panels/content-panel.js';
import { type Tab, tabOf } from './editor-tabs.js';
import { type ConsoleLine, EditorPage } from './editor-page.js';
import { toast } from '../ui/toast.js';
import { mountInfobox } from '../layers-ui/infobox.js';
import { BlockPlaces } from '../plugins/block-places.js';
import { presenceUser } from './state/presence.js';
import { type ComponentChild, createElement, render } from 'preact';
import { signal } from '@preact/signals';
import { mountView } from '../ui/island.js';
import { ReadOnly } from './parts/read-only.js';
import { undoKeys } from './state/undo-keys.js';
import { roleName } from './state/role-name.js';
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
    sidebar.replaceChildren(
      mountView(createElement(AccountBar, { me }), 'div', 'island'),
      h(
        'div',
        { class: 'panel', 'data-testid': 'not-a-member' },
        h('p', {}, t('projects.notAMember', { project: alias })),
        h('a', { href: '/editor' }, t('projects.yours')),
      ),
    );
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
  engine.setAssetFiles(Object.assign((assetId: string) => state.assetFile(assetId), { urlTerrain: (url: string) => state.urlTerrainFile(url) }));
  const interaction = new InteractionController(engine, container);
  const infoboxAnchor = h('div', { class: 'orbis-infobox-anchor' });
  container.append(infoboxAnchor);
  mountInfobox(infoboxAnchor, container, engine, (id) => state.scene.layers.find((l) => l.id === id), state.blocks);
  acceptDroppedFiles(container, state, can);
  // The measure tool on the Map tab's globe (docs/editor.md, "The map maker's tools").
  const measure = createMeasureControl(engine, interaction, container);
  // The drawing tool beside it (docs/viewer.md, "Drawing in the editor"): one takes the mouse at a time.
  const draw = createDrawControl(state, engine, interaction, container);
  measure.element.querySelector('.orbis-measure-toggle')?.addEventListener('click', () => draw.close(), true);
  draw.element.querySelector('.orbis-measure-toggle')?.addEventListener('click', () => measure.close(), true);
  const measureDock = h('div', { class: 'orbis-measure-dock' }, measure.element, can.may('scene.put') ? draw.element : undefined);
  container.append(measureDock);
  // A layer that cannot be loaded says so: on its row in the Map tab, and as a notice.
  engine.onLayerFailure(({ layerId, reason }) => {
    // The notice comes once per reason: a layer loaded again (after an undo) that fails the same way says nothing new.
    if (!state.layerFailed(layerId, reason)) return;
    const title = state.scene.layers.find((l) => l.id === layerId)?.title ?? layerId;
    if (reason) toast('error', t('layers.loadFailed', { title, reason }), t('layers.loadFailedHint'));
  });
  const initialPlugins = api.pluginsIfChanged(undefined);
  let installed = initialPlugins.then((answer) => answer?.plugins ?? []);
  // A newer list (a reinstall) may arrive before the first: the first then changes nothing.
  let reinstalled = false;
  void installed.then((plugins) => reinstalled || state.setPlugins(plugins));
  const sceneOnly = (tab: Tab, view: ComponentChild) =>
    mountView(createElement(ReadOnly, { can, action: 'scene.put', what: t(`permissions.what.${tab}`) }, view));
  const panels: Record<Tab, () => HTMLElement> = {
    map: () => mapPanel(state, engine, can),
    // A model layer draws its public items again when they change (docs/viewer.md, "Model layers").
    content: () =>
      contentPanel(state, can, (key) => void engine.refreshLayers(state.scene.layers.filter((l) => l.model === key).map((l) => l.id)), me.user?.id),
    story: () => sceneOnly('story', createElement(StoryPanel, { state, engine })),
    widgets: () => sceneOnly('widgets', createElement(WidgetsPanel, { state })),
    publish: () => mountView(createElement(PublishPanel, { state, engine, can })),
    members: () => membersPanel(api, can, me.user?.id),
  };
  const consoleLines = signal<ConsoleLine[]>([]);
  const log = (line: ConsoleLine) => (consoleLines.value = [...consoleLines.value, line]);
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
      onLog: log,
      onStopped: ({ source, reason }) => toast('error', t('plugins.stopped', { source }), t('plugins.stoppedHint', { reason })),
    }),
    (err) => log({ level: 'error', text: t('plugins.couldNotStart', { message: err.message }) }),
  );
  const hostReady = plugins.sync(state.scene.widgets, BlockPlaces.inScene(state.scene));
  const onShow = (tab: Tab) => {
    measureDock.hidden = tab !== 'map';
    if (tab !== 'map') {
      measure.close();
      draw.close();
    }
    document.title = `${project.name} · ${t(`tabs.${tab}`)} · ${t('editor.title')}`;
    // Into or out of the Publish tab, the plugins start again with the other `env.inEditor`.
    if (env.inEditor === (tab !== 'publish')) return;
    env.inEditor = tab !== 'publish';
    void plugins.restart(state.scene.widgets, BlockPlaces.inScene(state.scene));
  };
  sidebar.replaceChildren();
  render(createElement(EditorPage, { state, me, role, projectName: project.name, scroller: sidebar, panels, onShow, console: consoleLines }), sidebar);
  // A plugin reinstalled by `orbis plugin dev` (or removed) runs at once, without a reload, and
  // the Widgets tab lists the new manifests.
  watchPluginUpdates(
    api,
    initialPlugins.then((answer) => answer?.etag),
    (latest) => {
      reinstalled = true;
      installed = Promise.resolve(latest);
      state.setPlugins(latest);
      log({
        level: 'info',
        text: t('plugins.reloaded', { list: latest.map((p) => `${p.manifest.id} ${p.manifest.version}`).join(', ') || t('plugins.noneInstalled') }),
      });
      void plugins.restart(state.scene.widgets, BlockPlaces.inScene(state.scene));
    },
  );
  state.onChange(() => {
    // Widget changes (enabled, corner, settings) restart the plugins at once.
    void plugins
      .sync(state.scene.widgets, BlockPlaces.inScene(state.scene))
      .then((host) => (host ? host.setSceneProperty(state.scene.property) : engine.applyProperty(state.scene.property)));
    void engine.setLayers(state.engineLayers());
    // An open infobox shows the layer as edited (its fields, its blocks).
    container.dispatchEvent(new CustomEvent('orbis:scene-changed'));
  });
  await showScene(
    engine,
    container,
    { property: state.scene.property, camera: state.scene.camera, layers: state.engineLayers(), timeline: state.scene.timeline },
    [hostReady],
  );
}

// `/editor` is the start: sign-in, invitations, the projects one may open; `/editor/{p}` one project.
if (alias) void start();
else void editorHome(sidebar);
