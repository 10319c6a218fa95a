// A Spatial ID inspector on app.spatialId: picking runs at the zoom chosen in the UI (or one that
// fits the camera's height); each picked voxel shows its ZFXY, tilehash, Hilbert tilehash and
// index, centre and height range. A right-click ends picking; "Pick" starts it again.
let zoom; // undefined: from the camera's height

function pick() {
  app.spatialId.pickSpace({ zoom, color: 'rgba(255,210,0,0.45)', outlineColor: '#ffd200', rightClickToExit: true });
}

app.ui.show(
  `<style>
     body{margin:0;font:12px ui-monospace,monospace;color:#e8eaed;padding:8px}
     dl{display:grid;grid-template-columns:auto 1fr;gap:2px 8px;margin:6px 0 0} dt{color:#a9b0ba} dd{margin:0;overflow-wrap:anywhere}
     input,button{font:inherit;background:#23272e;color:inherit;border:1px solid #343a43;border-radius:6px;padding:3px 6px}
   </style>
   zoom <input id="z" type="number" min="0" max="25" placeholder="auto" style="width:5em"> <button id="pick">Pick</button>
   <dl id="out"><dt>click</dt><dd>the globe</dd></dl>
   <script>
     document.getElementById('z').onchange = (e) => parent.postMessage({ zoom: e.target.value === '' ? null : Number(e.target.value) }, '*');
     document.getElementById('pick').onclick = () => parent.postMessage('pick', '*');
     addEventListener('message', (e) => {
       const out = document.getElementById('out');
       out.replaceChildren();
       for (const [k, v] of e.data) { const dt = document.createElement('dt'); dt.textContent = k; const dd = document.createElement('dd'); dd.textContent = v; out.append(dt, dd); }
     });
   </script>`,
  { width: 320, height: 170 },
);

app.ui.on('message', (m) => {
  if (m === 'pick') return pick();
  if (m && typeof m === 'object' && 'zoom' in m) {
    zoom = Number.isInteger(m.zoom) && m.zoom >= 0 && m.zoom <= 25 ? m.zoom : undefined;
    if (app.viewer.interactionMode.mode === 'spatialId') pick();
  }
});

app.spatialId.on('spacePick', (space) => {
  console.log('spatial id', space.zfxyStr);
  const bottom = space.vertices[0][2];
  const top = space.vertices[4][2];
  app.ui.postMessage([
    ['zfxy', space.zfxyStr],
    ['tilehash', space.tilehash],
    ['hilbert', space.hilbertTilehash],
    ['index', space.hilbertIndex],
    ['centre', `${space.center.lat.toFixed(6)}°, ${space.center.lng.toFixed(6)}°`],
    ['height', `${bottom} … ${top} m`],
  ]);
});

pick();
