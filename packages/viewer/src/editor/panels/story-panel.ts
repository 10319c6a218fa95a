import { BookOpen, Camera, ChevronDown, ChevronRight, Eye, Plus, Trash2 } from 'lucide';
import { h } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Engine } from '../../engine/engine.js';
import type { StoryPageView } from '../../published/story-state.js';
import { Button } from '../../ui/button.js';
import { EmptyState } from '../../ui/empty-state.js';
import { Icon } from '../../ui/lucide-icon.js';
import { renderMarkdown } from '../../ui/markdown.js';
import { moveItem } from '../../ui/sortable.js';
import { useSortableRow } from '../../ui/sortable-row.js';
import { TextField, useDraft } from '../../ui/text-field.js';
import { toastUndo } from '../../ui/toast.js';
import type { EditorState } from '../state/editor-state.js';
import { openStoryPreview } from '../parts/story-preview.js';
import { BlockList } from '../parts/block-list.js';
import { changePage, StoryPageLayers } from '../parts/story-page-layers.js';
import { PagePeers, selectsOnFocus } from '../state/presence.js';
import { useEditorState } from '../state/use-editor-state.js';
import { t } from '../../ui/i18n.js';

const pagesOf = (state: EditorState) => state.scene.story.pages as StoryPageView[];

/** A new page id that no page has. */
export function newPageId(pages: { id: string }[]): string {
  let n = pages.length + 1;
  while (pages.some((p) => p.id === `page-${n}`)) n += 1;
  return `page-${n}`;
}

interface Props {
  state: EditorState;
  engine: Engine;
}

/** Story tab: pages as cards (reordered by dragging or the keyboard), added from the current view, previewed in place. */
export function StoryPanel({ state, engine }: Props) {
  useEditorState(state);
  // Cards are closed to their title bar unless opened, so the list stays short enough to reorder.
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) => setOpen((was) => new Set(was.has(id) ? [...was].filter((o) => o !== id) : [...was, id]));
  const pages = pagesOf(state);
  const add = () => {
    const id = newPageId(pagesOf(state));
    setOpen((was) => new Set([...was, id]));
    state.update((s) => s.story.pages.push({ id, title: t('story.pageN', { n: s.story.pages.length + 1 }), text: '', camera: engine.getCamera() }));
  };
  return h(
    'div',
    { class: 'panel', 'data-testid': 'story-panel' },
    h('h2', {}, t('tabs.story')),
    h(
      'div',
      { class: 'row' },
      h(Button, { label: t('story.add'), icon: Plus, variant: 'primary', testid: 'story-add', onClick: add }),
      h(Button, {
        label: t('story.previewStory'),
        icon: BookOpen,
        testid: 'story-preview',
        disabled: pages.length === 0,
        onClick: () => openStoryPreview(state, engine),
      }),
    ),
    h(
      'ol',
      {
        class: 'story-cards',
        'data-testid': 'story-pages',
        onFocusIn: selectsOnFocus(state, 'page'),
      },
      pages.length === 0
        ? h('li', {}, h(EmptyState, { icon: BookOpen, title: t('story.none'), hint: t('story.noneHint') }))
        : pages.map((page, index) =>
            h(PageCard, { key: page.id, state, engine, page, index, count: pages.length, open: open.has(page.id), toggle: () => toggle(page.id) }),
          ),
    ),
  );
}

interface CardProps extends Props {
  page: StoryPageView;
  index: number;
  count: number;
  open: boolean;
  toggle: () => void;
}

