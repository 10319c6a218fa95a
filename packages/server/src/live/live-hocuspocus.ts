import { type Document, Hocuspocus } from '@hocuspocus/server';

/**
 * Hocuspocus as Orbis runs it (docs/collaboration.md, "Stopping"): a document is let go of only by
 * its own unload, a document whose load failed is destroyed, and a stop can wait for the open
 * documents to be stored and unloaded.
 *
 * Hocuspocus 4.7's `unloadDocument` removes whatever document is listed under the name and destroys
 * the one it was given. A late unload of a document already let go of (its store's or a closing
 * connection's, which ended after the project's document was opened anew) took the open document
 * off the list without destroying it: its editors went on apart from any new one, a stop never
 * closed it, and its awareness timer kept `orbis serve` from exiting (CI's hang of the convergence
 * test on Node 22 and PostgreSQL). A document whose load failed is never listed, so Hocuspocus left
 * it undestroyed, timer and all (upstream issue ueberdosis/hocuspocus#1156).
 */
export class LiveHocuspocus extends Hocuspocus {
  /** Called, and forgotten, whenever a document may have left the lists. */
  private readonly waiting = new Set<() => void>();

  override async createDocument(...args: Parameters<Hocuspocus['createDocument']>): Promise<Document> {
    try {
      return await super.createDocument(...args);
    } finally {
      this.changed();
    }
  }

  override async unloadDocument(document: Document): Promise<void> {
    try {
      if (this.documents.get(document.name) === document) await super.unloadDocument(document);
      // Not the listed one: already let go of (nothing to do), or its load failed (never listed).
      else if (!document.isDestroyed && document.getConnectionsCount() === 0) document.destroy();
    } finally {
      this.changed();
    }
  }

  /**
   * Resolves once no document is open or loading (each was stored, then unloaded, as its last
   * connection closed), or after `ms`; then destroys any document still open.
   */
  async drain(ms: number): Promise<void> {
    let late = false;
    const deadline = setTimeout(() => {
      late = true;
      this.changed();
    }, ms);
    try {
      while (!late && (this.documents.size > 0 || this.loadingDocuments.size > 0)) await new Promise<void>((resolve) => this.waiting.add(resolve));
    } finally {
      clearTimeout(deadline);
    }
    for (const document of this.documents.values()) document.destroy();
    this.documents.clear();
  }

  private changed(): void {
    for (const resolve of this.waiting) resolve();
    this.waiting.clear();
  }
}
