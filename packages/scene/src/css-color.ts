import cssNamedColors from 'color-name';

/*
 * The colour strings CesiumJS's `Color.fromCssColorString` reads (the viewer turns every colour of
 * a scene into a Cesium colour with it): a CSS colour name or `transparent`, `#rgb`, `#rgba`,
 * `#rrggbb`, `#rrggbbaa`, and `rgb()`/`rgba()`/`hsl()`/`hsla()` in the forms its patterns take.
 * The names come from the color-name package (the CSS list); a viewer test checks that CesiumJS
 * reads every string this accepts.
 */
const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\s*\(\s*([0-9.]+%?)\s*[,\s]+\s*([0-9.]+%?)\s*[,\s]+\s*([0-9.]+%?)(?:\s*[,\s/]+\s*([0-9.]+))?\s*\)$/i;
const HSL = /^hsla?\s*\(\s*([0-9.]+)\s*[,\s]+\s*([0-9.]+%)\s*[,\s]+\s*([0-9.]+%)(?:\s*[,\s/]+\s*([0-9.]+))?\s*\)$/i;

/**
 * CSS names that CesiumJS's `Color.fromCssColorString` does not read (it spells lavenderblush
 * LAVENDAR_BLUSH and has no LIGHTSALMON or REBECCAPURPLE): refused, since the globe could not draw them.
 */
const UNKNOWN_TO_CESIUM = new Set(['lavenderblush', 'lightsalmon', 'rebeccapurple']);

/** Every colour name CSS defines that CesiumJS reads, `transparent`, and CesiumJS's `lavendar_blush`. */
export const CSS_COLOR_NAMES: readonly string[] = [...Object.keys(cssNamedColors).filter((n) => !UNKNOWN_TO_CESIUM.has(n)), 'transparent', 'lavendar_blush'];
const NAMES = new Set(CSS_COLOR_NAMES);

/** True if `value` is a CSS colour string that CesiumJS reads, such as `#ff0000`, `rgba(255,0,0,0.5)` or `red`. */
export function isCssColor(value: string): boolean {
  const color = value.trim();
  const name = color.toLowerCase();
  if (NAMES.has(name)) return true;
  return HEX.test(color) || RGB.test(color) || HSL.test(color);
}