/** One page as a card: its title bar (order, title, who is on it, open, remove) and, when open, its text with a live preview, view, layers and blocks. */
function PageCard({ state, engine, page, index, count, open, toggle }: CardProps) {
  // A component with hooks draws again only when its props or a signal it reads change: the page is changed in place.
  useEditorState(state);
  const update = changePage(state, page.id);
  const { rowProps, handle } = useSortableRow({
    index,
    count,
    key: page.id,
    label: t('story.move', { title: page.title }),
    testid: `story-handle-${page.id}`,
    reorder: (from, to) => state.update((s) => moveItem(s.story.pages, from, to)),
  });
  const remove = () => {
    const at = pagesOf(state).findIndex((p) => p.id === page.id);
    if (at < 0) return;
    const removed = pagesOf(state)[at]!;
    state.update((s) => s.story.pages.splice(at, 1));
    toastUndo(t('story.removed', { title: removed.title }), () => state.update((s) => s.story.pages.splice(Math.min(at, s.story.pages.length), 0, removed)));
  };
  const bodyId = `story-body-${page.id}`;
  const label = open ? t('story.close', { title: page.title }) : t('story.edit', { title: page.title });
  return h(
    'li',
    { 'data-page': page.id, ...rowProps, class: ['card story-card', rowProps.class].filter(Boolean).join(' ') },
    h(
      'div',
      { class: 'card-head' },
      handle,
      h('span', { class: 'badge' }, String(index + 1)),
      h(TextField, {
        class: 'input',
        value: page.title,
        'aria-label': t('story.titleOf', { n: index + 1 }),
        'data-testid': `story-title-${page.id}`,
        onCommit: (title) => update((p) => (p.title = title.trim() || t('story.untitled'))),
      }),
      h(PagePeers, { state, pageId: page.id }),
      h(
        'button',
        {
          type: 'button',
          class: 'btn btn-ghost btn-icon',
          'aria-label': label,
          title: label,
          'data-testid': `story-expand-${page.id}`,
          'aria-expanded': String(open),
          'aria-controls': bodyId,
          onClick: toggle,
        },
        h(Icon, { node: open ? ChevronDown : ChevronRight }),
      ),
      h(Button, {
        label: t('story.remove', { title: page.title }),
        icon: Trash2,
        iconOnly: true,
        variant: 'ghost',
        testid: `story-remove-${page.id}`,
        onClick: remove,
      }),
    ),
    h('div', { class: 'story-card-body', id: bodyId, hidden: !open }, h(PageBody, { state, engine, page })),
  );
}

/** An open card: the page's text with its preview, its view, its layers and its blocks. */
function PageBody({ state, engine, page }: Props & { page: StoryPageView }) {
  useEditorState(state);
  const update = changePage(state, page.id);
  // The preview follows each keystroke; the scene is changed when the text area is left.
  const text = useDraft({ value: page.text, onCommit: (typed) => update((p) => (p.text = typed)) });
  const textId = `story-text-${page.id}`;
  return [
    h('label', { class: 'field-label', for: textId }, t('story.text')),
    h('textarea', { class: 'textarea', id: textId, rows: 5, 'data-testid': textId, ...text }),
    h('div', { class: 'hint' }, t('story.preview')),
    h(Markdown, { text: text.value, testid: `story-preview-${page.id}` }),
    h(
      'div',
      { class: 'row' },
      h(Button, { label: t('story.show'), icon: Eye, testid: `story-show-${page.id}`, onClick: () => void engine.flyTo(page.camera) }),
      h(Button, {
        label: t('story.useView'),
        icon: Camera,
        testid: `story-use-view-${page.id}`,
        onClick: () => update((p) => (p.camera = engine.getCamera())),
      }),
    ),
    h(StoryPageLayers, { state, page }),
    h(BlockList, {
      kind: 'story',
      blocks: page.blocks ?? [],
      change: (fn) =>
        update((p) => {
          fn((p.blocks ??= []));
          if (p.blocks.length === 0) delete p.blocks;
        }),
      plugins: state.plugins,
      testid: `story-blocks-${page.id}`,
    }),
  ];
}

/** Markdown drawn as the published page draws it (ui/markdown.ts sanitises it). */
function Markdown({ text, testid }: { text: string; testid: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => renderMarkdown(ref.current!, text), [text]);
  return h('div', { class: 'markdown story-md-preview', 'data-testid': testid, 'aria-live': 'polite', ref });
}
