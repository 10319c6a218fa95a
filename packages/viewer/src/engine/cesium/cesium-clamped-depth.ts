import { CallbackProperty, type Scene } from 'cesium';
import { horizonDistance } from '../horizon.js';

/** The horizon distance of the page's camera, updated before each frame (`followHorizon`). */
let horizon = 0;

/**
 * A marker's `disableDepthTestDistance` when it is clamped to the ground: up to the horizon, its
 * depth test is off. Its position is on the surface, so with the test on, the half of it below its
 * centre lies behind the ground (and a ground polygon drawn there) that is nearer the camera, and is
 * cut off; beyond the horizon the test stays on, so the globe still hides markers on its far side.
 */
export const CLAMPED_DEPTH_TEST_DISTANCE = new CallbackProperty(() => horizon, false);

/** Keeps CLAMPED_DEPTH_TEST_DISTANCE at the camera's horizon distance; returns the function that stops it. */
export function followHorizon(scene: Scene): () => void {
  return scene.preRender.addEventListener(() => {
    const radius = scene.globe.ellipsoid.minimumRadius;
    horizon = horizonDistance(radius, scene.camera.positionCartographic.height);
  });
}
