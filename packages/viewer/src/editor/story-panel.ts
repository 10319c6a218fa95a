import { BookOpen, Camera, ChevronDown, ChevronRight, Eye, Plus, Trash2 } from 'lucide';
import type { Engine } from '../engine/engine.js';
import type { StoryPageView } from '../published/story-state.js';
import { button, emptyState } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { renderMarkdown } from '../ui/markdown.js';
import { dragHandle, moveItem } from '../ui/sortable.js';
import type { EditorState } from './editor-state.js';
import { storyPreview } from './story-preview.js';
import { blockList } from './block-list.js';
import { toastUndo } from '../ui/toast.js';
import { t } from '../ui/i18n.js';

const pagesOf = (state: EditorState) => state.scene.story.pages as StoryPageView[];

/** A new page id that no page has. */
function newPageId(pages: StoryPageView[]): string {
  let n = pages.length + 1;
  while (pages.some((p) => p.id === `page-${n}`)) n += 1;
  return `page-${n}`;
}

/** The ticks of one page's layers: off means the page leaves the layers as they are. */
function layerTicks(state: EditorState, page: StoryPageView, index: number): HTMLElement {
  const own = Array.isArray(page.layers);
  const change = (fn: (p: StoryPageView) => void) => state.update(() => fn(pagesOf(state)[index]!));
  const setsLayers = h('input', { type: 'checkbox', checked: own, 'data-testid': `story-sets-layers-${page.id}` });
  setsLayers.addEventListener('change', () =>
    change((p) => {
      if (setsLayers.checked) p.layers = state.scene.layers.filter((l) => l.visible).map((l) => l.id);
      else delete p.layers;
    }),
  );
  const ticks = state.scene.layers.map((layer) => {
    const tick = h('input', { type: 'checkbox', checked: own ? page.layers!.includes(layer.id) : layer.visible, disabled: !own, 'data-testid': `story-layer-${page.id}-${layer.id}` });
    tick.addEventListener('change', () =>
      change((p) => {
        const shown = new Set(p.layers ?? []);
        if (tick.checked) shown.add(layer.id);
        else shown.delete(layer.id);
        // Keep the scene's layer order.
        p.layers = state.scene.layers.map((l) => l.id).filter((id) => shown.has(id));
      }),
    );
    return h('label', { class: 'check' }, tick, h('span', {}, layer.title));
  });
  return h('fieldset', { class: 'story-layers' },
    h('legend', {}, h('label', { class: 'check' }, setsLayers, h('span', {}, t('story.setsLayers')))),
    ...(ticks.length ? ticks : [h('span', { class: 'hint' }, t('story.noLayers'))]),
  );
}

