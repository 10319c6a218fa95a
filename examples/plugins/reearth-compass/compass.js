// Re:Earth style: the UI posts {action}, the plugin answers with the heading in degrees.
const html = `
<style>body{margin:0;font:12px system-ui;color:#eee;display:flex;gap:4px;align-items:center;padding:4px}
button{font:inherit}</style>
<span id="heading">–</span>
<button data-action="left">⟲</button><button data-action="right">⟳</button><button data-action="home">Home</button>
<script>
  for (const b of document.querySelectorAll('button')) b.onclick = () => parent.postMessage({ action: b.dataset.action }, '*');
  addEventListener('message', (e) => { if (e.source === parent && e.data.heading !== undefined) document.getElementById('heading').textContent = e.data.heading + '°'; });
</script>`;
reearth.ui.show(html, { width: 190, height: 34 });

const toDegrees = (radians) => Math.round((radians * 180) / Math.PI) % 360;
const report = (position) => reearth.ui.postMessage({ heading: toDegrees(position.heading) });
report(reearth.camera.position);
reearth.camera.on('move', report);

const home = () => {
  const p = (reearth.extension.widget.property && reearth.extension.widget.property.default) || {};
  return { lng: p.lng ?? 139.7671, lat: p.lat ?? 35.6812, height: p.height ?? 20000, heading: 0, pitch: -Math.PI / 2, roll: 0 };
};

reearth.extension.on('message', (message) => {
  if (message.action === 'left') reearth.camera.rotateRight(-Math.PI / 8);
  if (message.action === 'right') reearth.camera.rotateRight(Math.PI / 8);
  if (message.action === 'home') reearth.camera.flyTo(home(), { duration: 0 });
  console.log('compass', message.action, toDegrees(reearth.camera.position.heading));
});
