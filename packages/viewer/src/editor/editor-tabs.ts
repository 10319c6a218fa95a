import { BookOpen, Database, Map as MapIcon, Puzzle, Send, Users, type IconNode } from 'lucide';
import { h } from '../ui/dom.js';
import { icon } from '../ui/icon.js';
import { t } from '../ui/i18n.js';

/** The editor's tabs, in the order the tab row shows them (docs/contract.md §14). */
export const TABS = ['map', 'content', 'story', 'widgets', 'publish', 'members'] as const;
export type Tab = (typeof TABS)[number];
const TAB_ICONS: Record<Tab, IconNode> = { map: MapIcon, content: Database, story: BookOpen, widgets: Puzzle, publish: Send, members: Users };

/** The tab an address names in `?tab=`; the Map tab when it names none (or an unknown one). */
export function tabOf(search: string): Tab {
  const wanted = new URLSearchParams(search).get('tab');
  return TABS.includes(wanted as Tab) ? (wanted as Tab) : 'map';
}

/**
 * The tab row and the panel below it, as one page (docs/contract.md §14): a click on a tab shows its panel
 * without loading a page, so the globe, its camera and the running plugins stay; the address's
 * `?tab=` follows, and back and forward go through the tabs seen. Each panel is built the first
 * time it shows and kept, with what was typed in it and where it was scrolled (`scroller` is the
 * element that scrolls). A click with a modifier key still opens the tab in a new browser tab.
 */
export function editorTabs(scroller: HTMLElement, panels: Record<Tab, () => HTMLElement>, onShow: (tab: Tab) => void): { nav: HTMLElement; slot: HTMLElement } {
  const built = new Map<Tab, HTMLElement>();
  const scrolled = new Map<Tab, number>();
  const slot = h('div', { class: 'tab-panel', 'data-testid': 'tab-panel' });
  let current: Tab | undefined;
  const links = TABS.map((tab) => {
    const link = h('a', { href: `?tab=${tab}`, 'data-testid': `tab-${tab}` }, icon(TAB_ICONS[tab]), t(`tabs.${tab}`));
    link.addEventListener('click', (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      if (tab === current) return;
      const url = new URL(location.href);
      url.searchParams.set('tab', tab);
      history.pushState(null, '', url);
      show(tab);
    });
    return link;
  });
  function show(tab: Tab): void {
    if (current) scrolled.set(current, scroller.scrollTop);
    current = tab;
    let panel = built.get(tab);
    if (!panel) {
      panel = panels[tab]();
      built.set(tab, panel);
    }
    slot.replaceChildren(panel);
    links.forEach((link, i) => {
      const on = TABS[i] === tab;
      link.classList.toggle('active', on);
      if (on) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    });
    scroller.scrollTop = scrolled.get(tab) ?? 0;
    onShow(tab);
  }
  addEventListener('popstate', () => show(tabOf(location.search)));
  show(tabOf(location.search));
  return { nav: h('nav', { 'aria-label': t('tabs.label'), class: 'tabs' }, ...links), slot };
}
