import { CircleAlert, CircleCheck, Info, X } from 'lucide';
import { h } from './dom.js';
import { errorText } from './error-text.js';
import { t } from './i18n.js';
import { icon } from './icon.js';

/** `error` stays until closed; `info` and `success` go after a few seconds, unless they offer an action. */
export type ToastKind = 'info' | 'success' | 'error';

const AUTO_CLOSE_MS = 6000;

function region(): HTMLElement {
  let el = document.querySelector<HTMLElement>('.toasts');
  if (!el) {
    // One live region for every toast: screen readers announce what is added to it.
    el = h('div', { class: 'toasts', role: 'region', 'aria-label': t('common.notifications'), 'data-testid': 'toasts' });
    document.body.append(el);
  }
  return el;
}

/**
 * Shows a toast. An error toast says what happened (`title`) and what to do (`hint`): e.g.
 * `toast('error', 'Could not publish', 'Make the project public in its settings, then publish again.')`.
 * Returns a function that closes it.
 */
export function toast(kind: ToastKind, title: string, hint?: string, action?: { label: string; run: () => void }): () => void {
  const close = () => el.remove();
  const el = h(
    'div',
    { class: `toast toast-${kind}`, role: kind === 'error' ? 'alert' : 'status', 'data-testid': `toast-${kind}` },
    icon(kind === 'error' ? CircleAlert : kind === 'success' ? CircleCheck : Info),
    h('div', { class: 'toast-body' }, h('span', { class: 'toast-title' }, title), hint ? h('span', { class: 'toast-hint' }, hint) : undefined),
    action
      ? h(
          'button',
          {
            type: 'button',
            class: 'btn',
            'data-testid': 'toast-action',
            onclick: () => {
              close();
              action.run();
            },
          },
          action.label,
        )
      : undefined,
    h('button', { type: 'button', class: 'btn btn-ghost btn-icon', 'aria-label': t('common.dismiss'), onclick: close }, icon(X)),
  );
  region().append(el);
  // A notice with an action stays until used or dismissed: time to read it is not time to act on it.
  if (kind !== 'error' && !action) setTimeout(close, AUTO_CLOSE_MS);
  return close;
}

let closeLastUndo: (() => void) | undefined;

/** Says what was removed, with an *Undo* that puts it back (docs/contract.md §14): removing asks nothing, and loses nothing. */
export function toastUndo(title: string, undo: () => void): void {
  // Undo is for the last removal (docs/contract.md §14): a newer one replaces the notice of the one before.
  closeLastUndo?.();
  closeLastUndo = toast('info', title, undefined, { label: t('common.undo'), run: undo });
}

/** Shows an error toast for a failed action: the error's own message, and what to do next. Returns a function that closes it. */
export function toastError(what: string, err: unknown, hint = t('common.connectionHint')): () => void {
  return toast('error', t('common.failed', { what, message: errorText(err) }), hint);
}
