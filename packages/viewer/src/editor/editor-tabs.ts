import { BookOpen, Database, Map as MapIcon, Puzzle, Send, Users, type IconNode } from 'lucide';
import { h } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { Icon } from '../ui/lucide-icon.js';
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

interface Props {
  /** The element that scrolls: each tab keeps where it was scrolled. */
  scroller: HTMLElement;
  /** Each tab's panel, built the first time it shows. */
  panels: Record<Tab, () => HTMLElement>;
  onShow: (tab: Tab) => void;
}

/**
 * The tab row and the panel below it, as one page (docs/contract.md §14): a click on a tab shows its panel
 * without loading a page, so the globe, its camera and the running plugins stay; the address's
 * `?tab=` follows, and back and forward go through the tabs seen. Each panel is built the first
 * time it shows and kept, with what was typed in it and where it was scrolled. A click with a
 * modifier key still opens the tab in a new browser tab.
 */
export function EditorTabs({ scroller, panels, onShow }: Props) {
  const [tab, setTab] = useState<Tab>(() => tabOf(location.search));
  const built = useRef(new Map<Tab, HTMLElement>());
  const scrolled = useRef(new Map<Tab, number>());
  const slot = useRef<HTMLDivElement>(null);
  const show = (next: Tab) => {
    scrolled.current.set(tab, scroller.scrollTop);
    setTab(next);
  };
  useEffect(() => {
    const back = () => show(tabOf(location.search));
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  });
  useLayoutEffect(() => {
    let panel = built.current.get(tab);
    if (!panel) {
      panel = panels[tab]();
      built.current.set(tab, panel);
    }
    slot.current!.replaceChildren(panel);
    scroller.scrollTop = scrolled.current.get(tab) ?? 0;
    onShow(tab);
  }, [tab]);
  const open = (event: MouseEvent, next: Tab) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (next === tab) return;
    const url = new URL(location.href);
    url.searchParams.set('tab', next);
    history.pushState(null, '', url);
    show(next);
  };
  return [
    h(
      'nav',
      { 'aria-label': t('tabs.label'), class: 'tabs' },
      TABS.map((name) =>
        h(
          'a',
          {
            key: name,
            href: `?tab=${name}`,
            'data-testid': `tab-${name}`,
            class: name === tab ? 'active' : undefined,
            'aria-current': name === tab ? 'page' : undefined,
            onClick: (e: MouseEvent) => open(e, name),
          },
          h(Icon, { node: TAB_ICONS[name] }),
          t(`tabs.${name}`),
        ),
      ),
    ),
    h('div', { class: 'tab-panel', 'data-testid': 'tab-panel', ref: slot }),
  ];
}
