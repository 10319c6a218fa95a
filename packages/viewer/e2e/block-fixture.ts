/** One point, feature `f1` of layer `pts` once uploaded, with two numbers among its properties. */
export const ONE_POINT = JSON.stringify({
  type: 'FeatureCollection',
  features: [{ type: 'Feature', id: 'f1', properties: { name: 'One', a: 3, b: 7 }, geometry: { type: 'Point', coordinates: [140, 35.5] } }],
});

/** Widget code that selects `pts/f1` once its layer is there, so the infobox opens with its blocks. */
export const SELECT_ONE_POINT = `
const selecting = setInterval(() => {
  try { app.layers.select('pts', 'f1'); } catch (e) { return; }
  if (app.layers.selectedFeature) clearInterval(selecting);
}, 100);
`;

/**
 * Plugin `charts` in the JSON install form: widget `driver` ({@link SELECT_ONE_POINT} and `driver`),
 * infobox block `bars` and story block `note`, with `schema` for both blocks when given.
 */
export function chartsPlugin(code: { driver: string; bars: string; note: string }, schema?: unknown) {
  return {
    manifest: {
      id: 'charts',
      name: 'Charts',
      version: '1.0.0',
      extensions: [
        { id: 'driver', type: 'widget', name: 'Driver' },
        { id: 'bars', type: 'infoboxBlock', name: 'Bars', ...(schema ? { schema } : {}) },
        { id: 'note', type: 'storyBlock', name: 'Note', ...(schema ? { schema } : {}) },
      ],
    },
    files: { 'driver.js': SELECT_ONE_POINT + code.driver, 'bars.js': code.bars, 'note.js': code.note },
  };
}
