// lit-html: templates with keyed `repeat`.
import { html, render } from 'lit-html';
import { repeat } from 'lit-html/directives/repeat.js';
import { live } from 'lit-html/directives/live.js';

let host;
const view = (rows) =>
  html`<ul>
    ${repeat(
      rows,
      (r) => r.id,
      (r) =>
        html`<li data-layer=${r.id}>
          <input type="checkbox" .checked=${live(r.visible)} /><input class="input" .value=${live(r.title)} /><span class="hint">${r.type}</span
          ><button>Fly</button><button>Remove</button>
        </li>`,
    )}
  </ul>`;
export function mount(container, rows) {
  host = container;
  render(view(rows), host);
}
export function update(rows) {
  render(view(rows), host);
}
