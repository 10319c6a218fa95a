import { h } from 'preact';
import type { ButtonOptions } from './controls.js';
import { Icon } from './lucide-icon.js';

/** What {@link Button} takes: the options of `button()` (controls.ts), and the attributes a guard adds. */
export type ButtonProps = ButtonOptions & { title?: string; 'data-needs-role'?: string };

/** A button with an optional Lucide icon, always with an accessible name (the component form of `button()`). */
export function Button(props: ButtonProps) {
  const variant = props.variant ?? 'default';
  const classes = ['btn', variant === 'default' ? '' : `btn-${variant}`, props.iconOnly ? 'btn-icon' : ''].filter(Boolean).join(' ');
  return h(
    'button',
    {
      type: props.type ?? 'button',
      class: classes,
      'data-testid': props.testid,
      'aria-label': props.iconOnly ? props.label : undefined,
      title: props.title ?? (props.iconOnly ? props.label : undefined),
      'data-needs-role': props['data-needs-role'],
      disabled: props.disabled,
      onClick: props.onClick,
    },
    props.icon && h(Icon, { node: props.icon }),
    !props.iconOnly && h('span', {}, props.label),
  );
}
