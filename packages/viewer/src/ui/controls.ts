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

/**
 * A control with a visible label above it (`.field`). The label is a real `<label>` wrapping the
 * control, so clicking it focuses the control and screen readers announce it.
 */
export function field(label: string, control: HTMLElement, hint?: string): HTMLLabelElement {
  return h('label', { class: 'field' }, h('span', { class: 'field-label' }, label), control, hint ? h('span', { class: 'hint' }, hint) : undefined);
}

/** A labelled checkbox (`.check`); `onChange` gets the new state. */
export function checkbox(label: string, checked: boolean, onChange: (checked: boolean) => void, testid?: string): HTMLLabelElement {
  const input = h('input', { type: 'checkbox', checked, 'data-testid': testid });
  input.addEventListener('change', () => onChange(input.checked));
  return h('label', { class: 'check' }, input, h('span', {}, label));
}

/** A text input styled as `.input`; give it a label with {@link field} or `aria-label`. */
export function textInput(attrs: { value?: string; placeholder?: string; type?: string; label?: string; testid?: string; onChange?: (value: string) => void }): HTMLInputElement {
  const input = h('input', {
    class: 'input',
    type: attrs.type ?? 'text',
    value: attrs.value ?? '',
    placeholder: attrs.placeholder,
    'aria-label': attrs.label,
    'data-testid': attrs.testid,
  });
  if (attrs.onChange) input.addEventListener('change', () => attrs.onChange!(input.value));
  return input;
}

/** A select of `[value, text]` options styled as `.ui-select`. */
export function select(options: readonly (readonly [string, string])[], value: string, onChange: (value: string) => void, label?: string, testid?: string): HTMLSelectElement {
  const el = h('select', { class: 'ui-select', 'aria-label': label, 'data-testid': testid }, ...options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)));
  el.addEventListener('change', () => onChange(el.value));
  return el;
}

/** An empty state: an icon, what is missing, and what to do about it. */
export function emptyState(node: IconNode, title: string, hint: string, action?: HTMLElement): HTMLElement {
  return h('div', { class: 'empty' }, icon(node), h('strong', {}, title), h('span', { class: 'hint' }, hint), action);
}
