// Lists app.layers.layers in the plugin's UI; the UI asks to show, hide or fly to a layer.
app.ui.show(
  `<style>body{margin:0;font:12px system-ui;color:#eee;padding:6px}label{display:flex;gap:4px;align-items:center}
   button{font:inherit;margin-left:auto}ul{list-style:none;margin:0;padding:0}li{display:flex;gap:4px;margin:2px 0}</style>
   <ul id="layers"></ul>
   <script>
     const list = document.getElementById('layers');
     addEventListener('message', (e) => {
       if (e.source !== parent || !Array.isArray(e.data.layers)) return;
       list.replaceChildren(...e.data.layers.map((l) => {
         const li = document.createElement('li');
         const box = Object.assign(document.createElement('input'), { type: 'checkbox', checked: l.visible });
         box.onchange = () => parent.postMessage({ id: l.id, visible: box.checked }, '*');
         const fly = Object.assign(document.createElement('button'), { textContent: 'Go' });
         fly.onclick = () => parent.postMessage({ id: l.id, fly: true }, '*');
         const label = document.createElement('label');
         label.append(box, l.title);
         li.append(label, fly);
         return li;
       }));
     });
   </script>`,
  { width: 220, height: 110 },
);

const send = () => app.ui.postMessage({ layers: app.layers.layers.map(({ id, title, visible }) => ({ id, title, visible })) });
send();
// Layers come and go: plugins add them, others show and hide them.
app.layers.on('load', send);
app.layers.on('visible', send);

app.ui.on('message', (message) => {
  if (typeof message !== 'object' || message === null || !app.layers.findById(message.id)) return;
  if (message.fly) app.camera.flyTo(message.id);
  else if (message.visible) app.layers.show(message.id);
  else app.layers.hide(message.id);
});
