import { type ComponentChildren, h } from 'preact';

/**
 * A control with a visible label above it (`.field`), the component form of `field()` (controls.ts):
 * a real `<label>` around the control, so clicking it focuses the control and screen readers announce it.
 */
export function Field({ label, hint, children }: { label: string; hint?: string; children?: ComponentChildren }) {
  return h('label', { class: 'field' }, h('span', { class: 'field-label' }, label), children, hint && h('span', { class: 'hint' }, hint));
}

/** What a guard adds to a control (`Permissions.guardProps`). */
type Guard = { disabled?: boolean; title?: string; 'data-needs-role'?: string };

/**
 * A labelled checkbox (`.check`), the component form of `checkbox()`; `onChange` gets the new state. A `hint` is
 * secondary text after the label (a project's address after its name).
 */
export function Checkbox({
  label,
  hint,
  checked,
  onChange,
  testid,
  ...guard
}: Guard & { label: string; hint?: string; checked: boolean; onChange: (checked: boolean) => void; testid?: string }) {
  return h(
    'label',
    { class: 'check' },
    h('input', { type: 'checkbox', checked, 'data-testid': testid, ...guard, onChange: (e: Event) => onChange((e.currentTarget as HTMLInputElement).checked) }),
    h('span', {}, label),
    hint && h('span', { class: 'hint' }, hint),
  );
}

/** One option of a {@link Select}: its value, its text, and whether it may not be chosen. */
export type Option = readonly [value: string, text: string, disabled?: boolean];

/** A select of options styled as `.ui-select`, the component form of `select()`. */
export function Select({
  options,
  value,
  onChange,
  label,
  testid,
  lang,
  ...guard
}: Guard & { options: readonly Option[]; value: string; onChange: (value: string) => void; label?: string; testid?: string; lang?: boolean }) {
  return h(
    'select',
    {
      class: 'ui-select',
      'aria-label': label,
      'data-testid': testid,
      value,
      ...guard,
      onChange: (e: Event) => onChange((e.currentTarget as HTMLSelectElement).value),
    },
    // `lang`: each option is a language named in itself, and says so to screen readers.
    options.map(([v, text, disabled]) => h('option', { key: v, value: v, disabled, lang: lang ? v : undefined }, text)),
  );
}
