import { ChevronDown, ChevronLeft, ChevronRight, ChevronUp } from 'lucide';
import { button } from '../ui/controls.js';
import { h } from '../ui/dom.js';
import { icon } from '../ui/icon.js';
import type { StoryPageView } from './story-state.js';
import { type BlockPlaces, placeBlocks } from '../plugins/block-places.js';
import { formatNumber, t } from '../ui/i18n.js';

/** What the panel asks of the page around it. */
export interface StoryPanelOptions {
  pages: StoryPageView[];
  /** Called when the reader moves to another page (buttons, keys); the panel already shows it. */
  onPage: (index: number) => void;
  /** Renders a page's Markdown into an element (loaded lazily on the published page). */
  renderText: (element: HTMLElement, text: string) => void | Promise<void>;
  /** Where the shown page's plugin blocks run (docs/contract.md §8): told each page's blocks, and none once destroyed. */
  blocks?: BlockPlaces;
}

/** The story panel (docs/contract.md §9), its current page, and moving between pages. */
export interface StoryPanel {
  element: HTMLElement;
  readonly index: number;
  /** Shows a page without calling `onPage` (for moves that came from outside: the address, the editor). */
  show(index: number): void;
  /** Moves by `step` pages and calls `onPage` when the page changed. */
  move(step: number): void;
  destroy(): void;
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/**
 * Builds the story panel: the page's title and text, previous and next buttons, the page
 * number, and the arrow keys. On a narrow screen it is a bottom sheet (CSS) that folds to its
 * title bar with the toggle.
 */
export function createStoryPanel(options: StoryPanelOptions): StoryPanel {
  const { pages } = options;
  let index = 0;
  let renders = 0;
  const title = h('h2', { class: 'story-title', 'data-testid': 'story-title', id: 'story-title' });
  const text = h('div', { class: 'story-text markdown', 'data-testid': 'story-text' });
  const number = h('span', { class: 'story-number', 'data-testid': 'story-page-number', 'aria-live': 'polite' });
  const prev = button({ label: t('story.previousPage'), icon: ChevronLeft, iconOnly: true, testid: 'story-prev', onClick: () => move(-1) });
  const next = button({ label: t('story.nextPage'), icon: ChevronRight, iconOnly: true, testid: 'story-next', onClick: () => move(1) });
  const fold = h(
    'button',
    { type: 'button', class: 'btn btn-ghost btn-icon story-fold', 'aria-expanded': 'true', 'aria-label': t('story.fold'), 'aria-controls': 'story-body' },
    icon(ChevronDown),
  );
  // The page's plugin blocks, after its text.
  const blockList = h('div', { class: 'story-blocks', 'data-testid': 'story-blocks' });
  const body = h('div', { class: 'story-body', id: 'story-body' }, text, blockList);
  const element = h(
    'section',
    { class: 'story', 'data-testid': 'story', 'aria-labelledby': 'story-title' },
    h('div', { class: 'story-bar' }, title, fold),
    body,
    h('nav', { class: 'story-nav', 'aria-label': t('story.pages') }, prev, number, next),
  );
  fold.addEventListener('click', () => {
    const folded = element.classList.toggle('folded');
    fold.setAttribute('aria-expanded', String(!folded));
    fold.setAttribute('aria-label', folded ? t('story.unfold') : t('story.fold'));
    fold.replaceChildren(icon(folded ? ChevronUp : ChevronDown));
  });

  function show(i: number): void {
    index = Math.min(Math.max(i, 0), pages.length - 1);
    const page = pages[index]!;
    title.textContent = page.title;
    number.textContent = t('story.pageOf', { n: formatNumber(index + 1), count: formatNumber(pages.length) });
    prev.disabled = index === 0;
    next.disabled = index === pages.length - 1;
    element.dataset.page = String(index + 1);
    text.scrollTop = 0;
    options.blocks?.set('story', placeBlocks(`story-${page.id}`, page.blocks), blockList);
    // The renderer may load lazily: only the latest page's text may land, whatever order they finish in.
    const token = ++renders;
    const rendered = h('div');
    void Promise.resolve(options.renderText(rendered, page.text)).then(() => {
      if (token === renders) text.replaceChildren(...rendered.childNodes);
    });
  }
  function move(step: number): void {
    const target = Math.min(Math.max(index + step, 0), pages.length - 1);
    if (target === index) return;
    show(target);
    options.onPage(index);
  }
  const onKey = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
    if (event.key === 'ArrowRight' || event.key === 'PageDown') move(1);
    else if (event.key === 'ArrowLeft' || event.key === 'PageUp') move(-1);
    else return;
    event.preventDefault();
  };
  document.addEventListener('keydown', onKey);
  show(0);
  return {
    element,
    get index() {
      return index;
    },
    show,
    move,
    destroy: () => {
      document.removeEventListener('keydown', onKey);
      options.blocks?.set('story', [], blockList);
      element.remove();
    },
  };
}
