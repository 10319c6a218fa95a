import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import type { Scene } from '@orbis/scene';
import { readScene, writeScene } from '@orbis/scene/live';
import { WebSocket } from 'ws';
import * as Y from 'yjs';

/** An editor's end of a project's live scene, as the editor's own provider opens it, in Node. */
export interface LiveClient {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** Resolves once the first sync is done (rejects when authentication fails). */
  synced: Promise<void>;
  /** Changes the scene as the editor does: only what differs is written. */
  edit(change: (scene: Scene) => void): void;
  scene(): Scene;
  /** Resolves once every change sent has been acknowledged (stored) by the server; rejects, saying how many are not, after a minute. */
  settled(): Promise<void>;
  close(): void;
}

/** How long `settled` waits for the server's acknowledgements: a stuck count fails with its number, not the test's timeout. */
const SETTLE_MS = 60_000;

/** Opens a project's live scene with a token (sent as the first message), or with headers (a cookie, an origin). */
export function liveClient(baseUrl: string, alias: string, options: { token?: string; headers?: Record<string, string>; doc?: Y.Doc }): LiveClient {
  // An existing document reconnects with what it changed while it was away.
  const doc = options.doc ?? new Y.Doc();
  const url = `${baseUrl.replace(/^http/, 'ws')}/api/projects/${encodeURIComponent(alias)}/live`;
  // `ws` takes headers (a cookie, an origin), which a browser's WebSocket sets itself.
  const Polyfill = class extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: options.headers ?? {} });
      // A socket closed while it connects (the test hangs up at once) reports an error: the provider retries or was destroyed.
      this.on('error', () => undefined);
    }
  };
  const websocketProvider = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: Polyfill });
  let done: { resolve: () => void; reject: (reason: Error) => void } | undefined;
  const synced = new Promise<void>((resolve, reject) => (done = { resolve, reject }));
  const provider = new HocuspocusProvider({
    websocketProvider,
    name: alias,
    document: doc,
    token: options.token ?? '',
    onSynced: () => done!.resolve(),
    onAuthenticationFailed: ({ reason }) => done!.reject(new Error(`authentication failed: ${reason}`)),
  });
  provider.attach();
  return {
    doc,
    provider,
    synced,
    edit: (change) => editScene(doc, change),
    scene: () => readScene(doc)!,
    async settled() {
      const deadline = Date.now() + SETTLE_MS;
      while (provider.hasUnsyncedChanges) {
        if (Date.now() > deadline) throw new Error(`${provider.unsyncedChanges} change(s) still unacknowledged after ${SETTLE_MS / 1000} s`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close() {
      provider.destroy();
      websocketProvider.destroy();
    },
  };
}

/** Changes a document's scene as the editor does: only what differs is written. */
export function editScene(doc: Y.Doc, change: (scene: Scene) => void): void {
  const scene = structuredClone(readScene(doc)!);
  change(scene);
  writeScene(doc, scene);
}
