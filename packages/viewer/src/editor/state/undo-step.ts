import type * as Y from 'yjs';

/**
 * Runs `write` as an undo step of its own, however soon it follows this editor's last change.
 * Yjs's UndoManager makes one step of the changes made within its capture time (half a second),
 * which suits typing; a shape drawn, moved or deleted is a step by itself (docs/collaboration.md,
 * "Undo").
 */
export function asOwnStep(undo: Y.UndoManager, write: () => void): void {
  undo.stopCapturing();
  write();
  undo.stopCapturing();
}
