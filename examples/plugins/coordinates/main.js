// A read-out of the place under the mouse (mouseMove), or where a finger tapped (click: a phone
// has no mouse to move), shown in the plugin's own UI.
const HINT = 'Point at or tap the globe';
app.ui.show(
  `<style>body{margin:0;font:12px ui-monospace,monospace;color:#eee;padding:6px}</style>
   <div id="out">${HINT}</div>
   <script>addEventListener('message', (e) => { document.getElementById('out').textContent = e.data; });</script>`,
  { width: 240, height: 32 },
);
const readOut = (e) => {
  if (e.lat === undefined || e.lng === undefined) return app.ui.postMessage('off the globe');
  app.ui.postMessage(`${e.lat.toFixed(5)}°, ${e.lng.toFixed(5)}°, ${Math.round(e.height ?? 0)} m`);
};
app.viewer.on('mouseMove', readOut);
app.viewer.on('click', readOut);
app.viewer.on('mouseLeave', () => app.ui.postMessage(HINT));
