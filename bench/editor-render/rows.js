// The data every candidate draws: a layer list as the editor's Map tab shows it.
export const makeRows = (n) =>
  Array.from({ length: n }, (_, i) => ({ id: `layer-${i}`, title: `Layer ${i}`, type: i % 3 ? 'geojson' : 'csv', visible: i % 2 === 0 }));
