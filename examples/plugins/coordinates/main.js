// A read-out of the place under the mouse (mouseMove), shown in the plugin's own UI.
app.ui.show(
  `<style>body{margin:0;font:12px ui-monospace,monospace;color:#eee;padding:6px}</style>
   <div id="out">Move the mouse over the globe</div>
   <script>addEventListener('message', (e) => { document.getElementById('out').textContent = e.data; });</script>`,
  { width: 240, height: 32 },
);
app.viewer.on('mouseMove', (e) => {
  if (e.lat === undefined || e.lng === undefined) return app.ui.postMessage('off the globe');
  app.ui.postMessage(`${e.lat.toFixed(5)}°, ${e.lng.toFixed(5)}°, ${Math.round(e.height ?? 0)} m`);
});
app.viewer.on('mouseLeave', () => app.ui.postMessage('Move the mouse over the globe'));
