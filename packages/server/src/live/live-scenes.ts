import type { Extension, beforeSyncPayload, onAuthenticatePayload } from '@hocuspocus/server';
import { Redis } from '@hocuspocus/extension-redis';
import { defaultScene, type Scene } from '@orbis/scene';
import { readScene, seedUpdate, writeScene } from '@orbis/scene/live';
import * as Y from 'yjs';
import type { Project, Store } from '../store/store.js';
import { LiveHocuspocus } from './live-hocuspocus.js';
import { ProjectLocks } from './project-locks.js';

/** What a live connection was allowed (set by the `authenticate` hook): the project, and whether it may write. */
export interface LiveContext {
  projectId: string;
  /** Who, for the awareness check and the logs. */
  userId?: string;
}

/** Where the processes of one installation share their live documents (docs/scale-out.md). */
export interface LiveRedis {
  host: string;
  port: number;
}

export interface LiveScenesOptions {
  /** Decides who may open a project's document (docs/collaboration.md, "Who may edit"). */
  authenticate: (payload: onAuthenticatePayload) => Promise<LiveContext>;
  redis?: LiveRedis;
  /** Called with an error a background step met (storing the derived JSON, say), for the log. */
  onError?: (message: string, err: unknown) => void;
}

/** How many stored updates a document is loaded from before they are merged into one. */
const COMPACT_AT = 200;

/** How long a stop waits for the open documents to be stored (their JSON) and unloaded before it lets go of them. */
const SHUTDOWN_STORE_MS = 10_000;

/** y-protocols' sync message types that carry an update (SyncStep2 and Update). */
const CARRIES_UPDATE = new Set([1, 2]);

/**
 * Each project's scene as a live Yjs document, served by Hocuspocus (docs/collaboration.md): its
 * updates are stored before they are applied and acknowledged, REST writes are merged into it, and
 * reads come from it. With `redis`, every process of the installation shares the documents through
 * Hocuspocus's Redis extension.
 */
export class LiveScenes {
  readonly hocuspocus: LiveHocuspocus;
  private readonly locks = new ProjectLocks();

  constructor(
    private readonly store: Store,
    options: LiveScenesOptions,
  ) {
    const extensions: Extension[] = options.redis ? [new Redis({ host: options.redis.host, port: options.redis.port, prefix: 'orbis-live' })] : [];
    this.hocuspocus = new LiveHocuspocus({
      name: 'orbis',
      quiet: true,
      debounce: 1000,
      maxDebounce: 5000,
      extensions,
      onAuthenticate: (payload) => options.authenticate(payload),
      onLoadDocument: async ({ documentName, document }) => {
        const project = await this.projectNamed(documentName);
        Y.applyUpdate(document, await this.storedState(project));
      },
      beforeSync: (payload) => this.keep(payload),
      onStoreDocument: async ({ documentName, document }) => {
        try {
          await this.storeDerived(documentName, document);
        } catch (err) {
          options.onError?.(`could not store the scene of "${documentName}" as JSON`, err);
        }
      },
    });
  }

  /** The scene as it is now: the live document where this process has it open, else the stored updates. */
  async read(project: Project): Promise<Scene> {
    const open = this.hocuspocus.documents.get(project.alias);
    if (open && !open.isLoading) return readScene(open) ?? defaultScene();
    const doc = new Y.Doc();
    try {
      Y.applyUpdate(doc, await this.storedState(project));
      return readScene(doc) ?? defaultScene();
    } finally {
      doc.destroy();
    }
  }

