import { h } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../ui/i18n.js';
import { toast } from '../../ui/toast.js';
import type { EditorState } from '../state/editor-state.js';
import { type SaveStatus, saveStatusText } from '../state/save-status.js';
import { useEditorState } from '../state/use-editor-state.js';

/**
 * The header's save status (`data-state` names its kind for tests and styles), and its notices:
 * one "not saved" at a time, gone once a later save worked; and "back online" when changes made
 * offline were merged with the teammates' (docs/collaboration.md, "Offline").
 */
export function SaveStatusLine({ state }: { state: EditorState }) {
  const { status } = useEditorState(state);
  const shown = useRef<SaveStatus>(status);
  const closeNotSaved = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    const was = shown.current.kind;
    if (status === shown.current) return;
    shown.current = status;
    if (status.kind === 'failed') {
      closeNotSaved.current?.();
      closeNotSaved.current = toast('error', saveStatusText(status), t('save.notSavedHint'));
    } else if (status.kind === 'saved' || status.kind === 'merged') closeNotSaved.current?.();
    if (status.kind === 'merged' && was === 'offline') toast('info', t('save.backOnline'), t('save.backOnlineHint'));
  }, [status]);
  return h('span', { class: 'status', role: 'status', 'data-testid': 'save-status', 'data-state': status.kind }, saveStatusText(status));
}
