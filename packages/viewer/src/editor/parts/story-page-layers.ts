import { h } from 'preact';
import type { StoryPageView } from '../../published/story-state.js';
import type { EditorState } from '../state/editor-state.js';
import { t } from '../../ui/i18n.js';

/** Changes the page `id` (by id: a teammate's change may have moved it since it was drawn). */
export const changePage = (state: EditorState, id: string) => (fn: (page: StoryPageView) => void) =>
  state.update((s) => {
    const page = (s.story.pages as StoryPageView[]).find((p) => p.id === id);
    if (page) fn(page);
  });

const checked = (event: Event) => (event.currentTarget as HTMLInputElement).checked;

/** The ticks of one story page's layers: off means the page leaves the layers as they are. */
export function StoryPageLayers({ state, page }: { state: EditorState; page: StoryPageView }) {
  const own = Array.isArray(page.layers);
  const change = changePage(state, page.id);
  const layers = state.scene.layers;
  const setsLayers = (on: boolean) =>
    change((p) => {
      if (on) p.layers = state.scene.layers.filter((l) => l.visible).map((l) => l.id);
      else delete p.layers;
    });
  const tick = (id: string, on: boolean) =>
    change((p) => {
      const shown = new Set(p.layers ?? []);
      if (on) shown.add(id);
      else shown.delete(id);
      // Keep the scene's layer order.
      p.layers = state.scene.layers.map((l) => l.id).filter((l) => shown.has(l));
    });
  return h(
    'fieldset',
    { class: 'story-layers' },
    h(
      'legend',
      {},
      h(
        'label',
        { class: 'check' },
        h('input', { type: 'checkbox', checked: own, 'data-testid': `story-sets-layers-${page.id}`, onChange: (e: Event) => setsLayers(checked(e)) }),
        h('span', {}, t('story.setsLayers')),
      ),
    ),
    layers.length === 0
      ? h('span', { class: 'hint' }, t('story.noLayers'))
      : layers.map((layer) =>
          h(
            'label',
            { key: layer.id, class: 'check' },
            h('input', {
              type: 'checkbox',
              checked: own ? page.layers!.includes(layer.id) : layer.visible,
              disabled: !own,
              'data-testid': `story-layer-${page.id}-${layer.id}`,
              onChange: (e: Event) => tick(layer.id, checked(e)),
            }),
            h('span', {}, layer.title),
          ),
        ),
  );
}
