import { h } from './dom.js';
import type { EditorState } from './editor-state.js';

/** Publish tab: the page as it will be published (the globe beside), publish, unpublish, the link. */
export function publishPanel(state: EditorState): HTMLElement {
  const link = h('a', { target: '_blank', rel: 'noopener', 'data-testid': 'published-link' });
  const message = h('p', { class: 'hint', 'data-testid': 'publish-message' });
  const publish = h('button', {
    'data-testid': 'publish',
    onclick: async () => {
      message.textContent = 'Publishing…';
      try {
        await state.save();
        const { url } = await state.api.publish();
        link.href = url;
        link.textContent = url;
        message.textContent = 'Published.';
      } catch (err) {
        message.textContent = (err as Error).message;
      }
    },
  }, 'Publish');
  const unpublish = h('button', {
    'data-testid': 'unpublish',
    onclick: async () => {
      await state.api.unpublish();
      link.removeAttribute('href');
      link.textContent = '';
      message.textContent = 'Unpublished: the page is gone.';
    },
  }, 'Unpublish');
  return h('div', { class: 'panel', 'data-testid': 'publish-panel' },
    h('h2', {}, 'Publish'),
    h('p', {}, 'The globe shows the page as it will be published.'),
    h('div', { class: 'row' }, publish, unpublish),
    message,
    link,
  );
}
