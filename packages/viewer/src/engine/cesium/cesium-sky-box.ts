import { Cartesian2, IntersectionTests, type Viewer } from 'cesium';

/**
 * The star sky box (six JPEGs, 870 KB, over a third of a first load's bytes) is fetched only once
 * it can be seen: when a corner of the view looks past the globe into space in the first frame, or
 * where the camera comes to rest. A flight passing through such a view does not count (the demo's
 * opening flight to Tokyo turns its pitch high above Japan), so a page that opens on a city or a
 * country does without it (docs/performance.md, "The demo's first load").
 */
export class SkyBoxOnDemand {
  private wanted = true;
  private seen = false;
  private readonly corner = new Cartesian2();

  constructor(private readonly viewer: Viewer) {
    const removeFirst = viewer.scene.preRender.addEventListener(() => {
      removeFirst();
      this.look();
    });
    viewer.camera.moveEnd.addEventListener(() => this.look());
    this.apply();
  }

  set(wanted: boolean): void {
    this.wanted = wanted;
    this.apply();
  }

  private look(): void {
    if (this.seen || !this.spaceInView()) return;
    this.seen = true;
    this.apply();
    this.viewer.scene.requestRender();
  }

  private apply(): void {
    // SkyBox has `show` at runtime; its typings omit it.
    const skyBox = this.viewer.scene.skyBox as unknown as { show: boolean } | undefined;
    if (skyBox) skyBox.show = this.wanted && this.seen;
  }

  /** Whether a ray through a corner of the canvas misses the globe. */
  private spaceInView(): boolean {
    const { scene, camera, canvas } = this.viewer;
    const { clientWidth: width, clientHeight: height } = canvas;
    if (width === 0 || height === 0) return false;
    for (const [x, y] of [
      [0, 0],
      [width, 0],
      [0, height],
      [width, height],
    ] as const) {
      const ray = camera.getPickRay(Cartesian2.fromElements(x, y, this.corner));
      if (ray && !IntersectionTests.rayEllipsoid(ray, scene.globe.ellipsoid)) return true;
    }
    return false;
  }
}
