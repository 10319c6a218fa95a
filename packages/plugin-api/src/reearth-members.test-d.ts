// Compile-only: every member of Re:Earth's plugin API v2 declarations
// (reearth/reearth-visualizer, web/src/app/features/Visualizer/Crust/Plugins/pluginAPI/types/)
// exists in Orbis's types, namespace by namespace, as docs/plugin-api.md's table lists them; the
// members the table calls missing do not, so adding one breaks this file until the table follows.
import type { App, Camera, ClientStorage, Extension, Layers, Modal, PluginUI, Popup, Sketch, SpatialId, Timeline, Tools, Viewer } from './index.js';

/** `true` only when every name is a member of T. */
type Has<T, K extends readonly string[]> = K[number] extends keyof T ? true : never;

const reearth: Has<
  App,
  ['version', 'apiVersion', 'engine', 'viewer', 'camera', 'timeline', 'sketch', 'spatialId', 'layers', 'ui', 'modal', 'popup', 'extension', 'data']
> = true;
const viewer: Has<Viewer, ['property', 'overrideProperty', 'viewport', 'interactionMode', 'env', 'tools', 'capture', 'open', 'reload', 'on', 'off']> = true;
const interactionMode: Has<Viewer['interactionMode'], ['mode', 'override', 'selectionMode']> = true;
const tools: Has<
  Tools,
  [
    'getLocationFromScreenCoordinate',
    'getScreenCoordinateFromPosition',
    'getTerrainHeightAsync',
    'getGlobeHeight',
    'getGlobeHeightByCamera',
    'cartographicToCartesian',
    'cartesianToCartographic',
    'transformByOffsetOnScreen',
    'isPositionVisibleOnGlobe',
    'getGeoidHeight',
    'getCurrentLocationAsync',
  ]
> = true;
const camera: Has<
  Camera,
  [
    'position',
    'fov',
    'aspectRatio',
    'viewport',
    'flyTo',
    'flyToBoundingBox',
    'zoomIn',
    'zoomOut',
    'lookAt',
    'getGlobeIntersection',
    'rotateAround',
    'rotateRight',
    'orbit',
    'enableScreenSpaceCameraController',
    'overrideScreenSpaceCameraController',
    'move',
    'moveOverTerrain',
    'setView',
    'enableForceHorizontalRoll',
    'on',
    'off',
  ]
> = true;
const layers: Has<
  Layers,
  [
    'layers',
    'hide',
    'show',
    'add',
    'delete',
    'override',
    'overridden',
    'find',
    'findAll',
    'findById',
    'findByIds',
    'findFeatureById',
    'findFeaturesByIds',
    'select',
    'selectFeature',
    'selectFeatures',
    'selected',
    'selectedFeature',
    'bringToFront',
    'sendToBack',
    'getFeaturesInScreenRect',
    'on',
    'off',
  ]
> = true;
const ui: Has<PluginUI, ['show', 'postMessage', 'resize', 'close', 'on', 'off']> = true;
const modal: Has<Modal, ['show', 'postMessage', 'update', 'close', 'on', 'off']> = true;
const popup: Has<Popup, ['show', 'postMessage', 'update', 'close', 'on', 'off']> = true;
const extension: Has<Extension, ['block', 'widget', 'list', 'postMessage', 'on', 'off']> = true;
const clientStorage: Has<ClientStorage, ['getAsync', 'setAsync', 'deleteAsync', 'keysAsync', 'dropStoreAsync']> = true;
const sketch: Has<Sketch, ['tool', 'setTool', 'options', 'overrideOptions', 'on', 'off']> = true;
const spatialId: Has<SpatialId, ['pickSpace', 'exitPickSpace', 'on', 'off']> = true;
const timeline: Has<
  Timeline,
  [
    'startTime',
    'stopTime',
    'currentTime',
    'isPlaying',
    'speed',
    'stepType',
    'rangeType',
    'tick',
    'play',
    'pause',
    'setTime',
    'setSpeed',
    'setStepType',
    'setRangeType',
    'on',
    'off',
  ]
> = true;

// Re:Earth's event names, each one Orbis's `on` takes.
app.viewer.on('resize', () => undefined);
app.layers.on('edit', () => undefined);
app.layers.on('load', () => undefined);
app.ui.on('update', () => undefined);
app.ui.on('close', () => undefined);
app.modal.on('close', () => undefined);
app.popup.on('close', () => undefined);
app.extension.on('extensionMessage', ({ data, sender }) => [data, sender]);
app.timeline.on('commit', ({ source, id }) => [source, id]);

// Re:Earth's call forms.
app.camera.flyTo({ lng: 139.7, lat: 35.7, height: 1000 }, { duration: 0, withoutAnimation: true, easing: (t) => t * t, fov: 1 });
app.camera.enableScreenSpaceCameraController();
app.camera.overrideScreenSpaceCameraController({
  zoomEventTypes: ['wheel', { eventType: 'right_drag', modifier: 'ctrl' }],
  rotateEventTypes: [],
  tiltEventTypes: ['middle_drag'],
  lookEventTypes: [{ eventType: 'left_drag', modifier: 'shift' }],
  translateEventTypes: ['left_drag'],
});
app.camera.overrideScreenSpaceCameraController();
// @ts-expect-error a gesture Re:Earth does not name
app.camera.overrideScreenSpaceCameraController({ zoomEventTypes: ['scroll'] });
app.camera.lookAt({ lng: 138.73, lat: 35.36, height: 3776, radius: 5000 }, { withoutAnimation: true, fov: 0.8 });
app.layers.find((layer, index, parents) => parents.length === 0 && index >= 0 && layer.visible);
app.layers.getFeaturesInScreenRect([0, 0, 10, 10], (f) => f.properties.kind === 'school');
void app.viewer.tools.getGeoidHeight();
void app.viewer.tools.getGlobeHeight(139.77, 35.68, 100);
app.sketch.overrideOptions({ disableShadow: true, enableRelativeHeight: false });
// @ts-expect-error disableShadow is a boolean
app.sketch.overrideOptions({ disableShadow: 'yes' });
const { horizontally, vertically } = app.extension.widget.extended;
const { zone, section, area } = app.extension.widget.layout.location;
export const placed = [horizontally, vertically, zone === 'inner', section, area, app.extension.widget.layout.align];
app.viewer.interactionMode.selectionMode.on('marqueeMove', ({ startX, startY, width, height, lng, lat, pressedKey }) => [
  startX + width,
  startY + height,
  lng,
  lat,
  pressedKey === 'shift',
]);
app.viewer.interactionMode.selectionMode.on('marqueeEnd', ({ features, isClick }) => (isClick ? features[0]?.layerId : features.length));

// The table's "missing" members: not declared, so a plugin cannot compile against them yet.
app.camera.enableForceHorizontalRoll(true);
app.extension.list[0]?.runTimes.toFixed();
app.extension.block?.layer?.id;

export const all = [reearth, viewer, interactionMode, tools, camera, layers, ui, modal, popup, extension, clientStorage, sketch, spatialId, timeline];
