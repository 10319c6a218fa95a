import { type ComponentChildren, h } from 'preact';

/**
 * A control with a visible label above it (`.field`), the component form of `field()` (controls.ts):
 * the label is a real `<label>` wrapping the control, so clicking it focuses the control.
 */
export function Field({ label, hint, children }: { label: string; hint?: string; children?: ComponentChildren }) {
  return h('label', { class: 'field' }, h('span', { class: 'field-label' }, label), children, hint && h('span', { class: 'hint' }, hint));
}

/** A labelled checkbox (`.check`), the component form of `checkbox()`; `onChange` gets the new state. */
export function Checkbox({ label, checked, onChange, testid, disabled }: { label: string; checked: boolean; onChange: (checked: boolean) => void; testid?: string; disabled?: boolean }) {
  return h(
    'label',
    { class: 'check' },
    h('input', { type: 'checkbox', checked, disabled, 'data-testid': testid, onChange: (e: Event) => onChange((e.currentTarget as HTMLInputElement).checked) }),
    h('span', {}, label),
  );
}

/** What {@link Select} takes; `title` and `data-needs-role` come with a permission guard. */
export interface SelectProps {
  options: readonly (readonly [string, string])[];
  value: string;
  onChange: (value: string) => void;
  label?: string;
  testid?: string;
  disabled?: boolean;
  title?: string;
  'data-needs-role'?: string;
}

/** A select of `[value, text]` options styled as `.ui-select`, showing `value` (the component form of `select()`). */
export function Select({ options, value, onChange, label, testid, ...rest }: SelectProps) {
  return h(
    'select',
    { class: 'ui-select', 'aria-label': label, 'data-testid': testid, value, ...rest, onChange: (e: Event) => onChange((e.currentTarget as HTMLSelectElement).value) },
    options.map(([v, text]) => h('option', { key: v, value: v }, text)),
  );
}
