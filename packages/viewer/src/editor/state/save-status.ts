/**
 * Where the editor's changes stand (the header's status, docs/collaboration.md, "The editor"):
 * - `saved`: the server holds every change; `merged`: and a teammate's change was merged in;
 * - `unsaved`: a change is on its way;
 * - `offline`: the connection is down, changes stay in this tab and are merged when it is back;
 * - `failed`: a save was refused (`detail` says why); `readonly`: the role (`detail`, its name) may not change the scene.
 */
export type SaveStatusKind = 'idle' | 'saved' | 'merged' | 'unsaved' | 'offline' | 'failed' | 'readonly';

export interface SaveStatus {
  kind: SaveStatusKind;
  /** Why a save failed, or which role makes the editor read-only. */
  detail?: string;
}

import { t } from '../../ui/i18n.js';

/** The status line the header shows, in the page's language. */
export function saveStatusText(status: SaveStatus): string {
  switch (status.kind) {
    case 'idle':
      return '';
    case 'saved':
      return t('save.saved');
    case 'merged':
      return t('save.savedMerged');
    case 'unsaved':
      return t('save.unsaved');
    case 'offline':
      return t('save.offline');
    case 'failed':
      return t('save.notSaved', { message: status.detail ?? '' });
    case 'readonly':
      return t('save.readOnly', { role: status.detail ?? '' });
  }
}
