import type { ElementHandle, Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';

/** A colour as 8-bit red, green, blue and alpha. */
export type Rgba = [r: number, g: number, b: number, a: number];

/** A colour to compare against; alpha is compared only when given. */
export type ExpectedColor = [r: number, g: number, b: number] | Rgba;

/** A rectangle in the screenshot's pixels (CSS pixels of the element). */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The decoded pixels of a screenshot. */
export interface Pixels {
  width: number;
  height: number;
  /** The colour at column `x`, row `y` from the top left; throws outside the image. */
  at(x: number, y: number): Rgba;
}

/**
 * Screenshots what the page shows in an element's box (composited, so a WebGL canvas without
 * `preserveDrawingBuffer` works too), decoded into pixels with one pixel per CSS pixel.
 *
 * @example
 * const pixels = await screenshotPixels(page, page.getByTestId('viewer'));
 * isCloseTo(pixels.at(10, 10), [255, 0, 0], 8);
 */
export async function screenshotPixels(page: Page, target: Locator | ElementHandle): Promise<Pixels> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('screenshotPixels: the target element is not visible (it has no bounding box)');
  const png = PNG.sync.read(await page.screenshot({ clip: box, scale: 'css', animations: 'disabled' }));
  const { width, height, data } = png;
  return {
    width,
    height,
    at(x, y) {
      if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= width || y >= height) {
        throw new RangeError(`pixel (${x}, ${y}) is outside the ${width}×${height} image`);
      }
      const i = (y * width + x) * 4;
      return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0, data[i + 3] ?? 0];
    },
  };
}

function* pixelsIn(pixels: Pixels, rect: PixelRect): Generator<Rgba> {
  const { x, y, width, height } = rect;
  if (width <= 0 || height <= 0 || x < 0 || y < 0 || x + width > pixels.width || y + height > pixels.height) {
    throw new RangeError(`rect ${JSON.stringify(rect)} is empty or outside the ${pixels.width}×${pixels.height} image`);
  }
  for (let row = y; row < y + height; row++) for (let col = x; col < x + width; col++) yield pixels.at(col, row);
}

/**
 * The most common colour in `rect`: pixels are grouped in buckets of 16 levels per channel (so
 * anti-aliasing and dithering do not split a colour), and the mean of the largest bucket is returned.
 */
export function dominantColorIn(pixels: Pixels, rect: PixelRect): Rgba {
  const buckets = new Map<number, { count: number; sum: Rgba }>();
  for (const color of pixelsIn(pixels, rect)) {
    const key = color.reduce((k, channel) => k * 16 + (channel >> 4), 0);
    const bucket = buckets.get(key) ?? { count: 0, sum: [0, 0, 0, 0] };
    bucket.count++;
    for (let c = 0; c < 4; c++) bucket.sum[c] = (bucket.sum[c] ?? 0) + (color[c] ?? 0);
    buckets.set(key, bucket);
  }
  let best = { count: 0, sum: [0, 0, 0, 0] as Rgba };
  for (const bucket of buckets.values()) if (bucket.count > best.count) best = bucket;
  return best.sum.map((total) => Math.round(total / best.count)) as Rgba;
}

/** The share (0…1) of pixels in `rect` within `tolerance` of `expected`. */
export function shareCloseTo(pixels: Pixels, rect: PixelRect, expected: ExpectedColor, tolerance: number): number {
  let close = 0;
  let all = 0;
  for (const color of pixelsIn(pixels, rect)) {
    all++;
    if (isCloseTo(color, expected, tolerance)) close++;
  }
  return close / all;
}

/** Whether every channel of `color` is within `tolerance` (0…255) of `expected`. */
export function isCloseTo(color: Rgba, expected: ExpectedColor, tolerance: number): boolean {
  return expected.every((channel, c) => Math.abs((color[c] ?? 0) - channel) <= tolerance);
}
