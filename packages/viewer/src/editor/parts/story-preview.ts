import { X } from 'lucide';
import { h, render } from 'preact';
import { useLayoutEffect, useMemo } from 'preact/hooks';
import type { Engine } from '../../engine/engine.js';
import { startStory } from '../../published/story-player.js';
import type { StoryPageView } from '../../published/story-state.js';
import { Button } from '../../ui/button.js';
import { Island } from '../../ui/island.js';
import { renderMarkdown } from '../../ui/markdown.js';
import type { EditorState } from '../state/editor-state.js';
import { t } from '../../ui/i18n.js';

interface Props {
  state: EditorState;
  engine: Engine;
  close: () => void;
}

/**
 * The story played over the editor's globe with the published page's own panel, so the map maker
 * sees what a visitor will. Closing it puts the camera and the layers back as they were.
 */
function StoryPreview({ state, engine, close }: Props) {
  const { story, camera } = useMemo(() => {
    const pages = state.scene.story.pages as StoryPageView[];
    const camera = engine.getCamera();
    const layers = state.engineLayers();
    return {
      camera,
      story: startStory(
        {
          pages,
          layers,
          flyTo: (c) => void engine.flyTo(c, 2),
          setLayers: (shown) => void engine.setLayers(shown),
          renderText: renderMarkdown,
          blocks: state.blocks,
        },
        0,
      ),
    };
  }, [state, engine]);
  useLayoutEffect(() => {
    story.go(0);
    story.panel.element.querySelector<HTMLElement>('[data-testid="story-next"]')?.focus();
    return () => {
      story.destroy();
      void engine.setLayers(state.engineLayers());
      void engine.flyTo(camera, 1);
    };
  }, [story]);
  return h(
    'div',
    { class: 'story-preview-overlay', 'data-testid': 'story-preview-overlay' },
    h(
      'div',
      { class: 'story-preview-bar' },
      h('strong', {}, t('story.previewTitle')),
      h(Button, { label: t('story.closePreview'), icon: X, testid: 'story-preview-close', onClick: close }),
    ),
    h(Island, { node: story.panel.element }),
  );
}

let closeOpen: (() => void) | undefined;

/** Opens the story's preview over the globe (one at a time); nothing when the story has no page. */
export function openStoryPreview(state: EditorState, engine: Engine): void {
  closeOpen?.();
  if (state.scene.story.pages.length === 0) return;
  const host = document.createElement('div');
  host.className = 'island';
  const close = () => {
    render(null, host);
    host.remove();
    closeOpen = undefined;
  };
  closeOpen = close;
  document.querySelector('main')!.append(host);
  render(h(StoryPreview, { state, engine, close }), host);
}
