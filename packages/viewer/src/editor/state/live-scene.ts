import { HocuspocusProvider, HocuspocusProviderWebsocket, WebSocketStatus } from '@hocuspocus/provider';
import type * as Y from 'yjs';

/** Who an editor is to the others on the project (the awareness state's `user`, docs/collaboration.md, "Presence"). */
export interface PresenceUser {
  id: string;
  name: string;
  color: string;
}

/** What an editor has selected, for the others to see: a layer (its row in the Map tab) or a story page (its card). */
export interface Selection {
  layer?: string;
  page?: string;
}

/** Another editor of the project, as their awareness state says: who, and what they have selected. */
export interface Peer {
  clientId: number;
  user: PresenceUser;
  selection?: Selection;
}

/** How the live connection stands: `online` syncs; `offline` keeps changes in this tab until it is back. */
export type LiveConnection = 'online' | 'offline';

export interface LiveSceneEvents {
  /** The connection went down or came back; `merged` is true when it came back with changes made while away. */
  connection: (state: LiveConnection, merged: boolean) => void;
  /** How many changes the server has not acknowledged (stored) yet. */
  unsynced: (count: number) => void;
  peers: (peers: Peer[]) => void;
}

/** How long the editor waits for the first sync before it saves by `PUT /scene` instead (docs/collaboration.md). */
const FIRST_SYNC_MS = 8000;

/**
 * The editor's end of a project's live scene (`GET /api/projects/{p}/live`, docs/contract.md §15):
 * a Hocuspocus provider on `doc`, authenticated by the session cookie (same origin) or the
 * operator's admin token, with the editor's presence in its awareness.
 */
export class LiveScene {
  private connection: LiveConnection = 'online';
  private changedWhileAway = false;

  private constructor(
    readonly doc: Y.Doc,
    private readonly provider: HocuspocusProvider,
    private readonly socket: HocuspocusProviderWebsocket,
    private readonly events: Partial<LiveSceneEvents>,
  ) {}

  /**
   * Opens the live scene of `alias` into `doc` and resolves once the first sync is done; resolves
   * undefined when it cannot (refused, or no answer in time), and the editor saves by PUT.
   */
  static async open(alias: string, doc: Y.Doc, user: PresenceUser, events: Partial<LiveSceneEvents>, token?: string): Promise<LiveScene | undefined> {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/projects/${encodeURIComponent(alias)}/live`;
    const socket = new HocuspocusProviderWebsocket({ url });
    let live: LiveScene | undefined;
    const synced = new Promise<boolean>((resolve) => {
      const provider = new HocuspocusProvider({
        websocketProvider: socket,
        name: alias,
        document: doc,
        // The session cookie goes with the upgrade by itself; the operator's token is the first message.
        token: token ?? '',
        onSynced: () => resolve(true),
        onAuthenticationFailed: () => resolve(false),
        onStatus: ({ status }) => live?.statusChanged(status),
        onUnsyncedChanges: ({ number }) => live?.events.unsynced?.(number),
        onAwarenessChange: () => live?.peersChanged(),
      });
      live = new LiveScene(doc, provider, socket, events);
      provider.attach();
      provider.setAwarenessField('user', user);
      setTimeout(() => resolve(false), FIRST_SYNC_MS);
    });
    if (await synced) return live;
    live!.close();
    return undefined;
  }

  /** Whether every change made here has been acknowledged (stored) by the server. */
  get settled(): boolean {
    return !this.provider.hasUnsyncedChanges;
  }

  get online(): boolean {
    return this.connection === 'online';
  }

  /** Tells the others which layer or story page this editor is on (undefined: none). */
  select(selection: Selection | undefined): void {
    this.provider.setAwarenessField('selection', selection ?? null);
  }

  /** The other editors on the project now, one entry per browser tab. */
  peers(): Peer[] {
    const awareness = this.provider.awareness;
    if (!awareness) return [];
    const peers: Peer[] = [];
    for (const [clientId, state] of awareness.getStates()) {
      if (clientId === this.doc.clientID || !isUser(state.user)) continue;
      const selection = selectionOf(state.selection);
      peers.push({ clientId, user: state.user, ...(selection ? { selection } : {}) });
    }
    return peers;
  }

  /** Notes a local change: one made while offline is merged when the connection is back, and the editor says so. */
  changed(): void {
    if (this.connection === 'offline') this.changedWhileAway = true;
  }

  close(): void {
    this.provider.destroy();
    this.socket.destroy();
  }

  private statusChanged(status: WebSocketStatus): void {
    const next: LiveConnection = status === WebSocketStatus.Connected ? 'online' : 'offline';
    if (next === this.connection || (status === WebSocketStatus.Connecting && this.connection === 'online')) return;
    this.connection = next;
    const merged = next === 'online' && this.changedWhileAway;
    if (next === 'online') this.changedWhileAway = false;
    this.events.connection?.(next, merged);
    this.peersChanged();
  }

  private peersChanged(): void {
    this.events.peers?.(this.connection === 'online' ? this.peers() : []);
  }
}

function isUser(value: unknown): value is PresenceUser {
  const user = value as Partial<PresenceUser> | undefined;
  return typeof user?.id === 'string' && typeof user.name === 'string' && typeof user.color === 'string';
}

/** A peer's `selection` as this editor reads it: its string `layer` and `page`, nothing else. */
export function selectionOf(value: unknown): Selection | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { layer, page } = value as Record<string, unknown>;
  const selection: Selection = { ...(typeof layer === 'string' ? { layer } : {}), ...(typeof page === 'string' ? { page } : {}) };
  return selection.layer === undefined && selection.page === undefined ? undefined : selection;
}
