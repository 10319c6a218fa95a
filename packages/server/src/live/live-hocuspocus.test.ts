import type { Document } from '@hocuspocus/server';
import { describe, expect, it } from 'vitest';
import { LiveHocuspocus } from './live-hocuspocus.js';

/** docs/collaboration.md, "Stopping": how the live documents are let go of. */
describe('LiveHocuspocus', () => {
  it('leaves the open document of a project alone when an earlier one of it is unloaded late', async () => {
    const live = new LiveHocuspocus({ quiet: true });
    const first = await live.openDirectConnection('p');
    const earlier = first.document!;
    await first.disconnect();
    expect(earlier.isDestroyed).toBe(true);
    const second = await live.openDirectConnection('p');
    const open = second.document!;
    // A late unload of the earlier document (a store's or a closing connection's that ended after the reopening).
    await live.unloadDocument(earlier);
    expect(live.documents.get('p')).toBe(open);
    expect(open.isDestroyed).toBe(false);
    await second.disconnect();
    expect(open.isDestroyed).toBe(true);
    expect(live.documents.size).toBe(0);
  });

  it('destroys a document whose load failed (its awareness timer with it)', async () => {
    let loaded: Document | undefined;
    const live = new LiveHocuspocus({
      quiet: true,
      onLoadDocument: async ({ document }) => {
        loaded = document;
        throw new Error('project "gone" does not exist');
      },
    });
    await expect(live.openDirectConnection('gone')).rejects.toThrow('does not exist');
    expect(loaded!.isDestroyed).toBe(true);
  });

  it('drains once the documents are stored and unloaded, and destroys what is still open after its time', async () => {
    let store!: () => void;
    const stored = new Promise<void>((resolve) => (store = resolve));
    const storing: string[] = [];
    const live = new LiveHocuspocus({
      quiet: true,
      onStoreDocument: async ({ documentName }) => {
        storing.push(documentName);
        await stored;
      },
    });
    const editor = await live.openDirectConnection('p');
    const document = editor.document!;
    // The editor leaves; its document is stored (held here until `store`), then unloaded.
    const leaving = editor.disconnect();
    let drained = false;
    const draining = live.drain(60_000).then(() => (drained = true));
    await expect.poll(() => storing).toEqual(['p']);
    expect(drained).toBe(false);
    store();
    await Promise.all([leaving, draining]);
    expect(document.isDestroyed).toBe(true);

    const kept = await live.openDirectConnection('q');
    await live.drain(0);
    expect(kept.document!.isDestroyed).toBe(true);
    expect(live.documents.size).toBe(0);
  });
});
