import { Copy } from 'lucide';
import { h } from 'preact';
import { Button } from './button.js';
import { toast } from './toast.js';

interface Props {
  value: string;
  /** The field's name for screen readers. */
  label: string;
  /** The copy button's name. */
  copyLabel: string;
  /** Said once it is copied. */
  copied: string;
  testid: string;
}

/** A value to copy (a link, a secret shown once): a read-only field and a button that copies it. */
export function CopyField({ value, label, copyLabel, copied, testid }: Props) {
  const copy = () => void navigator.clipboard.writeText(value).then(() => toast('success', copied));
  return h(
    'div',
    { class: 'row' },
    h('input', { class: 'input', readonly: true, value, 'aria-label': label, 'data-testid': testid }),
    h(Button, { label: copyLabel, icon: Copy, iconOnly: true, variant: 'ghost', onClick: copy }),
  );
}
