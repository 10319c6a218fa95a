import { ArrowLeft } from 'lucide';
import { Fragment, h } from 'preact';
import type { Signal } from '@preact/signals';
import type { Role } from '@orbis/scene/roles';
import { Icon } from '../ui/lucide-icon.js';
import { t } from '../ui/i18n.js';
import { AccountBar } from './parts/account-bar.js';
import type { EditorState } from './state/editor-state.js';
import { EditorTabs, type Tab } from './editor-tabs.js';
import { PresenceBar } from './state/presence.js';
import { SaveStatusLine } from './parts/save-status-line.js';
import type { Me } from './api/session-api.js';

/** One line of the plugin console: what a plugin logged, or what the editor says of the plugins. */
export interface ConsoleLine {
  level: string;
  text: string;
}

interface Props {
  state: EditorState;
  me: Me;
  role: Role;
  projectName: string;
  /** The sidebar, which scrolls: each tab keeps where it was scrolled. */
  scroller: HTMLElement;
  panels: Record<Tab, () => HTMLElement>;
  onShow: (tab: Tab) => void;
  console: Signal<ConsoleLine[]>;
}

/**
 * The editor's sidebar for one project: the header (the way back to the project list, the
 * project's name, who else is here, the save status), who is signed in, the tabs, and the plugin console.
 */
export function EditorPage({ state, me, role, projectName, scroller, panels, onShow, console }: Props) {
  return h(
    Fragment,
    {},
    h(
      'header',
      {},
      h(
        'a',
        { class: 'back-link', href: '/editor', title: t('projects.yours'), 'aria-label': t('projects.yours'), 'data-testid': 'back-to-projects' },
        h(Icon, { node: ArrowLeft }),
      ),
      h('strong', {}, projectName),
      h('span', { class: 'presence-slot' }, h(PresenceBar, { state })),
      h(SaveStatusLine, { state }),
    ),
    h(AccountBar, { me, role }),
    h(EditorTabs, { scroller, panels, onShow }),
    h(
      'details',
      { class: 'panel', open: true },
      h('summary', {}, t('plugins.console')),
      h(
        'ol',
        { class: 'console', 'data-testid': 'plugin-console' },
        console.value.map((line, i) => h('li', { key: i, class: line.level }, line.text)),
      ),
    ),
  );
}
