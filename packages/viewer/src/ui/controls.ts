import { h } from './dom.js';
import { icon, type IconNode } from './icon.js';

/** How a button looks: `primary` for the one main action of a panel, `ghost` for quiet ones. */
export type ButtonVariant = 'default' | 'primary' | 'danger' | 'ghost';

/** What {@link button} takes. */
export interface ButtonOptions {
  label: string;
  onClick?: (event: MouseEvent) => void;
  icon?: IconNode;
  variant?: ButtonVariant;
  /** Shows only the icon; the label stays as `aria-label` and tooltip. */
  iconOnly?: boolean;
  testid?: string;
  type?: 'button' | 'submit';
  disabled?: boolean;
}

/** A button with an optional Lucide icon, always with an accessible name. */
export function button(options: ButtonOptions): HTMLButtonElement {
  const variant = options.variant ?? 'default';
  const classes = ['btn', variant === 'default' ? '' : `btn-${variant}`, options.iconOnly ? 'btn-icon' : ''].filter(Boolean).join(' ');
  const el = h('button', {
    type: options.type ?? 'button',
    class: classes,
    'data-testid': options.testid,
    'aria-label': options.iconOnly ? options.label : undefined,
    title: options.iconOnly ? options.label : undefined,
    disabled: options.disabled,
  });
  if (options.icon) el.append(icon(options.icon));
  if (!options.iconOnly) el.append(h('span', {}, options.label));
  if (options.onClick) el.addEventListener('click', options.onClick as EventListener);
  return el;
}

/** A select of `[value, text]` options styled as `.ui-select`. */
export function select(
  options: readonly (readonly [string, string])[],
  value: string,
  onChange: (value: string) => void,
  label?: string,
  testid?: string,
): HTMLSelectElement {
  const el = h(
    'select',
    { class: 'ui-select', 'aria-label': label, 'data-testid': testid },
    ...options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)),
  );
  el.addEventListener('change', () => onChange(el.value));
  return el;
}
