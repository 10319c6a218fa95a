// The old editor's way: every row made anew on each change (replaceChildren), as map-panel.ts did
// before its components, without the caches it needed to keep a field being typed in.
const row = (r) => {
  const li = document.createElement('li');
  li.dataset.layer = r.id;
  const box = Object.assign(document.createElement('input'), { type: 'checkbox', checked: r.visible });
  const title = Object.assign(document.createElement('input'), { className: 'input', value: r.title });
  const type = Object.assign(document.createElement('span'), { className: 'hint', textContent: r.type });
  const fly = Object.assign(document.createElement('button'), { textContent: 'Fly' });
  const remove = Object.assign(document.createElement('button'), { textContent: 'Remove' });
  li.append(box, title, type, fly, remove);
  return li;
};
let list;
export function mount(container, rows) {
  list = document.createElement('ul');
  container.append(list);
  update(rows);
}
export function update(rows) {
  list.replaceChildren(...rows.map(row));
}
