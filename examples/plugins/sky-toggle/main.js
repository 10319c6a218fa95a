// Switches the atmosphere and the terrain through this plugin's own property layer.
app.ui.show(
  `<style>body{margin:0;font:12px system-ui;color:#eee;padding:6px}</style>
   <button data-k="sky">Atmosphere</button> <button data-k="terrain">Terrain</button>
   <script>for (const b of document.querySelectorAll('button')) b.onclick = () => parent.postMessage(b.dataset.k, '*');</script>`,
  { width: 200, height: 36 },
);
app.ui.on('message', (key) => {
  const now = app.viewer.property;
  if (key === 'sky') app.viewer.overrideProperty({ sky: { atmosphere: now.sky?.atmosphere === false } });
  if (key === 'terrain') app.viewer.overrideProperty({ terrain: { enabled: !(now.terrain?.enabled === true) } });
  console.log('property now', JSON.stringify(app.viewer.property));
});
