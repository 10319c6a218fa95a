import { Color, SceneMode, ShadowMode, type Viewer } from 'cesium';
import type { ViewerProperty } from '@orbis/scene';
import { setBaseTiles, setTerrain, tilesSourceName } from './cesium-base-layers.js';
import { SkyBoxOnDemand } from './cesium-sky-box.js';
import { type AssetFiles, type EngineSettings, toEngineSettings } from '../property-mapping.js';

/**
 * Applies a scene's viewer properties to CesiumJS, each group only when it changed since the last
 * call: a scene edit that touches the sky does not reload the terrain or the base tiles.
 */
export class CesiumProperties {
  private applied: Partial<Record<keyof EngineSettings, string>> = {};
  private readonly skyBox: SkyBoxOnDemand;
  private readonly tileListeners = new Set<(failure: { source: string } | undefined) => void>();
  /** Where a `pmtiles` basemap named by asset id is read from (the editor's); none by default. */
  assetFiles: AssetFiles = () => undefined;

  constructor(
    private readonly viewer: Viewer,
    private readonly requestRender: () => void,
    /** Told which camera controller settings the scene set (so that plugins stopping does not put older ones back). */
    private readonly controllerSet: (fields: readonly string[]) => void = () => undefined,
  ) {
    this.skyBox = new SkyBoxOnDemand(viewer);
  }

  /** Calls `listener` when a basemap's tiles fail to load, and with undefined when the basemaps change; returns the function that stops it. */
  onTilesFailure(listener: (failure: { source: string } | undefined) => void): () => void {
    this.tileListeners.add(listener);
    return () => this.tileListeners.delete(listener);
  }

  private tellTiles(failure: { source: string } | undefined): void {
    for (const listener of [...this.tileListeners]) listener(failure);
  }

  apply(property: ViewerProperty): void {
    const settings = toEngineSettings(property, this.assetFiles);
    const changed = <K extends keyof EngineSettings>(key: K): boolean => {
      const json = JSON.stringify(settings[key]);
      if (this.applied[key] === json) return false;
      this.applied[key] = json;
      return true;
    };
    const { scene } = this.viewer;
    if (changed('globe')) {
      scene.globe.show = settings.globe.show;
      scene.globe.baseColor = Color.fromCssColorString(settings.globe.baseColor);
      scene.globe.enableLighting = settings.globe.enableLighting;
      scene.globe.showGroundAtmosphere = settings.globe.showGroundAtmosphere;
      scene.globe.depthTestAgainstTerrain = settings.globe.depthTestAgainstTerrain;
    }
    if (changed('terrain')) void setTerrain(this.viewer, settings.terrain).then(() => this.requestRender());
    if (changed('exaggeration')) scene.verticalExaggeration = settings.exaggeration;
    if (changed('scene')) {
      scene.backgroundColor = Color.fromCssColorString(settings.scene.backgroundColor);
      scene.fog.enabled = settings.scene.fog;
      this.viewer.shadows = settings.scene.shadows;
      this.viewer.terrainShadows = settings.scene.shadows ? ShadowMode.ENABLED : ShadowMode.DISABLED;
      const mode = { '3d': SceneMode.SCENE3D, '2d': SceneMode.SCENE2D, columbus: SceneMode.COLUMBUS_VIEW }[settings.scene.mode];
      if (scene.mode !== mode) scene.mode = mode;
    }
    if (changed('tiles')) {
      // New basemaps: an old failure no longer holds.
      this.tellTiles(undefined);
      setBaseTiles(this.viewer, settings.tiles, (tile) => this.tellTiles({ source: tilesSourceName(tile) }));
    }
    if (changed('sky')) {
      this.skyBox.set(settings.sky.show);
      if (scene.skyAtmosphere) scene.skyAtmosphere.show = settings.sky.atmosphere;
      if (scene.sun) scene.sun.show = settings.sky.sun;
      if (scene.moon) scene.moon.show = settings.sky.moon;
    }
    if (changed('camera')) {
      const controller = scene.screenSpaceCameraController;
      controller.minimumZoomDistance = settings.camera.minimumZoomDistance;
      controller.maximumZoomDistance = settings.camera.maximumZoomDistance;
      controller.enableTilt = settings.camera.enableTilt;
      controller.enableRotate = settings.camera.enableRotate;
      this.controllerSet(['minimumZoomDistance', 'maximumZoomDistance', 'enableTilt', 'enableRotate']);
    }
    if (changed('render')) {
      this.viewer.resolutionScale = settings.render.resolutionScale;
      scene.debugShowFramesPerSecond = settings.render.debugFramesPerSecond;
      scene.msaaSamples = settings.render.antialias ? 4 : 1;
    }
    this.requestRender();
  }
}
