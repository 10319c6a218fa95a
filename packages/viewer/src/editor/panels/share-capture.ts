import type { Engine } from '../../engine/engine.js';
import type { Camera } from '@orbis/scene';
import { t } from '../../ui/i18n.js';

/** The sharing image's size: OpenGraph's recommended 1.91:1. */
const WIDTH = 1200;
const HEIGHT = 630;

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(t('publish.captureUnreadable')));
    image.src = url;
  });
}

/**
 * The globe at the scene's initial view as a 1200×630 PNG data URL (cropped to fill, never
 * stretched), for the published page's `og:image`. Puts the camera back after. Undefined where
 * the canvas cannot be read.
 */
export async function captureShareImage(engine: Engine, initial: Camera): Promise<string | undefined> {
  const before = engine.getCamera();
  engine.setCamera(initial);
  try {
    await engine.whenSettled(15_000);
    const shot = engine.capture('image/png');
    if (!shot) return undefined;
    const image = await loadImage(shot);
    const canvas = document.createElement('canvas');
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    const scale = Math.max(WIDTH / image.width, HEIGHT / image.height);
    const [w, h] = [image.width * scale, image.height * scale];
    canvas.getContext('2d')!.drawImage(image, (WIDTH - w) / 2, (HEIGHT - h) / 2, w, h);
    return canvas.toDataURL('image/png');
  } finally {
    engine.setCamera(before);
  }
}
