// The ceiling: hand-written code that knows which row changed and sets only its field.
let list;
export function mount(container, rows) {
  list = document.createElement('ul');
  for (const r of rows) {
    const li = document.createElement('li');
    li.dataset.layer = r.id;
    const box = Object.assign(document.createElement('input'), { type: 'checkbox', checked: r.visible });
    const title = Object.assign(document.createElement('input'), { className: 'input', value: r.title });
    const type = Object.assign(document.createElement('span'), { className: 'hint', textContent: r.type });
    li.append(
      box,
      title,
      type,
      Object.assign(document.createElement('button'), { textContent: 'Fly' }),
      Object.assign(document.createElement('button'), { textContent: 'Remove' }),
    );
    list.append(li);
  }
  container.append(list);
}
export function update(rows, changed) {
  list.children[changed].children[1].value = rows[changed].title;
}
