import { h, type TargetedEvent } from 'preact';
import { useState } from 'preact/hooks';

type Typed = HTMLInputElement | HTMLTextAreaElement;
type Commit = { value: string; onCommit: (value: string) => void };

/**
 * What a field shows and when it commits: the state's value, except while its user is typing,
 * when what they typed stays until they commit (on `change`: Enter or leaving the field), whatever
 * changes meanwhile (a teammate's edit, a save's answer). After a commit it shows the state again,
 * so a refused value goes back to the one kept (docs/editor.md, "How the editor draws").
 */
export function useDraft({ value, onCommit }: Commit) {
  const [draft, setDraft] = useState<string | undefined>(undefined);
  return {
    value: draft ?? value,
    onInput: (event: TargetedEvent<Typed>) => setDraft(event.currentTarget.value),
    onChange: (event: TargetedEvent<Typed>) => {
      const typed = event.currentTarget.value;
      setDraft(undefined);
      onCommit(typed);
    },
  };
}

/** The attributes a field takes besides its value; `data-*` and `aria-*` ones go through as well. */
type FieldProps = Record<`data-${string}` | `aria-${string}`, string | undefined> & {
  class?: string;
  id?: string;
  type?: 'text' | 'url' | 'number' | 'search' | 'email' | 'datetime-local';
  placeholder?: string;
  title?: string;
  hidden?: boolean;
  disabled?: boolean;
  required?: boolean;
  min?: number | string;
  max?: number | string;
  step?: number | string;
  maxLength?: number;
  inputmode?: 'decimal' | 'numeric' | 'text';
  rows?: number;
};

/** A one-line field that keeps its user's typing (see {@link useDraft}). */
export function TextField({ value, onCommit, ...rest }: Partial<FieldProps> & Commit) {
  return h('input', { type: 'text', ...rest, ...useDraft({ value, onCommit }) });
}

/** {@link TextField} for several lines. */
export function TextArea({ value, onCommit, ...rest }: Partial<FieldProps> & Commit) {
  return h('textarea', { ...rest, ...useDraft({ value, onCommit }) });
}
