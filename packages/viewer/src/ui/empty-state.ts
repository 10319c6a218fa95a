import type { ComponentChildren } from 'preact';
import { h } from 'preact';
import type { IconNode } from 'lucide';
import { Icon } from './lucide-icon.js';

/** An empty state: an icon, what is missing, and what to do about it (the component form of `emptyState()`). */
export function EmptyState({ icon, title, hint, children }: { icon: IconNode; title: string; hint: string; children?: ComponentChildren }) {
  return h('div', { class: 'empty' }, h(Icon, { node: icon }), h('strong', {}, title), h('span', { class: 'hint' }, hint), children);
}
