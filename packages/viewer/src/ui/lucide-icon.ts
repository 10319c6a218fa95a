import type { IconNode } from 'lucide';
import { h } from 'preact';

/**
 * A Lucide icon as an inline SVG in a component tree: 16 px, in the current text colour, and
 * decorative unless `label` says what it means (the same drawing as `icon()` in icon.ts).
 */
export function Icon({ node, label }: { node: IconNode; label?: string }) {
  return h(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      class: 'icon',
      width: 16,
      height: 16,
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': 2,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      'aria-hidden': label ? undefined : 'true',
      role: label ? 'img' : undefined,
      'aria-label': label,
    },
    node.map(([tag, attrs], i) => h(tag, { key: i, ...(attrs as Record<string, string>) })),
  );
}
