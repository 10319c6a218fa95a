import { CesiumEngine } from '../engine/cesium-engine.js';
import { InteractionController } from '../interaction/interaction-controller.js';
import { showScene } from '../mount-viewer.js';
import { type PluginPackage, startPlugins } from '../plugins/start-plugins.js';
import type { PublishedSnapshot } from '@orbis/scene';

/** The published page: the snapshot inlined by the server, no editor chrome. */
function readSnapshot(): PublishedSnapshot<PluginPackage> {
  const element = document.getElementById('orbis-snapshot');
  if (!element?.textContent) throw new Error('the page has no published snapshot');
  return JSON.parse(element.textContent) as PublishedSnapshot<PluginPackage>;
}

const snapshot = readSnapshot();
document.title = snapshot.project.name;
const container = document.getElementById('viewer')!;
const engine = new CesiumEngine(container);
const scene = { ...snapshot.scene, layers: snapshot.scene.layers };
const interaction = new InteractionController(engine, container);
const plugins = startPlugins({
  engine,
  interaction,
  viewerElement: container,
  scene,
  plugins: snapshot.plugins ?? [],
  env: { inEditor: false, isBuilt: true },
}).catch((err: unknown) => console.error('[orbis] plugins could not start', err));
void showScene(
  engine,
  container,
  {
    property: snapshot.scene.property,
    camera: snapshot.scene.camera,
    layers: snapshot.scene.layers.map((l) => ({ id: l.id, type: l.type, url: l.url, visible: l.visible })),
  },
  [plugins],
);
