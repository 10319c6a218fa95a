import type { EditorState } from './editor-state.js';

/** Inputs that hold no text of their own to undo: a key press there undoes the scene's change. */
const NOT_TEXT = new Set(['checkbox', 'radio', 'range', 'color', 'button', 'submit', 'file']);

/** Whether a key press belongs to a text field, whose own undo goes first. */
function inTextField(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element) return false;
  if (element instanceof HTMLInputElement) return !NOT_TEXT.has(element.type);
  return element.isContentEditable || element.tagName === 'TEXTAREA';
}

/**
 * Ctrl+Z / ⌘Z undoes this editor's last own change, and Ctrl+Shift+Z, ⌘⇧Z or Ctrl+Y redoes it
 * (docs/editor.md, "Undo"); inside a text field the field's own undo goes first.
 */
export function undoKeys(target: Document, state: EditorState): void {
  target.addEventListener('keydown', (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || inTextField(event.target)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) state.undo();
    else if ((key === 'z' && event.shiftKey) || (key === 'y' && !event.metaKey)) state.redo();
    else return;
    event.preventDefault();
  });
}
