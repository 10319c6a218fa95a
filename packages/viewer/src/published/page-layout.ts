import { h } from '../ui/dom.js';
import { t } from '../ui/i18n.js';

/** The published page's regions, made before the globe so that it starts at its final size. */
export interface PageLayout {
  /** Holds the globe (`#viewer`) and what floats over it. */
  globe: HTMLElement;
  /** The side column (desktop) or bottom sheet (phone) that holds the story; absent without one. */
  side: HTMLElement | undefined;
  /** Reserved regions over the globe for the feature infobox (right) and the legend (bottom right). */
  slots: { infobox: HTMLElement; legend: HTMLElement };
}

/**
 * Lays out the published page: the project's name (with the language switch, when the scene offers one), and with a story a side column beside the
 * globe (a bottom sheet on a narrow screen, see published.css). Plugin widgets keep the globe's
 * four corners; the infobox and legend slots sit inside the globe area, clear of the story.
 */
export function createPageLayout(projectName: string, hasStory: boolean, languageSwitch?: HTMLElement): PageLayout {
  const viewer = document.getElementById('viewer')!;
  const globe = viewer.parentElement!;
  const name = h('h1', { class: 'project-name', 'data-testid': 'project-name' }, projectName);
  const slots = {
    infobox: h('div', { class: 'slot slot-infobox', 'data-slot': 'infobox' }),
    legend: h('div', { class: 'slot slot-legend', 'data-slot': 'legend' }),
  };
  globe.append(slots.infobox, slots.legend);
  let side: HTMLElement | undefined;
  if (hasStory) {
    document.body.classList.add('has-story');
    side = h('aside', { class: 'side', 'aria-label': t('tabs.story') }, h('header', { class: 'side-header' }, name, languageSwitch));
    document.body.prepend(side);
    followSheetHeight(side);
  } else {
    globe.append(h('header', { class: 'name-chip' }, name, languageSwitch));
  }
  return { globe, side, slots };
}

/**
 * Keeps `--sheet` on the body at the story panel's height: on a phone the panel is a bottom sheet
 * over the globe, and what sits at the globe's bottom (CesiumJS's credit line, the timeline bar,
 * the legend, bottom widgets) moves up with it as it grows, shrinks or folds (published.css).
 */
function followSheetHeight(side: HTMLElement): void {
  const set = () => document.body.style.setProperty('--sheet', `${Math.ceil(side.getBoundingClientRect().height)}px`);
  set();
  new ResizeObserver(set).observe(side);
}

/**
 * Reports how much of the globe's bottom the story panel covers: on a phone or a small window the
 * bottom sheet (its height as it grows, shrinks or folds), beside the globe on a wide window
 * nothing. The engine places the story's views in the middle of the rest (docs/viewer.md).
 */
export function followCoveredBottom(side: HTMLElement, globe: HTMLElement, report: (pixels: number) => void): void {
  const measure = () => {
    const sheet = side.getBoundingClientRect();
    const area = globe.getBoundingClientRect();
    const across = Math.min(sheet.right, area.right) - Math.max(sheet.left, area.left) > 0;
    report(across ? Math.max(0, Math.ceil(area.bottom - Math.max(sheet.top, area.top))) : 0);
  };
  measure();
  const observer = new ResizeObserver(measure);
  observer.observe(side);
  observer.observe(globe);
}
