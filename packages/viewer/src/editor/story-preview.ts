import { X } from 'lucide';
import type { Engine } from '../engine/engine.js';
import { startStory } from '../published/story-player.js';
import type { StoryPageView } from '../published/story-state.js';
import { button } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { renderMarkdown } from '../ui/markdown.js';
import type { EditorState } from './editor-state.js';
import { t } from '../ui/i18n.js';

/**
 * Plays the story over the editor's globe with the published page's own panel, so the map maker
 * sees what a visitor will. Closing it puts the camera and the layers back as they were.
 */
export function storyPreview(state: EditorState, engine: Engine): void {
  document.querySelector('.story-preview-overlay')?.remove();
  const pages = state.scene.story.pages as StoryPageView[];
  if (pages.length === 0) return;
  const camera = engine.getCamera();
  const layers = state.engineLayers();
  const story = startStory({ pages, layers, flyTo: (c) => void engine.flyTo(c, 2), setLayers: (shown) => void engine.setLayers(shown), renderText: renderMarkdown, blocks: state.blocks }, 0);
  const close = () => {
    story.destroy();
    overlay.remove();
    void engine.setLayers(state.engineLayers());
    void engine.flyTo(camera, 1);
  };
  const overlay = h('div', { class: 'story-preview-overlay', 'data-testid': 'story-preview-overlay' },
    h('div', { class: 'story-preview-bar' }, h('strong', {}, t('story.previewTitle')), button({ label: t('story.closePreview'), icon: X, testid: 'story-preview-close', onClick: close })),
    story.panel.element,
  );
  document.querySelector('main')!.append(overlay);
  story.go(0);
  overlay.querySelector<HTMLElement>('[data-testid="story-next"]')?.focus();
}