  /**
   * Merges `scene` into the live document: only what differs is written, as one update, stored
   * before any editor sees it. `check` sees the scene as it is just before (it throws to refuse, as
   * an If-Match does). REST writes of one project are taken one at a time in this process.
   */
  async write(project: Project, scene: Scene, check?: (current: Scene) => void): Promise<Scene> {
    return this.locks.run(project.alias, async () => {
      const connection = await this.hocuspocus.openDirectConnection(project.alias, { projectId: project.id } satisfies LiveContext);
      try {
        const doc = connection.document!;
        check?.(readScene(doc) ?? defaultScene());
        const draft = new Y.Doc();
        Y.applyUpdate(draft, Y.encodeStateAsUpdate(doc));
        const before = Y.encodeStateVector(draft);
        writeScene(draft, scene);
        const update = Y.encodeStateAsUpdate(draft, before);
        draft.destroy();
        if (!Y.snapshotContainsUpdate(Y.snapshot(doc), update)) {
          await this.store.sceneLog.append(project.id, update);
          Y.applyUpdate(doc, update, { source: 'local' });
        }
        return readScene(doc) ?? defaultScene();
      } finally {
        await connection.disconnect();
      }
    });
  }

  /** Closes every connection of a project's document (the project is gone). */
  close(alias: string): void {
    this.hocuspocus.closeConnections(alias);
  }

  /**
   * Closes every connection and waits for each open document to be stored and unloaded (at most
   * SHUTDOWN_STORE_MS), while the store is still open: the caller cuts the sockets first.
   */
  async shutdown(): Promise<void> {
    this.hocuspocus.flushPendingStores();
    this.hocuspocus.closeConnections();
    await this.hocuspocus.drain(SHUTDOWN_STORE_MS);
    await Promise.all(
      this.hocuspocus.configuration.extensions.map((e) => (e as { onDestroy?: (p: unknown) => Promise<void> }).onDestroy?.({ instance: this.hocuspocus })),
    );
  }

  /** How many documents and connections this process holds (docs/collaboration.md, "Limits"). */
  stats(): { documents: number; connections: number } {
    return { documents: this.hocuspocus.getDocumentsCount(), connections: this.hocuspocus.getConnectionsCount() };
  }

  /**
   * Stores an update from an editor before Hocuspocus applies and acknowledges it: an acknowledged
   * change survives a kill -9. An update from a read-only connection is refused by Hocuspocus and
   * not stored; one that holds nothing new is not stored again.
   */
  private async keep({ type, payload, connection, document }: beforeSyncPayload): Promise<void> {
    if (!CARRIES_UPDATE.has(type) || connection.readOnly) return;
    if (Y.snapshotContainsUpdate(Y.snapshot(document), payload)) return;
    await this.store.sceneLog.append((connection.context as LiveContext).projectId, payload);
  }

  /** The merge of a project's stored updates, seeded once from its JSON scene (or the default scene) when it has none. */
  private async storedState(project: Project): Promise<Uint8Array> {
    let rows = await this.store.sceneLog.read(project.id);
    if (rows.length === 0) {
      const stored = await this.store.getScene(project.id);
      const seed = seedUpdate(stored ? (JSON.parse(stored.json) as Scene) : defaultScene());
      // Every process seeds the same bytes from the same scene, so two seeds merge into one.
      await this.store.sceneLog.append(project.id, seed);
      rows = await this.store.sceneLog.read(project.id);
    }
    const merged = rows.length === 1 ? rows[0]!.update : Y.mergeUpdates(rows.map((r) => r.update));
    if (rows.length >= COMPACT_AT)
      await this.store.sceneLog.compact(
        project.id,
        rows.map((r) => r.seq),
        merged,
      );
    return merged;
  }

  /** Keeps the scene's JSON (what backups and older readers see) in step with the document, once it settles. */
  private async storeDerived(alias: string, doc: Y.Doc): Promise<void> {
    const scene = readScene(doc);
    const project = await this.store.getProjectByAlias(alias);
    if (!scene || !project) return;
    await this.store.putScene(project.id, JSON.stringify(scene), new Date().toISOString());
  }

  private async projectNamed(alias: string): Promise<Project> {
    const project = await this.store.getProjectByAlias(alias);
    if (!project) throw new Error(`project "${alias}" does not exist`);
    return project;
  }
}
