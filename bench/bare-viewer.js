// Runs in the browser, on the bench's bare CesiumJS pages (viewer-bare.html, data-scale-bare.html),
// served at /bench/bare-viewer.js by viewer.js's front server: CesiumJS set up as Orbis's
// CesiumEngine sets it up (packages/viewer/src/engine/cesium/cesium-engine.ts), with no Orbis code.
import { buildModuleUrl, Cartesian3, EllipsoidTerrainProvider, ImageryLayer, Ion, Math as CesiumMath, TileMapServiceImageryProvider, Viewer } from 'cesium';

/**
 * A Viewer in `container` as CesiumEngine makes it: no ion token, no widgets, Natural Earth II from
 * the cesium package, the ellipsoid as terrain, `requestRenderMode`; looking from `camera`
 * ({ lng, lat, height, heading, pitch, roll }, degrees and metres, as a scene's camera).
 */
export function createBareViewer(container, camera) {
  Ion.defaultAccessToken = '';
  const viewer = new Viewer(container, {
    baseLayer: ImageryLayer.fromProviderAsync(TileMapServiceImageryProvider.fromUrl(buildModuleUrl('Assets/Textures/NaturalEarthII')), {}),
    baseLayerPicker: false,
    geocoder: false,
    homeButton: false,
    sceneModePicker: false,
    navigationHelpButton: false,
    animation: false,
    timeline: false,
    fullscreenButton: false,
    infoBox: false,
    selectionIndicator: false,
    terrainProvider: new EllipsoidTerrainProvider(),
    requestRenderMode: true,
    maximumRenderTimeChange: Number.POSITIVE_INFINITY,
    contextOptions: { webgl: { preserveDrawingBuffer: true } },
  });
  viewer.camera.setView({
    destination: Cartesian3.fromDegrees(camera.lng, camera.lat, camera.height),
    orientation: {
      heading: CesiumMath.toRadians(camera.heading),
      pitch: CesiumMath.toRadians(camera.pitch),
      roll: CesiumMath.toRadians(camera.roll),
    },
  });
  return viewer;
}
