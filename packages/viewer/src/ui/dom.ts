type Attrs = Record<string, string | number | boolean | ((event: Event) => void) | undefined>;

/** Makes an element: `h('button', { onclick: f, class: 'x' }, 'Label')`. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Node | string | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') element.addEventListener(key.replace(/^on/, ''), value);
    else if (key in element && typeof (element as unknown as Record<string, unknown>)[key] !== 'string' && key !== 'class')
      (element as unknown as Record<string, unknown>)[key] = value;
    else element.setAttribute(key === 'class' ? 'class' : key, String(value));
  }
  for (const child of children) if (child !== undefined && child !== false) element.append(child);
  return element;
}
