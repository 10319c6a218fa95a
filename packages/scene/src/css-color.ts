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

/** True if `value` is a CSS colour string that CesiumJS reads, such as `#ff0000`, `rgba(255,0,0,0.5)` or `red`. */
export function isCssColor(value: string): boolean {
  const color = value.trim();
  const name = color.toLowerCase();
  if (name === 'transparent' || Object.hasOwn(cssNamedColors, name)) return true;
  return HEX.test(color) || RGB.test(color) || HSL.test(color);
}
