import { Readable } from 'node:stream';
import { json } from 'node:stream/consumers';
import type { ConversionState } from '@orbis/contract';
import { GEOTIFF_NAME } from '@orbis/scene';
import { archiveEntryKey, assetPrefix } from '../assets/archive.js';
import type { Storage } from '../storage/storage.js';
import { MissingKeyError } from '../storage/storage.js';
import type { ArchiveEntry, Asset, Store } from '../store/store.js';
import { CONVERTED_PATH, convertedOf, convertGeotiff, convertible } from './cog-conversion.js';

/** Where an asset's conversion says how far it is, beside its files (not among them: it goes once they are listed). */
const stateKey = (prefix: string) => `${prefix}/orbis-cog-state.json`;

/**
 * Converts plain GeoTIFFs after their upload has answered, one at a time (each is bounded in
 * memory, and a 2-core machine has little to spare). A job lives as long as the process: the
 * state file an upload writes stays until its levels are listed, so the next start (`resume`)
 * converts again what a stopped process did not finish. Every process and S3 see the state.
 */
export class GeotiffConversions {
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly storage: Storage,
    private readonly warn: (message: string) => void = (m) => process.emitWarning(m),
  ) {}

  /** At upload, before the record exists: whether the stored file will be converted, saying so in its state if it will. */
  async plan(prefix: string, key: string, size: number, name: string): Promise<boolean> {
    if (!GEOTIFF_NAME.test(name) || !(await convertible(this.storage, key, size, name))) return false;
    await this.writeState(prefix, { state: 'converting', levels: 0, of: 0 });
    return true;
  }

  /** Queues an asset's conversion; resolves when it is done (or found not needed). */
  enqueue(projectId: string, assetId: string): Promise<void> {
    const job = this.queue.then(() => this.convert(projectId, assetId));
    this.queue = job.catch((err: unknown) => this.warn(`orbis: converting GeoTIFF ${assetId} failed: ${String(err)}`));
    return this.queue;
  }

  /**
   * Starts no more conversions, and leaves the one under way unlisted: the process is stopping,
   * and its next start converts them again.
   */
  stop(): void {
    this.stopped = true;
  }

  /** Resolves once every queued conversion has ended. */
  idle(): Promise<void> {
    return this.queue;
  }

  /** Queues every GeoTIFF asset whose conversion a stopped process left unfinished; resolves with how many. */
  async resume(): Promise<number> {
    let queued = 0;
    for (const project of await this.store.listProjects()) {
      for await (const asset of this.store.streamAssets({ projectId: project.id, publicOnly: false })) {
        if (!GEOTIFF_NAME.test(asset.name) || convertedOf(asset.files, () => '')) continue;
        const full = await this.store.getAsset(project.id, asset.id);
        if (full && (await this.readState(assetPrefix(full))).state === 'converting') {
          void this.enqueue(project.id, asset.id);
          queued += 1;
        }
      }
    }
    return queued;
  }

  /** How far an asset's conversion is. */
  async stateOf(asset: Asset): Promise<ConversionState> {
    if (convertedOf(asset.files, () => '')) return { state: 'done' };
    return this.readState(assetPrefix(asset));
  }

  private async convert(projectId: string, assetId: string): Promise<void> {
    if (this.stopped) return;
    const asset = await this.store.getAsset(projectId, assetId);
    if (!asset) return;
    const prefix = assetPrefix(asset);
    if (convertedOf(asset.files, () => '')) return this.storage.deletePrefix(stateKey(prefix));
    // A preview listed by a conversion a stopped process began is made again, in its place.
    const base = (asset.files ?? []).filter((f) => !f.path.startsWith(`${CONVERTED_PATH}/`));
    const list = (entries: ArchiveEntry[]) => this.store.updateAsset(projectId, assetId, { files: [...base, ...entries], updatedAt: new Date().toISOString() });
    const entries = await convertGeotiff(this.storage, asset.storageKey, asset.size, asset.name, base.length, (i) => archiveEntryKey(prefix, i), {
      onPreview: async (entry) => void (await list([entry])),
      onLevel: (levels, of) => this.writeState(prefix, { state: 'converting', levels, of }),
    }).catch((err: unknown) => {
      this.warn(`orbis: GeoTIFF ${assetId} is served as it was uploaded, not converted: ${String(err)}`);
      return [];
    });
    // Not converted (a file libvips cannot read, say): it is read as it is, by ranges of the plain file.
    if (entries.length === 0 && !this.stopped) await this.storage.deletePrefix(stateKey(prefix));
    if (entries.length === 0 || this.stopped) return;
    // Removed while it was converted: what was written goes too.
    if (!(await list(entries))) return this.storage.deletePrefix(prefix);
    await this.storage.deletePrefix(stateKey(prefix));
  }

  private async writeState(prefix: string, state: ConversionState): Promise<void> {
    await this.storage.put(stateKey(prefix), Readable.from([Buffer.from(JSON.stringify(state))]));
  }

  private async readState(prefix: string): Promise<ConversionState> {
    try {
      return (await json(await this.storage.read(stateKey(prefix)))) as ConversionState;
    } catch (err) {
      if (err instanceof MissingKeyError) return { state: 'none' };
      throw err;
    }
  }
}
