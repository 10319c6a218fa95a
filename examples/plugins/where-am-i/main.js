// Asks the browser where the user is (getCurrentLocationAsync) and shows it.
app.ui.show(
  `<style>body{margin:0;font:12px system-ui;color:#eee;padding:6px}</style>
   <button id="go">Where am I?</button> <span id="out"></span>
   <script>
     document.getElementById('go').onclick = () => parent.postMessage('locate', '*');
     addEventListener('message', (e) => { document.getElementById('out').textContent = e.data; });
   </script>`,
  { width: 260, height: 36 },
);
app.ui.on('message', async (message) => {
  if (message !== 'locate') return;
  const here = await app.viewer.tools.getCurrentLocationAsync({ timeout: 8000 });
  app.ui.postMessage(here ? `${here.lat.toFixed(4)}°, ${here.lng.toFixed(4)}°` : 'location not available');
});