/** One page as a card: its title bar (order, title, open, remove) and, when open, its text with a live preview, view and layers. */
function pageCard(state: EditorState, engine: Engine, page: StoryPageView, index: number, count: number, open: boolean, toggle: () => void): HTMLElement {
  const card = h('li', { class: 'card story-card', 'data-page': page.id });
  const update = (fn: (p: StoryPageView) => void) => state.update(() => fn(pagesOf(state)[index]!));
  const title = h('input', { class: 'input', value: page.title, 'aria-label': t('story.titleOf', { n: index + 1 }), 'data-testid': `story-title-${page.id}` });
  title.addEventListener('change', () => update((p) => (p.title = title.value.trim() || t('story.untitled'))));
  const preview = h('div', { class: 'markdown story-md-preview', 'data-testid': `story-preview-${page.id}`, 'aria-live': 'polite' });
  renderMarkdown(preview, page.text);
  const textId = `story-text-${page.id}`;
  const text = h('textarea', { class: 'textarea', id: textId, rows: 5, 'data-testid': `story-text-${page.id}` });
  text.value = page.text;
  // The preview follows each keystroke; the scene is saved when the text area is left.
  text.addEventListener('input', () => renderMarkdown(preview, text.value));
  text.addEventListener('change', () => update((p) => (p.text = text.value)));
  const handle = dragHandle({
    element: card,
    index,
    count,
    key: page.id,
    label: t('story.move', { title: page.title }),
    testid: `story-handle-${page.id}`,
    reorder: (from, to) => state.update((s) => moveItem(s.story.pages, from, to)),
  });
  const bodyId = `story-body-${page.id}`;
  const expand = button({ label: open ? t('story.close', { title: page.title }) : t('story.edit', { title: page.title }), icon: open ? ChevronDown : ChevronRight, iconOnly: true, variant: 'ghost', testid: `story-expand-${page.id}`, onClick: toggle });
  expand.setAttribute('aria-expanded', String(open));
  expand.setAttribute('aria-controls', bodyId);
  const body = h('div', { class: 'story-card-body', id: bodyId, hidden: !open });
  card.append(
    h('div', { class: 'card-head' }, handle, h('span', { class: 'badge' }, String(index + 1)), title, expand,
      button({ label: t('story.remove', { title: page.title }), icon: Trash2, iconOnly: true, variant: 'ghost', testid: `story-remove-${page.id}`, onClick: () => {
        const removed = pagesOf(state)[index]!;
        state.update((s) => s.story.pages.splice(index, 1));
        toastUndo(t('story.removed', { title: removed.title }), () => state.update((s) => s.story.pages.splice(Math.min(index, s.story.pages.length), 0, removed)));
      } }),
    ),
    body,
  );
  body.append(
    h('label', { class: 'field-label', for: textId }, t('story.text')),
    text,
    h('div', { class: 'hint' }, t('story.preview')),
    preview,
    h('div', { class: 'row' },
      button({ label: t('story.show'), icon: Eye, testid: `story-show-${page.id}`, onClick: () => void engine.flyTo(page.camera) }),
      button({ label: t('story.useView'), icon: Camera, testid: `story-use-view-${page.id}`, onClick: () => update((p) => (p.camera = engine.getCamera())) }),
    ),
    layerTicks(state, page, index),
  );
  const blocks = blockList({
    kind: 'story',
    blocks: () => page.blocks ?? [],
    change: (fn) =>
      update((p) => {
        fn((p.blocks ??= []));
        if (p.blocks.length === 0) delete p.blocks;
      }),
    plugins: () => state.plugins,
    testid: `story-blocks-${page.id}`,
  });
  blocks.render();
  body.append(blocks.element);
  return card;
}

/** Story tab: pages as cards (reordered by dragging or the keyboard), added from the current view, previewed in place. */
export function storyPanel(state: EditorState, engine: Engine): HTMLElement {
  const list = h('ol', { class: 'story-cards', 'data-testid': 'story-pages' });
  // Cards are closed to their title bar unless opened, so the list stays short enough to reorder.
  const open = new Set<string>();
  const toggle = (id: string) => {
    if (!open.delete(id)) open.add(id);
    shown = '';
    render();
  };
  const add = button({
    label: t('story.add'),
    icon: Plus,
    variant: 'primary',
    testid: 'story-add',
    onClick: () =>
      state.update((s) => {
        const id = newPageId(pagesOf(state));
        open.add(id);
        s.story.pages.push({ id, title: t('story.pageN', { n: s.story.pages.length + 1 }), text: '', camera: engine.getCamera() });
      }),
  });
  const previewButton = button({ label: t('story.previewStory'), icon: BookOpen, testid: 'story-preview', onClick: () => storyPreview(state, engine) });
  // Re-render only when the story or the layer list changed: a save status must not take the caret away.
  let shown = '';
  function render(): void {
    const signature = JSON.stringify([state.scene.story.pages, state.scene.layers.map((l) => [l.id, l.title, l.visible])]);
    if (signature === shown) return;
    shown = signature;
    const pages = pagesOf(state);
    previewButton.disabled = pages.length === 0;
    list.replaceChildren(...pages.map((page, i) => pageCard(state, engine, page, i, pages.length, open.has(page.id), () => toggle(page.id))));
    if (pages.length === 0) list.replaceChildren(h('li', {}, emptyState(BookOpen, t('story.none'), t('story.noneHint'))));
  }
  state.onChange(render);
  render();
  return h('div', { class: 'panel', 'data-testid': 'story-panel' }, h('h2', {}, t('tabs.story')), h('div', { class: 'row' }, add, previewButton), list);
}
