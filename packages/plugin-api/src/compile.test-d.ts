// Compile-only: `npm run typecheck` fails if what a plugin may do stops compiling, or if what
// must not exist starts compiling.
import type { Feature, InteractionModeType, Layer, MouseEvent } from './index.js';

const off = app.viewer.on('click', (e: MouseEvent) => e.layerId?.toUpperCase(), { once: true });
off();
app.viewer.on('resize', (e) => e.width + e.height);
app.viewer.on('wheel', (e) => e.delta);
// Orbis's addition: the page's language, and its change.
app.viewer.on('languagechange', (e) => e.language.toUpperCase());
const language: string = app.viewer.env.language;
app.viewer.overrideProperty({ terrain: { enabled: true } });
app.viewer.overrideProperty({ sky: null, globe: { baseColor: null } });
const mode: InteractionModeType = app.viewer.interactionMode.mode;
app.viewer.interactionMode.override('sketch');
const png: string | undefined = app.viewer.capture();
const p = app.viewer.tools.cartographicToCartesian(139.7, 35.6, 0);
void app.viewer.tools.getTerrainHeightAsync(138.7, 35.3).then((h) => h?.toFixed(1));
app.ui.show('<p>hi</p>', { width: 100 });
void [mode, png, p, language];

// @ts-expect-error: not an event
app.viewer.on('hover', () => undefined);
// @ts-expect-error: not a mode
app.viewer.interactionMode.override('fly');
// @ts-expect-error: the property is read-only
app.viewer.property = {};
// @ts-expect-error: plugins get no DOM
document.title;
// @ts-expect-error: plugins get no network
fetch('https://example.org');
// @ts-expect-error: plugins never see the engine
app.viewer.cesium;
// @ts-expect-error: terrain.enabled is a boolean
app.viewer.overrideProperty({ terrain: { enabled: 'yes' } });

// app.version, apiVersion, engine
const versions: string[] = [app.version, app.apiVersion];
const engineName: 'cesium' = app.engine.name;
// app.camera: radians, seconds
const { lng, lat, height, heading, pitch, roll, fov } = app.camera.position;
const aspect: number = app.camera.aspectRatio + app.camera.fov;
const view = app.camera.viewport;
app.camera.flyTo({ lng: 139.77, lat: 35.68, height: 5000, pitch: -Math.PI / 4 }, { duration: 2 });
app.camera.flyTo('landmarks');
app.camera.flyToBoundingBox({ west: 139.6, south: 35.6, east: 139.9, north: 35.8 }, { duration: 0, heading: 0, pitch: -1, range: 1000 });
app.camera.setView({ heading: 0 });
app.camera.lookAt({ lng: 138.73, lat: 35.36, range: 20000 }, { duration: 1 });
app.camera.zoomIn();
app.camera.zoomOut(2);
app.camera.rotateRight(0.1);
app.camera.rotateAround(0.1);
app.camera.orbit(0.1);
app.camera.move('forward', 100);
app.camera.moveOverTerrain(10);
app.camera.enableScreenSpaceCameraController(false);
app.camera.overrideScreenSpaceCameraController({ enableZoom: false });
const hit = app.camera.getGlobeIntersection({ calcViewSize: true });
const stopMove = app.camera.on('move', (p) => p.heading.toFixed(3), { once: true });
stopMove();
app.camera.off('move', () => undefined);
// app.extension and app.ui events
const url: unknown = app.extension.widget.property.default?.imageUrl;
const ids: string[] = app.extension.list.map((e) => e.id);
const stopMessage = app.extension.on('message', (m) => m);
stopMessage();
app.ui.off('message', () => undefined);
app.extension.postMessage('tour/main', { go: 1 });
const stopExtensionMessage = app.extension.on('extensionMessage', ({ data, sender }) => [sender.split('/'), data]);
stopExtensionMessage();
app.ui.resize(320, 240, true);
app.ui.on('update', () => app.extension.widget.property, { once: true });
// A block (infoboxBlock, storyBlock) reads itself; in a widget it is undefined.
const blockText: unknown = app.extension.block?.property.default?.text;
const blockId: string | undefined = app.extension.block?.id;
// @ts-expect-error a block may be absent (in a widget)
const alwaysBlock: string = app.extension.block.id;
app.ui.on('close', () => undefined);
app.ui.close();
// Re:Earth packages name it reearth
reearth.camera.flyTo({ lng: 0 });
void [versions, engineName, lng, lat, height, heading, pitch, roll, fov, aspect, view?.west, hit?.viewSize, url, ids, blockText, blockId, alwaysBlock];

// @ts-expect-error: not a ui event
app.ui.on('closed', () => undefined);
// @ts-expect-error: the recipient's id is a string
app.extension.postMessage(1, {});
// @ts-expect-error: not a direction
app.camera.move('sideways', 1);
// @ts-expect-error: angles are numbers (radians)
app.camera.rotateRight('90deg');
// @ts-expect-error: not a camera event
app.camera.on('zoom', () => undefined);
// @ts-expect-error: the position is read-only
app.camera.position = { lng: 0, lat: 0, height: 0, heading: 0, pitch: 0, roll: 0, fov: 1 };
// @ts-expect-error: the version is read-only
app.version = '9';

// app.layers
const all: Layer[] = app.layers.layers;
const first = app.layers.findById('landmarks');
const some = app.layers.findByIds('a', 'b');
const tiles = app.layers.find((l) => l.type === '3dtiles');
const hiddenOnes = app.layers.findAll((l) => !l.visible);
const added: string = app.layers.add({
  type: 'geojson',
  title: 'Area',
  data: { value: { type: 'FeatureCollection', features: [] } },
  appearance: { polygon: { fillColor: { expression: "color('red')" } } },
});
app.layers.add({
  type: 'simple',
  data: { type: 'geojson', url: 'https://example.org/a.geojson' },
  marker: { pointColor: { expression: { conditions: [['true', "color('red')"]] } } },
});
app.layers.delete(added);
app.layers.show('landmarks', added);
app.layers.hide('landmarks');
app.layers.override('landmarks', { polygon: { fillColor: 'blue' }, visible: null });
app.layers.override('landmarks', null);
app.layers.select('landmarks', 'tower');
app.layers.select();
app.layers.selectFeature('landmarks', 'tower');
app.layers.selectFeatures([{ layerId: 'landmarks', featureId: ['tower'] }]);
const selectedLayer: Layer | undefined = app.layers.selected;
const selectedFeature: Feature | undefined = app.layers.selectedFeature;
const feature = app.layers.findFeatureById('landmarks', 'tower');
const features = app.layers.findFeaturesByIds('landmarks', ['tower']);
const inRect: Feature[] = app.layers.getFeaturesInScreenRect([0, 0, 100, 100]);
app.layers.bringToFront(added);
app.layers.sendToBack(added);
const stopSelect = app.layers.on('select', (layerId, featureId) => `${layerId}/${featureId}`);
stopSelect();
app.layers.on('load', (e) => e.layerId, { once: true });
app.layers.on('visible', (e) => e.visible);
void [all, first, some, tiles, hiddenOnes, selectedLayer, selectedFeature, feature?.properties, features, inRect];

// @ts-expect-error: a layer needs a type
app.layers.add({ url: 'https://example.org/a.geojson' });
// @ts-expect-error: not a layers event
app.layers.on('change', () => undefined);
// @ts-expect-error: the list is read-only
app.layers.layers = [];
// @ts-expect-error: screen rectangles have four numbers
app.layers.getFeaturesInScreenRect([0, 0]);
