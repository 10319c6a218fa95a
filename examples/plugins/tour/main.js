// A tour: a styled GeoJSON layer added inline, and a camera that flies between its features.
const stops = [
  { name: 'Tokyo Station', lng: 139.7671, lat: 35.6812, minutes: 0 },
  { name: 'Tokyo Tower', lng: 139.7454, lat: 35.6586, minutes: 15 },
  { name: 'Sensō-ji', lng: 139.7967, lat: 35.7148, minutes: 30 },
];
const layerId = app.layers.add({
  type: 'geojson',
  title: 'Tour stops',
  data: {
    value: {
      type: 'FeatureCollection',
      features: stops.map((s, i) => ({
        type: 'Feature',
        id: `stop-${i + 1}`,
        properties: { name: s.name, minutes: s.minutes },
        geometry: { type: 'Point', coordinates: [s.lng, s.lat] },
      })),
    },
  },
  appearance: {
    marker: {
      pointColor: {
        conditions: [
          ['${minutes} === 0', "color('#ffd200')"],
          ['true', "color('#00b4ff')"],
        ],
      },
      pointSize: 12,
      label: true,
      labelText: { expression: '${name}' },
    },
  },
  infobox: { title: '${name}', fields: [{ label: 'Minutes from the start', value: '${minutes}' }] },
});

app.ui.show(
  `<style>body{margin:0;font:12px system-ui;color:#eee;padding:6px}button{font:inherit}</style>
   <button id="prev">◀</button> <span id="name">–</span> <button id="next">▶</button>
   <script>
     document.getElementById('prev').onclick = () => parent.postMessage('prev', '*');
     document.getElementById('next').onclick = () => parent.postMessage('next', '*');
     addEventListener('message', (e) => { if (e.source === parent && e.data.name) document.getElementById('name').textContent = e.data.name; });
   </script>`,
  { width: 220, height: 36 },
);

let at = -1;
function go(index) {
  at = (index + stops.length) % stops.length;
  const stop = stops[at];
  // Looks at the stop from 3 km away, 45° down, heading north (radians).
  app.camera.lookAt({ lng: stop.lng, lat: stop.lat, range: 3000, heading: 0, pitch: -Math.PI / 4 }, { duration: 2 });
  app.layers.select(layerId, `stop-${at + 1}`);
  app.ui.postMessage({ name: `${at + 1}/${stops.length} ${stop.name}` });
}

app.ui.on('message', (message) => go(message === 'prev' ? at - 1 : at + 1));
// A click on a stop continues the tour from there.
app.layers.on('select', (id, featureId) => {
  if (id === layerId && featureId) at = Number(featureId.slice('stop-'.length)) - 1;
});
