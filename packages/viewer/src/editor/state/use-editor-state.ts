import type { EditorState } from './editor-state.js';

/**
 * Makes the calling component draw again after each change of the editor's state (scene,
 * assets, failures, status, plugins): it reads the state's revision signal, which Preact's
 * signals integration follows (docs/editor.md, "How the editor draws"). Returns the state.
 */
export function useEditorState(state: EditorState): EditorState {
  void state.revision.value;
  return state;
}
