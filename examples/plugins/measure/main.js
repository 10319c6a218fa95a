// A measuring tool on app.sketch: "Distance" sketches a line, "Area" a polygon; when the shape is
// finished its length or area (on the sphere) shows in the plugin's UI. Right-click aborts a shape.
const R = 6371008.8; // mean Earth radius, metres
const rad = (d) => (d * Math.PI) / 180;

function length(coords) {
  let total = 0;
  for (let i = 1; i < coords.length; i++) {
    const [lng1, lat1] = coords[i - 1];
    const [lng2, lat2] = coords[i];
    const h = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
    total += 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
  }
  return total;
}

// The area of a closed ring on the sphere (the spherical excess, summed edge by edge).
function area(ring) {
  let sum = 0;
  for (let i = 1; i < ring.length; i++) {
    const [lng1, lat1] = ring[i - 1];
    const [lng2, lat2] = ring[i];
    sum += rad(lng2 - lng1) * (2 + Math.sin(rad(lat1)) + Math.sin(rad(lat2)));
  }
  return Math.abs((sum * R * R) / 2);
}

const km = (m) => (m >= 1000 ? `${(m / 1000).toFixed(2)} km` : `${m.toFixed(0)} m`);
const km2 = (m2) => (m2 >= 1e6 ? `${(m2 / 1e6).toFixed(2)} km²` : `${m2.toFixed(0)} m²`);

app.ui.show(
  `<style>
     body{margin:0;font:13px system-ui,sans-serif;color:#e8eaed;padding:8px;display:grid;gap:6px}
     .row{display:flex;gap:6px} button{font:inherit;flex:1;padding:5px 8px;border-radius:6px;border:1px solid #343a43;background:#23272e;color:inherit;cursor:pointer}
     button[aria-pressed=true]{background:#2f7fe8;border-color:#2f7fe8;color:#fff} #out{font:12px ui-monospace,monospace;min-height:1.4em}
   </style>
   <div class="row"><button id="polyline">Distance</button><button id="polygon">Area</button><button id="stop">Stop</button></div>
   <div id="out" data-testid="measure-result">Distance or Area, then click the globe; double-click ends.</div>
   <script>
     for (const id of ['polyline', 'polygon', 'stop']) document.getElementById(id).onclick = () => parent.postMessage({ tool: id }, '*');
     addEventListener('message', (e) => {
       const { text, tool } = e.data || {};
       if (text) document.getElementById('out').textContent = text;
       for (const id of ['polyline', 'polygon']) document.getElementById(id).setAttribute('aria-pressed', String(tool === id));
     });
   </script>`,
  { width: 260, height: 92 },
);

app.sketch.overrideOptions({ color: '#ffb300' });
app.ui.on('message', (m) => {
  if (!m || typeof m !== 'object') return;
  if (m.tool === 'polyline' || m.tool === 'polygon') app.sketch.setTool(m.tool);
  else if (m.tool === 'stop') app.sketch.setTool(undefined);
});
app.sketch.on('toolChange', (tool) => app.ui.postMessage({ tool, text: tool ? 'Click the globe; double-click ends, right-click aborts.' : 'Stopped.' }));
app.sketch.on('create', ({ feature }) => {
  const g = feature.geometry;
  const text =
    g.type === 'LineString'
      ? `Length ${km(length(g.coordinates))}`
      : g.type === 'Polygon'
        ? `Area ${km2(area(g.coordinates[0]))} · perimeter ${km(length(g.coordinates[0]))}`
        : 'Draw a line or a polygon';
  console.log('measured', text);
  app.ui.postMessage({ tool: app.sketch.tool, text });
});
