/**
 * Where the editor's changes stand (the header's status, docs/collaboration.md, "The editor"):
 * - `saved`: the server holds every change; `merged`: and a teammate's change was merged in;
 * - `unsaved`: a change is on its way;
 * - `offline`: the connection is down, changes stay in this tab and are merged when it is back;
 * - `failed`: a save was refused (`detail` says why); `readonly`: the role may not change the scene.
 */
export type SaveStatusKind = 'idle' | 'saved' | 'merged' | 'unsaved' | 'offline' | 'failed' | 'readonly';

export interface SaveStatus {
  kind: SaveStatusKind;
  /** Why a save failed, or which role makes the editor read-only. */
  detail?: string;
}

/** The status line the header shows. */
export function saveStatusText(status: SaveStatus): string {
  switch (status.kind) {
    case 'idle':
      return '';
    case 'saved':
      return 'Saved';
    case 'merged':
      return "Saved, with a teammate's changes";
    case 'unsaved':
      return 'Unsaved changes…';
    case 'offline':
      return 'Offline: changes are kept in this tab';
    case 'failed':
      return `Not saved: ${status.detail ?? ''}`;
    case 'readonly':
      return `Read-only (${status.detail ?? ''})`;
  }
}
