// A button in the plugin's UI; the plugin captures the viewer and sends the image back to show it.
app.ui.show(
  `<style>body{margin:0;font:12px system-ui;color:#eee;padding:6px}img{width:100%;margin-top:4px}</style>
   <button id="shot">Capture PNG</button><img id="img" alt="">
   <script>
     document.getElementById('shot').onclick = () => parent.postMessage('capture', '*');
     addEventListener('message', (e) => { document.getElementById('img').src = e.data; });
   </script>`,
  { width: 220, height: 170 },
);
app.ui.on('message', (message) => {
  if (message !== 'capture') return;
  const png = app.viewer.capture('image/png');
  if (png === undefined) console.warn('the image could not be read');
  else app.ui.postMessage(png);
});
