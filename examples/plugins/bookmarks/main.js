// Camera views kept in this browser (app.data.clientStorage: they survive reloads), listed in the
// plugin's UI. "Save view" adds the current view; "Go" flies back and pins a popup to the place.
const KEY = 'bookmarks';
let bookmarks = [];

app.ui.show(
  `<style>
     body{margin:0;font:12px system-ui,sans-serif;color:#e8eaed;padding:8px}
     .add{display:flex;gap:4px;margin-bottom:6px}input{flex:1;min-width:0;font:inherit}
     button{font:inherit;cursor:pointer}ul{list-style:none;margin:0;padding:0;overflow:auto;max-height:120px}
     li{display:flex;gap:4px;align-items:center;margin:2px 0}li span{flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
     .empty{color:#a9b0ba}
   </style>
   <div class="add"><input id="name" placeholder="Name this view" aria-label="Bookmark name" maxlength="60"><button id="save">Save view</button></div>
   <ul id="list"></ul>
   <script>
     const list = document.getElementById('list');
     // No <form>: plugin frames are sandboxed without allow-forms, so a form never submits.
     const name = document.getElementById('name');
     const add = () => {
       parent.postMessage({ action: 'add', name: name.value }, '*');
       name.value = '';
     };
     document.getElementById('save').onclick = add;
     name.onkeydown = (e) => e.key === 'Enter' && add();
     // The widget is as tall as what it lists (up to the list's own scroll), not a fixed empty box.
     const fit = () => parent.postMessage({ action: 'height', height: document.body.offsetHeight }, '*');
     addEventListener('message', (e) => {
       if (e.source !== parent || !Array.isArray(e.data.bookmarks)) return;
       if (e.data.bookmarks.length === 0) {
         list.innerHTML = '<li class="empty">No bookmarks yet</li>';
         return fit();
       }
       list.replaceChildren(...e.data.bookmarks.map((b, index) => {
         const li = document.createElement('li');
         const name = Object.assign(document.createElement('span'), { textContent: b.name, title: b.name });
         const go = Object.assign(document.createElement('button'), { textContent: 'Go' });
         go.onclick = () => parent.postMessage({ action: 'go', index }, '*');
         const remove = Object.assign(document.createElement('button'), { textContent: '×', title: 'Remove ' + b.name });
         remove.onclick = () => parent.postMessage({ action: 'remove', index }, '*');
         li.append(name, go, remove);
         return li;
       }));
       fit();
     });
   </script>`,
  // Narrow viewers (phones) leave room for the widgets of the other corner.
  // As tall as the name field and "No bookmarks yet" until the list says how tall it is.
  { width: Math.max(150, Math.min(240, app.viewer.viewport.width - 260)), height: 64 },
);

const send = () => app.ui.postMessage({ bookmarks });
const save = () => app.data.clientStorage.setAsync(KEY, bookmarks).then(send, (err) => console.error('not saved:', err.message));

app.data.clientStorage.getAsync(KEY).then((stored) => {
  if (Array.isArray(stored)) bookmarks = stored;
  console.log(`${bookmarks.length} bookmarks`);
  send();
});

app.ui.on('message', (message) => {
  if (typeof message !== 'object' || message === null) return;
  if (message.action === 'height' && Number.isFinite(message.height)) {
    app.ui.resize(undefined, Math.min(160, Math.max(40, Math.ceil(message.height))));
  } else if (message.action === 'add') {
    const { lng, lat, height, heading, pitch, roll } = app.camera.position;
    // The place in the middle of the view (where the camera looks), for the popup; else under the camera.
    const centre = app.camera.getGlobeIntersection();
    const place = centre ? { lng: centre.center.lng, lat: centre.center.lat } : { lng, lat };
    const name = String(message.name || '').trim() || `View ${bookmarks.length + 1}`;
    bookmarks.push({ name: name.slice(0, 60), lng, lat, height, heading, pitch, roll, place });
    save();
  } else if (message.action === 'remove' && bookmarks[message.index]) {
    bookmarks.splice(message.index, 1);
    app.popup.close();
    save();
  } else if (message.action === 'go' && bookmarks[message.index]) {
    const b = bookmarks[message.index];
    app.camera.flyTo({ lng: b.lng, lat: b.lat, height: b.height, heading: b.heading, pitch: b.pitch, roll: b.roll }, { duration: 2 });
    // Pinned to the bookmarked place: it follows the globe as the camera flies, and hides behind it.
    const label = b.name.replace(/[<&>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
    const anchor = b.place || { lng: b.lng, lat: b.lat };
    app.popup.show(
      `<p style="margin:0;padding:7px 8px;font:12px system-ui;color:#e8eaed;white-space:nowrap;overflow:hidden;text-overflow:ellipsis">${label}</p>`,
      { width: 140, height: 30, anchor },
    );
  }
});
