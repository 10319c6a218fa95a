import type { Engine } from '../engine/engine.js';
import { h } from './dom.js';
import type { EditorState } from './editor-state.js';

/** How long a story page stays when played. */
const PAGE_SECONDS = 4;

/** Story tab: pages with a title, a text and a saved camera view, played in order. */
export function storyPanel(state: EditorState, engine: Engine): HTMLElement {
  const list = h('ol', { class: 'list', 'data-testid': 'story-pages' });
  let playing = false;
  const play = h('button', {
    'data-testid': 'story-play',
    onclick: async () => {
      if (playing) return;
      playing = true;
      for (const page of state.scene.story.pages) {
        if (!playing) break;
        await engine.flyTo(page.camera, 2);
        await new Promise((r) => setTimeout(r, PAGE_SECONDS * 1000));
      }
      playing = false;
    },
  }, 'Play');
  const stop = h('button', { onclick: () => (playing = false) }, 'Stop');
  const add = h('button', {
    'data-testid': 'story-add',
    onclick: () =>
      state.update((s) => {
        let n = s.story.pages.length + 1;
        while (s.story.pages.some((p) => p.id === `page-${n}`)) n += 1;
        s.story.pages.push({ id: `page-${n}`, title: `Page ${n}`, text: '', camera: engine.getCamera() });
      }),
  }, 'Add page from this view');

  function render(): void {
    list.replaceChildren(
      ...state.scene.story.pages.map((page, i) =>
        h('li', {},
          h('input', { value: page.title, 'aria-label': 'Title', onchange: (e) => state.update((s) => (s.story.pages[i]!.title = (e.target as HTMLInputElement).value || 'Untitled')) }),
          h('textarea', { 'aria-label': 'Text', rows: 2, onchange: (e) => state.update((s) => (s.story.pages[i]!.text = (e.target as HTMLTextAreaElement).value)) }, page.text),
          h('div', { class: 'row' },
            h('button', { onclick: () => void engine.flyTo(page.camera) }, 'Show'),
            h('button', { onclick: () => state.update((s) => (s.story.pages[i]!.camera = engine.getCamera())) }, 'Save this view'),
            h('button', { onclick: () => state.update((s) => s.story.pages.splice(i, 1)) }, 'Remove'),
          ),
        ),
      ),
    );
  }
  state.onChange(render);
  render();
  return h('div', { class: 'panel', 'data-testid': 'story-panel' }, h('h2', {}, 'Story'), list, h('div', { class: 'row' }, add, play, stop));
}
