// First: the page's Trusted Types policy must exist before CesiumJS's module runs (html-policy.ts).
import '../ui/html-policy.js';
import './published.css';
import { CesiumEngine } from '../engine/cesium/cesium-engine.js';
import { InteractionController } from '../interaction/interaction-controller.js';
import { showScene } from '../mount-viewer.js';
import { type PluginPackage, startPlugins } from '../plugins/start-plugins.js';
import type { PluginHost } from '../plugins/plugin-host.js';
import type { PublishedSnapshot } from '@orbis/scene';
import { createPageLayout, followCoveredBottom } from './page-layout.js';
import { openingOfStory, startStory } from './story-player.js';
import type { StoryPageView } from './story-state.js';
import { mountInfobox } from '../layers-ui/infobox.js';
import { createLegend } from '../layers-ui/legend.js';
import { createMeasureControl } from '../layers-ui/measure-control.js';
import { drawnType } from '../layers/drawn-layer.js';
import { BlockPlaces } from '../plugins/block-places.js';
import { VisitorFilters } from '../layers-ui/visitor-filters.js';
import { GroupVisibility } from '../layers/layer-groups.js';
import { browserLanguages, setLanguage, t } from '../ui/i18n.js';
import { languageSwitch, pageLanguage } from './page-language.js';

/** The published page: the snapshot inlined by the server, the project's name and its story. */
function readSnapshot(): PublishedSnapshot<PluginPackage> {
  const element = document.getElementById('orbis-snapshot');
  if (!element?.textContent) throw new Error(t('published.noSnapshot'));
  return JSON.parse(element.textContent) as PublishedSnapshot<PluginPackage>;
}

// Markdown and its sanitizer load beside the globe, not before it: the first frame does not wait.
const renderText = async (element: HTMLElement, text: string) => (await import('../ui/markdown.js')).renderMarkdown(element, text);

const snapshot = readSnapshot();
// The page speaks the scene's language, or the visitor's with a switch to the other (docs/contract.md §19).
const languageSetting = snapshot.scene.property.language;
setLanguage(pageLanguage(languageSetting, location.search, browserLanguages()));
document.title = snapshot.project.name;
const pages = (snapshot.scene.story?.pages ?? []) as StoryPageView[];
const layout = createPageLayout(
  snapshot.project.name,
  pages.length > 0,
  languageSetting === 'en' || languageSetting === 'ja' ? undefined : languageSwitch(location),
);
const container = document.getElementById('viewer')!;
const engine = new CesiumEngine(container);
// A plugin's `overrideProperty({tiles})` may name a published basemap archive by its asset id (docs/contract.md §14).
const archives = new Map((snapshot.scene.property.tiles ?? []).flatMap((t) => (t.assetId && t.url ? [[t.assetId, { url: t.url }] as const] : [])));
engine.setAssetFiles((assetId) => archives.get(assetId));
const scene = { ...snapshot.scene, layers: snapshot.scene.layers };
const interaction = new InteractionController(engine, container);
// The infobox and story panel say which plugin blocks show; plugins run them once started.
const blocks = new BlockPlaces();
const plugins = startPlugins({
  engine,
  interaction,
  viewerElement: container,
  scene,
  plugins: snapshot.plugins ?? [],
  project: snapshot.project.alias,
  env: { inEditor: false, isBuilt: true },
  widgetTray: true,
  blocks,
}).catch((err: unknown) => console.error('[orbis] plugins could not start', err));
const layers = snapshot.scene.layers.map((l) => ({
  id: l.id,
  title: l.title,
  type: drawnType(l),
  url: l.url,
  visible: l.visible,
  appearance: l.appearance,
  data: l.data,
  cluster: l.cluster,
  filters: l.filters,
  group: l.group,
  heatmap: l.heatmap,
}));
// A plugin's own layer (`layers.add`, Re:Earth's infobox blocks and all) has an infobox too.
let host: PluginHost | undefined;
void plugins.then((started) => (host = started ?? undefined));
const layerOf = (id: string) => {
  const layer = snapshot.scene.layers.find((l) => l.id === id) ?? host?.layer(id);
  return layer && { title: layer.title ?? '', ...(layer.infobox ? { infobox: layer.infobox } : {}) };
};
mountInfobox(layout.slots.infobox, container, engine, layerOf, blocks);
// docs/contract.md §18: the visitor's filters (written into the layers plugins read) and the groups' boxes in the legend.
const filters = new VisitorFilters(scene.layers, { engine, restyle: (id, appearance) => engine.pluginLayers.restyle(id, appearance) });
const groups = new GroupVisibility(snapshot.scene.groups ?? [], new Map(snapshot.scene.layers.map((l) => [l.id, l.group])));
let storyLayers = layers;
/** Shows the layers the story gives (`shown`), each hidden where its group is. */
const showLayers = (shown: typeof layers) => {
  storyLayers = shown;
  const drawn = groups.apply(shown);
  legend.update(drawn);
  return engine.setLayers(drawn);
};
const legend = createLegend(engine, {
  groups: snapshot.scene.groups ?? [],
  groupVisible: (id) => groups.visible(id),
  onGroupVisible: (id, visible) => {
    groups.set(id, visible);
    void showLayers(storyLayers);
  },
  onToggleClass: (layerId, conditions, row) => filters.toggleClass(layerId, conditions, row),
});
// The page's tools (docs/viewer.md, "Measuring") sit above the legend, and move with it.
layout.slots.legend.append(createMeasureControl(engine, interaction, container).element, legend.element, filters.element);
engine.onLayersChange(() => filters.refresh());
const opening = openingOfStory(pages, layers, location.hash);
if (layout.side) {
  const story = startStory(
    {
      pages,
      layers,
      flyTo: (camera) => void engine.flyTo(camera, 2),
      setLayers: (shown) => void showLayers(shown),
      setTime: (time) => engine.timeline.commit({ current: time }, { source: 'storyPage' }),
      renderText,
      followAddress: true,
      blocks,
    },
    opening.index,
  );
  layout.side.append(story.panel.element);
  followCoveredBottom(layout.side, container, (pixels) => engine.setCoveredBottom(pixels));
}
storyLayers = opening.layers;
legend.update(groups.apply(opening.layers));
// The opening story page's time (docs/contract.md §18) over the scene's clock.
const openingTime = pages[opening.index]?.time;
const timeline = openingTime ? { ...snapshot.scene.timeline, current: openingTime } : snapshot.scene.timeline;
void showScene(
  engine,
  container,
  { property: snapshot.scene.property, camera: opening.camera ?? snapshot.scene.camera, layers: groups.apply(opening.layers), timeline },
  [plugins],
).then(() => filters.refresh());
