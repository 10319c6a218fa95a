// Solid without its compiler (solid-js/html tagged templates), with a keyed <For> over a store.
import { createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import html from 'solid-js/html';
import { For } from 'solid-js/web';

let setRows;
export function mount(container, rows) {
  const [get, set] = createSignal(rows);
  setRows = set;
  render(
    () =>
      html`<ul>
        <${For} each=${get}
          >${(r) => html`<li data-layer=${r.id}><input type="checkbox" checked=${r.visible} /><input class="input" value=${r.title} /><span class="hint">${r.type}</span><button>Fly</button><button>Remove</button></li>`}<//
        >
      </ul>`,
    container,
  );
}
export function update(rows) {
  setRows(rows);
}
