import { h } from 'preact';
import { t } from '../../ui/i18n.js';
import type { EditorState } from './editor-state.js';
import type { Peer, PresenceUser, Selection } from './live-scene.js';

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
function Badge({ peer, label }: { peer: Peer; label: string }) {
  return h('span', { class: 'peer', title: label, role: 'img', 'aria-label': label, style: { '--peer-color': peer.user.color } }, initialOf(peer.user.name));
}

/** The header's list of the other people editing the project now (one badge per person, not per tab). */
export function PresenceBar({ state }: { state: EditorState }) {
  const people = [...new Map(state.peers.value.map((peer) => [peer.user.id, peer])).values()];
  return h(
    'div',
    { class: 'presence', 'data-testid': 'presence', role: 'group', 'aria-label': t('presence.group'), hidden: people.length === 0 },
    people.map((peer) => h(Badge, { key: peer.user.id, peer, label: t('presence.editing', { name: peer.user.name }) })),
  );
}

/** The people whose selection is the layer `layerId`, as badges on its row (nothing when none). */
export function LayerPeers({ state, layerId }: { state: EditorState; layerId: string }) {
  return h(Peers, { state, kind: 'layer', id: layerId, label: (name) => t('presence.onLayer', { name }) });
}

/** The people whose selection is the story page `pageId`, as badges on its card (nothing when none). */
export function PagePeers({ state, pageId }: { state: EditorState; pageId: string }) {
  return h(Peers, { state, kind: 'page', id: pageId, label: (name) => t('presence.onPage', { name }) });
}

function Peers({ state, kind, id, label }: { state: EditorState; kind: keyof Selection; id: string; label: (name: string) => string }) {
  const here = state.peers.value.filter((peer) => peer.selection?.[kind] === id);
  if (here.length === 0) return null;
  return h(
    'span',
    { class: 'peers', 'data-testid': `${kind}-peers-${id}` },
    here.map((peer) => h(Badge, { key: peer.clientId, peer, label: label(peer.user.name) })),
  );
}

/**
 * A list's `onFocusIn`: focus entering one of its rows (`li[data-layer]` or `li[data-page]`) tells
 * the others which layer or story page this editor is on (docs/collaboration.md, "Presence").
 */
export const selectsOnFocus = (state: EditorState, kind: keyof Selection) => (event: FocusEvent) => {
  const row = (event.target as HTMLElement).closest<HTMLElement>(`li[data-${kind}]`);
  const id = row?.dataset[kind];
  if (id) state.select({ [kind]: id });
};
