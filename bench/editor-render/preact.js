// Preact with signals, as the editor draws (packages/viewer/src/editor/panels/map-panel.ts): a revision signal, keyed rows.
import { h, options, render } from 'preact';
import { signal } from '@preact/signals';

const revision = signal(0);
let current = [];
const Row = ({ r }) =>
  h(
    'li',
    { 'data-layer': r.id },
    h('input', { type: 'checkbox', checked: r.visible }),
    h('input', { class: 'input', value: r.title }),
    h('span', { class: 'hint' }, r.type),
    h('button', {}, 'Fly'),
    h('button', {}, 'Remove'),
  );
const List = () => {
  void revision.value;
  return h(
    'ul',
    {},
    current.map((r) => h(Row, { key: r.id, r })),
  );
};
export function mount(container, rows) {
  current = rows;
  render(h(List, {}), container);
}
export function update(rows) {
  current = rows;
  revision.value++;
}
/** Draws each change at once instead of on the next tick, so that the bench times Preact's work and not a timer. */
export function syncRendering() {
  options.debounceRendering = (draw) => draw();
}
