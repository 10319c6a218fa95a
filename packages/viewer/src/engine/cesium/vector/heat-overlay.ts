import { type ImageryLayer, Rectangle, type Scene, SingleTileImageryProvider } from 'cesium';
import type { HeatImage } from '../../vector/heat-grid.js';

/** A heat map layer's image (docs/contract.md §18 `heatmap`), draped over the globe as one imagery tile. */
export class HeatOverlay {
  private layer: ImageryLayer | undefined;
  private visible = true;

  constructor(private readonly scene: Scene) {}

  /** Shows the worker's image in place of the one before. */
  draw(image: HeatImage): void {
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [image.width, image.height];
    canvas.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(image.rgba), image.width, image.height), 0, 0);
    const rectangle = Rectangle.fromDegrees(image.west, image.south, image.east, image.north);
    const provider = new SingleTileImageryProvider({ url: canvas.toDataURL('image/png'), rectangle, tileWidth: image.width, tileHeight: image.height });
    this.remove();
    this.layer = this.scene.imageryLayers.addImageryProvider(provider);
    this.layer.show = this.visible;
  }

  set show(value: boolean) {
    this.visible = value;
    if (this.layer) this.layer.show = value;
  }

  remove(): void {
    if (this.layer) this.scene.imageryLayers.remove(this.layer, true);
    this.layer = undefined;
  }
}
