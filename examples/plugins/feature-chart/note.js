// A story block: the page's note from its settings, and the camera's height, kept up to date.
const text = () => (app.extension.block.property.default || {}).text || 'A note';
app.ui.show(
  `<style>body{margin:0;font:13px system-ui,sans-serif;color:#666}p{margin:2px 0}</style>
  <p id="text"></p><p>Camera height: <b id="height">…</b></p>
  <script>
    addEventListener('message', (e) => {
      document.getElementById('text').textContent = e.data.text;
      document.getElementById('height').textContent = e.data.height;
    });
  </script>`,
  { height: 44 },
);
const tell = () => {
  const height = app.camera.position ? app.camera.position.height : undefined;
  app.ui.postMessage({ text: text(), height: height === undefined ? '–' : `${Math.round(height / 1000)} km` });
};
tell();
app.camera.on('move', tell);
app.ui.on('update', tell);
