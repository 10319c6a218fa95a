// A time slider on app.timeline: play/pause, a slider over start…stop and the speed. Time-dynamic
// layers (the demo's CZML flight) follow the timeline; the UI follows it too (tick and commit).
const t = app.timeline;
const state = () => ({
  start: t.startTime.getTime(),
  stop: t.stopTime.getTime(),
  current: t.currentTime.getTime(),
  playing: t.isPlaying,
  speed: t.speed,
});

app.ui.show(
  `<style>
     body{margin:0;font:12px system-ui,sans-serif;color:#e8eaed;padding:8px;display:grid;gap:6px}
     .row{display:flex;gap:6px;align-items:center} input[type=range]{flex:1;accent-color:#5aa2ff}
     button,select{font:inherit;background:#23272e;color:inherit;border:1px solid #343a43;border-radius:6px;padding:3px 8px}
     #now{font:12px ui-monospace,monospace}
   </style>
   <div class="row"><button id="play">Play</button><input id="at" type="range" min="0" max="1000" value="0" aria-label="Time">
     <select id="speed" aria-label="Speed"><option>1</option><option>10</option><option selected>60</option><option>300</option><option>900</option></select></div>
   <div id="now">…</div>
   <script>
     let s;
     const $ = (id) => document.getElementById(id);
     $('play').onclick = () => parent.postMessage(s && s.playing ? 'pause' : 'play', '*');
     $('at').oninput = (e) => parent.postMessage({ at: Number(e.target.value) / 1000 }, '*');
     $('speed').onchange = (e) => parent.postMessage({ speed: Number(e.target.value) }, '*');
     addEventListener('message', (e) => {
       s = e.data;
       $('play').textContent = s.playing ? 'Pause' : 'Play';
       $('at').value = String(Math.round(((s.current - s.start) / Math.max(1, s.stop - s.start)) * 1000));
       $('now').textContent = new Date(s.current).toISOString().replace('T', ' ').slice(0, 19) + ' UTC · ' + s.speed + '×';
     });
   </script>`,
  { width: 300, height: 70 },
);

const show = () => app.ui.postMessage(state());
app.ui.on('message', (m) => {
  if (m === 'play') t.play();
  else if (m === 'pause') t.pause();
  else if (m && typeof m.at === 'number' && m.at >= 0 && m.at <= 1) {
    const { start, stop } = state();
    t.setTime({ current: new Date(start + (stop - start) * m.at) });
  } else if (m && typeof m.speed === 'number' && m.speed > 0) t.setSpeed(m.speed);
});
// At most once per frame while playing; the UI frame gets a message at most every 100 ms.
let last = 0;
t.on('tick', () => {
  if (Date.now() - last > 100) {
    last = Date.now();
    show();
  }
});
t.on('commit', show);
show();
