import './globe-tool-panel.css';
import { X } from 'lucide';
import { button } from '../controls.js';
import { h } from '../dom.js';
import type { IconNode } from '../icon.js';
import { t } from '../i18n.js';

/** Keys typed into a field are the field's, not a globe tool's. */
export const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** What {@link createGlobeToolPanel} takes. */
export interface GlobeToolPanelOptions<K extends string> {
  /** The stem of the test ids: `${name}-button`, `${name}-panel`, `${name}-close`, `${name}-${kind}`. */
  name: string;
  /** The toggle's label and the panel's accessible name. */
  title: string;
  icon: IconNode;
  kinds: readonly K[];
  kindLabel: (kind: K) => string;
  /** A kind's button was clicked. */
  onKind: (kind: K) => void;
  /** The panel was opened or closed (by its toggle, its close button or `setOpen`). */
  onOpen: (open: boolean) => void;
  /** A key pressed outside a field while the panel is open: whether the tool took it (then its default is prevented). */
  onKey: (key: string) => boolean;
  /** What the panel shows below its kinds. */
  body: HTMLElement[];
  /** A class of this tool's own, on its element and its panel (for its styles). */
  className?: string;
}

/** The tool's button and panel, and what its control needs of them. */
export interface GlobeToolPanel<K extends string> {
  /** The toggle and the panel, to place on the page. */
  element: HTMLElement;
  readonly open: boolean;
  setOpen(open: boolean): void;
  /** Shows `kind`'s button as the chosen one (none with undefined). */
  press(kind: K | undefined): void;
}

/**
 * A globe tool's button and panel (docs/viewer.md, "Measuring"; docs/editor.md, "Drawing"): an
 * icon button that opens and closes a small panel of the tool's kinds, a close button, and the
 * tool's own content below. The measure tool and the editor's drawing tool are both built on it.
 */
export function createGlobeToolPanel<K extends string>(options: GlobeToolPanelOptions<K>): GlobeToolPanel<K> {
  const { name } = options;
  const kinds = options.kinds.map((kind) => {
    const b = button({ label: options.kindLabel(kind), testid: `${name}-${kind}`, onClick: () => options.onKind(kind) });
    b.setAttribute('aria-pressed', 'false');
    return [kind, b] as const;
  });
  const close = button({ label: t('common.close'), icon: X, iconOnly: true, variant: 'ghost', testid: `${name}-close`, onClick: () => setOpen(false) });
  const extra = options.className ? ` ${options.className}-panel` : '';
  const panel = h(
    'div',
    { class: `orbis-measure-panel${extra}`, role: 'group', 'aria-label': options.title, 'data-testid': `${name}-panel`, hidden: true },
    h('div', { class: 'orbis-measure-kinds' }, ...kinds.map(([, b]) => b), close),
    ...options.body,
  );
  const toggle = button({ label: options.title, icon: options.icon, iconOnly: true, testid: `${name}-button`, onClick: () => setOpen(panel.hidden !== false) });
  toggle.classList.add('orbis-measure-toggle');
  toggle.setAttribute('aria-expanded', 'false');
  // The page's keys are the tool's only while its panel is open: listened to from open to close.
  const onKeyDown = (event: KeyboardEvent) => {
    if (!typing(event.target) && options.onKey(event.key)) event.preventDefault();
  };
  function setOpen(open: boolean): void {
    if (open !== (panel.hidden === false)) {
      if (open) document.addEventListener('keydown', onKeyDown);
      else document.removeEventListener('keydown', onKeyDown);
    }
    panel.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    options.onOpen(open);
  }
  return {
    element: h('div', { class: `orbis-measure${options.className ? ` ${options.className}` : ''}` }, toggle, panel),
    get open() {
      return panel.hidden === false;
    },
    setOpen,
    press: (kind) => {
      for (const [k, b] of kinds) b.setAttribute('aria-pressed', String(k === kind));
    },
  };
}
