// Click the globe: the Spatial ID (ZFXY) of the voxel there, at the zoom level chosen in the UI.
// ZFXY: x and y are Web Mercator tile indices at zoom z; f counts voxels of 2^(25-z) metres upward.
const MAX_LAT = 85.0511287798;
function zfxy(lng, lat, height, z) {
  const n = 2 ** z;
  const clamped = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  const x = Math.min(n - 1, Math.floor(((lng + 180) / 360) * n));
  const rad = (clamped * Math.PI) / 180;
  const y = Math.min(n - 1, Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n));
  const f = Math.floor((height * n) / 2 ** 25);
  return `/${z}/${f}/${x}/${y}`;
}
let zoom = 20;
app.viewer.interactionMode.override('spatialId');
app.ui.show(
  `<style>body{margin:0;font:12px ui-monospace,monospace;color:#eee;padding:6px}</style>
   zoom <input id="z" type="number" min="0" max="30" value="20" style="width:4em"> <span id="out">click the globe</span>
   <script>
     document.getElementById('z').onchange = (e) => parent.postMessage({ zoom: Number(e.target.value) }, '*');
     addEventListener('message', (e) => { document.getElementById('out').textContent = e.data; });
   </script>`,
  { width: 300, height: 36 },
);
app.ui.on('message', (m) => {
  if (m && typeof m.zoom === 'number' && m.zoom >= 0 && m.zoom <= 30) zoom = Math.floor(m.zoom);
});
app.viewer.on('click', (e) => {
  if (e.lat === undefined || e.lng === undefined) return;
  const id = zfxy(e.lng, e.lat, e.height ?? 0, zoom);
  console.log('spatial id', id);
  app.ui.postMessage(id);
});
