import { createElement, type IconNode } from 'lucide';

export type { IconNode };

/**
 * A Lucide icon as an inline SVG, 16 px, drawn in the current text colour. Import each icon by
 * name (`import { Plus } from 'lucide'`) so the bundle keeps only the icons used.
 * Decorative by default (`aria-hidden`); pass `label` when the icon alone carries meaning.
 */
export function icon(node: IconNode, label?: string): SVGElement {
  const svg = createElement(node, { class: 'icon', width: 16, height: 16, 'aria-hidden': label ? undefined : 'true' });
  if (label) {
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', label);
  }
  return svg;
}
