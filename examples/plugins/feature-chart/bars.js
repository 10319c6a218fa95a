// An infobox block: the numeric properties of the feature the infobox shows, as a small bar chart.
// It runs while the infobox is open; another feature of the same layer redraws it.
const escape = (s) => String(s).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');

function draw() {
  const feature = app.layers.selectedFeature;
  const numbers = Object.entries((feature && feature.properties) || {}).filter(([, v]) => typeof v === 'number' && Number.isFinite(v));
  const chosen = (app.extension.block.property.default || {}).color;
  const color = /^#[0-9a-fA-F]{3,8}$/.test(chosen || '') ? chosen : '#3b82f6';
  if (numbers.length === 0) {
    app.ui.show('<p style="margin:2px 0;font:12px system-ui,sans-serif;color:#888">No numeric properties</p>', { height: 22 });
    return;
  }
  const max = Math.max(...numbers.map(([, v]) => Math.abs(v))) || 1;
  const rows = numbers
    .map(
      ([name, v]) =>
        `<div class="row"><span title="${escape(name)}">${escape(name)}</span><i style="width:${((Math.abs(v) / max) * 100).toFixed(1)}%"></i><b>${escape(v)}</b></div>`,
    )
    .join('');
  const style = `body{margin:0;font:12px system-ui,sans-serif;color:#666}.row{display:grid;grid-template-columns:72px 1fr 56px;gap:6px;align-items:center;height:20px}
    .row span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}.row i{display:block;height:12px;border-radius:2px;background:${color}}.row b{font-weight:400;text-align:right}`;
  app.ui.show(`<style>${style}</style>${rows}`, { height: numbers.length * 20 });
}

draw();
app.layers.on('select', draw);
// The editor changed the colour.
app.ui.on('update', draw);
