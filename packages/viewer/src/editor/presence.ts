import { h } from '../ui/dom.js';
import { t } from '../ui/i18n.js';
import type { EditorState } from './editor-state.js';
import type { Peer, PresenceUser } from './live-scene.js';

/** Colours for people on a project: distinct, each with white text at a contrast of at least 4.5 (docs/collaboration.md, "Presence"). */
const PEER_COLORS = ['#c0392b', '#1f6fc5', '#1e7e46', '#9b3f86', '#a15c00', '#4a52b8', '#0f7473', '#7a5c2e'];

/** The same colour for the same person in every tab and on every machine. */
export function colorOf(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return PEER_COLORS[hash % PEER_COLORS.length]!;
}

/** Who this editor is to the others: a signed-in user by name, or the operator's admin token. */
export function presenceUser(user: { id: string; name: string; email: string } | null): PresenceUser {
  if (!user) return { id: 'admin', name: t('presence.operator'), color: colorOf('admin') };
  return { id: user.id, name: user.name || user.email, color: colorOf(user.id) };
}

const initialOf = (name: string) => (name.trim()[0] ?? '?').toUpperCase();

/** A round badge with a person's initial, in their colour, named for screen readers and on hover. */
function badge(peer: Peer, label: string): HTMLElement {
  const element = h('span', { class: 'peer', title: label, role: 'img', 'aria-label': label }, initialOf(peer.user.name));
  element.style.setProperty('--peer-color', peer.user.color);
  return element;
}

/** The header's list of the other people editing the project now (one badge per person, not per tab). */
export function presenceBar(state: EditorState): HTMLElement {
  const list = h('div', { class: 'presence', 'data-testid': 'presence', role: 'group', 'aria-label': t('presence.group') });
  const render = () => {
    const people = new Map(state.peers.map((peer) => [peer.user.id, peer]));
    list.replaceChildren(...[...people.values()].map((peer) => badge(peer, t('presence.editing', { name: peer.user.name }))));
    list.hidden = people.size === 0;
  };
  state.onPeers(render);
  render();
  return list;
}

/**
 * Marks each layer row (`li[data-layer]`) with the people whose selection it is, and tells the
 * others which layer this editor is on when focus enters a row.
 */
export function followLayerRows(list: HTMLElement, state: EditorState): () => void {
  list.addEventListener('focusin', (event) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('li[data-layer]');
    if (row) state.select(row.dataset.layer);
  });
  const mark = () => {
    for (const row of list.querySelectorAll<HTMLElement>('li[data-layer]')) {
      const here = state.peers.filter((peer) => peer.selection === row.dataset.layer);
      let place = row.querySelector<HTMLElement>(':scope > .peers');
      if (here.length === 0) {
        place?.remove();
        continue;
      }
      if (!place) row.append((place = h('span', { class: 'peers', 'data-testid': `layer-peers-${row.dataset.layer}` })));
      place.replaceChildren(...here.map((peer) => badge(peer, t('presence.onLayer', { name: peer.user.name }))));
    }
  };
  state.onPeers(mark);
  return mark;
}
