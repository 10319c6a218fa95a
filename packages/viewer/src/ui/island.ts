import { type ComponentChild, h, render } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

/**
 * An element made outside Preact (a part of the editor not drawn by components, a widget of the
 * globe), held in place inside a component tree: Preact never touches what is inside it
 * (docs/editor.md, "How the editor draws").
 */
export function Island({ node, class: className }: { node: Node; class?: string }) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    host.current?.replaceChildren(node);
  }, [node]);
  return h('div', { class: className ? `island ${className}` : 'island', ref: host });
}

/**
 * `view` drawn into an element of its own, for code that places elements (the tab row, the
 * header): the element follows the view's state for as long as it lives.
 */
export function mountView(view: ComponentChild, tag: keyof HTMLElementTagNameMap = 'div', className?: string): HTMLElement {
  const element = document.createElement(tag);
  if (className) element.className = className;
  render(view, element);
  return element;
}
