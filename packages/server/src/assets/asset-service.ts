import type { Readable } from 'node:stream';
import { InputError } from '../input-error.js';
import type { Storage } from '../storage/storage.js';
import type { ArchiveEntry, Asset, NewAsset, Project, Store } from '../store/store.js';
import { ArchiveError, type ArchiveLimits, assetPrefix, DEFAULT_ARCHIVE_LIMITS, extractArchive } from './archive.js';
import type { GeotiffConversions } from '../rasters/conversion-jobs.js';
import { AssetNameError, cleanAssetName } from './asset-name.js';
import { detectContentType } from './content-type.js';
import { isId, newId } from '../records/ids.js';
import { DERIVED_GEOJSON_PATH, vectorFormatOf } from '@orbis/scene';
import { deriveGeojson } from '../formats/derived-geojson.js';
import { HEARTBEAT_MS, STALE_MS, type StagingJournal } from './staging-journal.js';

/** A file written to storage whose record does not exist yet; its asset id comes at commit. */
export interface StagedFile {
  projectId: string;
  name: string;
  storageKey: string;
  size: number;
  contentType: string;
  /** A zip's extracted files. */
  files: ArchiveEntry[] | null;
  /** A plain GeoTIFF to convert once it is recorded (docs/rasters.md, "Plain GeoTIFFs"). */
  converting?: boolean;
}

/** A file to add, as the CLI and the demo seeder have them. */
export interface IncomingFile {
  name: string;
  stream: Readable;
}

/**
 * Files older than this with no record, and no journal of this data dir naming them, are orphans
 * of a crash: longer than any upload takes (a multi-file upload keeps its first files unrecorded
 * until the last arrives), since processes with other data dirs may be writing them.
 */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
/** How often, at most, a deployment sweeps for orphans (every process start asks). */
export const SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;
const SWEEP_META_KEY = 'sweep.lastRun';

/** The folder of a stored asset (kept in archive.ts beside its files' keys): importers of the service read it here too. */
export { assetPrefix };

function checkedName(raw: string): string {
  try {
    return cleanAssetName(raw);
  } catch (err) {
    if (err instanceof AssetNameError) throw new InputError('name', err.message);
    throw err;
  }
}

/**
 * Adds, changes and removes assets. Bytes are written completely before a record exists, and a
 * record is removed before its bytes: whatever a crash interrupts, no listed asset lacks its file.
 * What a crash can leave is an unrecorded file: with a `journal`, the next start removes exactly
 * those (`recoverAbandoned`); `sweepOrphans` finds the rest by age. Bytes live under a blob id of
 * their own, so that the asset id can be made at commit, in commit order.
 */
export class AssetService {
  private recheck: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly store: Store,
    private readonly storage: Storage,
    /** What one zip may unpack to (ORBIS_ARCHIVE_MAX_*): every zip Orbis reads is held to it. */
    readonly archiveLimits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
    private readonly journal?: StagingJournal,
    /** Converts plain GeoTIFFs after their upload has answered; without it they are read as they are. */
    readonly conversions?: GeotiffConversions,
  ) {}

  /**
   * Writes one file's bytes under a new asset id, and extracts it when it is a zip; call `commit`
   * or `discard` after.
   */
  async stage(project: Project, rawName: string, stream: Readable): Promise<StagedFile> {
    const name = checkedName(rawName);
    const prefix = `${project.id}/${newId()}`;
    const storageKey = `${prefix}/original`;
    let stored;
    try {
      await this.journal?.begin(prefix);
      stored = await this.storage.put(storageKey, stream);
    } catch (err) {
      await this.removeStaged(prefix).catch(() => undefined);
      throw err;
    }
    const contentType = detectContentType(name, stored.head);
    let files: ArchiveEntry[] | null = null;
    let converting = false;
    try {
      if (contentType === 'application/zip') files = await extractArchive(this.storage, storageKey, stored.size, prefix, this.archiveLimits);
      // A GIS file (docs/contract.md §13) is read once, here: refused now if it cannot be, drawn from its WGS84 GeoJSON after.
      const format = vectorFormatOf(name, files?.map((f) => f.path) ?? []);
      if (format && files?.some((f) => f.path === DERIVED_GEOJSON_PATH || f.path.startsWith('orbis-wgs84/'))) {
        throw new InputError(
          'file',
          `${name}: the zip already holds "${DERIVED_GEOJSON_PATH}" or an "orbis-wgs84/" folder, where Orbis keeps the GeoJSON it derives`,
        );
      }
      if (format) files = [...(files ?? []), ...(await deriveGeojson(this.storage, format, name, storageKey, prefix, files?.length ?? 0))];
      // A plain GeoTIFF is converted once to tiled levels after the upload answers, so that every later read is a range read (docs/rasters.md).
      converting = (await this.conversions?.plan(prefix, storageKey, stored.size, name)) ?? false;
    } catch (err) {
      await this.removeStaged(prefix);
      // Several files may come in one upload: say which one the archive's fault is.
      if (err instanceof ArchiveError) throw new ArchiveError(err.kind, `${name}: ${err.message}`);
      throw err;
    }
    return { projectId: project.id, name, storageKey, size: stored.size, contentType, files, ...(converting ? { converting } : {}) };
  }

  /** Records staged files of one project in one transaction; on failure their bytes are removed. */
  async commit(staged: StagedFile[], isPublic: boolean): Promise<Asset[]> {
    if (staged.length === 0) return [];
    const drafts: NewAsset[] = staged.map((s) => ({
      projectId: s.projectId,
      name: s.name,
      contentType: s.contentType,
      size: s.size,
      public: isPublic,
      storageKey: s.storageKey,
      files: s.files,
    }));
    let assets: Asset[];
    try {
      assets = await this.store.insertAssets(staged[0]!.projectId, drafts, new Date().toISOString());
    } catch (err) {
      await this.discard(staged);
      throw err;
    }
    for (const s of staged) await this.journal?.end(assetPrefix(s));
    for (const [i, s] of staged.entries()) if (s.converting) void this.conversions?.enqueue(s.projectId, assets[i]!.id);
    return assets;
  }

  async discard(staged: StagedFile[]): Promise<void> {
    for (const s of staged) await this.removeStaged(assetPrefix(s));
  }

  private async removeStaged(prefix: string): Promise<void> {
    await this.storage.deletePrefix(prefix);
    await this.journal?.end(prefix);
  }

  /**
   * Removes what processes that died mid-upload left unrecorded, as their journals name it: run at
   * start, before serving. Resolves with how many asset folders went.
   */
  async recoverAbandoned(): Promise<number> {
    if (!this.journal) return 0;
    clearTimeout(this.recheck);
    let removed = 0;
    for (const left of await this.journal.abandoned()) {
      for (const prefix of left.prefixes) {
        const [projectId, blobId, ...rest] = prefix.split('/');
        if (rest.length > 0 || !projectId || !blobId || !isId(projectId) || !isId(blobId)) continue;
        if (await this.store.isStorageKeyRecorded(`${prefix}/original`)) continue;
        await this.storage.deletePrefix(prefix);
        removed += 1;
      }
      await left.dismiss();
    }
    // Journals whose owner only a heartbeat can judge (another container, say): look again once
    // a stopped heartbeat would show.
    if ((await this.journal.undecided()) > 0) {
      this.recheck = setTimeout(() => {
        this.recoverAbandoned().catch((err: unknown) => process.emitWarning(`orbis: recovering abandoned uploads failed: ${String(err)}`));
      }, STALE_MS + HEARTBEAT_MS);
      this.recheck.unref();
    }
    return removed;
  }

  /** Closes the journal, if any; call once no upload is in flight. */
  async close(): Promise<void> {
    clearTimeout(this.recheck);
    await this.journal?.close();
  }

  /** Stages and commits files as one all-or-nothing batch. */
  async add(project: Project, files: IncomingFile[], isPublic: boolean): Promise<Asset[]> {
    const staged: StagedFile[] = [];
    try {
      for (const file of files) staged.push(await this.stage(project, file.name, file.stream));
    } catch (err) {
      await this.discard(staged);
      throw err;
    }
    return this.commit(staged, isPublic);
  }

  async update(project: Project, id: string, patch: { name?: string; public?: boolean }): Promise<Asset | undefined> {
    const name = patch.name === undefined ? undefined : checkedName(patch.name);
    return this.store.updateAsset(project.id, id, { name, public: patch.public, updatedAt: new Date().toISOString() });
  }

  async remove(project: Project, id: string): Promise<boolean> {
    const removed = await this.store.deleteAsset(project.id, id);
    if (!removed) return false;
    await this.storage.deletePrefix(assetPrefix(removed));
    return true;
  }

  /**
   * Removes stored files with no record that are older than `olderThanMs`, looking only at keys
   * of Orbis's own shape (`{id}/{id}/…`); returns how many asset folders went.
   */
  async sweepOrphans(olderThanMs = ORPHAN_AGE_MS): Promise<number> {
    await this.storage.cleanTemporaries(olderThanMs);
    const cutoff = Date.now() - olderThanMs;
    // What a process of this data dir is writing, however slowly, is not an orphan.
    const seen = (await this.journal?.openPrefixes()) ?? new Set<string>();
    let removed = 0;
    for await (const { key, modifiedAt } of this.storage.list()) {
      const [projectId, blobId] = key.split('/');
      if (!projectId || !blobId || !isId(projectId) || !isId(blobId)) continue;
      const prefix = `${projectId}/${blobId}`;
      if (seen.has(prefix) || modifiedAt.getTime() > cutoff) continue;
      seen.add(prefix);
      if (!(await this.store.isStorageKeyRecorded(`${prefix}/original`))) {
        await this.storage.deletePrefix(prefix);
        removed += 1;
      }
    }
    return removed;
  }

  /** Sweeps unless some process of this deployment did within SWEEP_INTERVAL_MS; returns whether it ran. */
  async sweepIfDue(now = Date.now()): Promise<boolean> {
    const last = Number(await this.store.getMeta(SWEEP_META_KEY));
    if (Number.isFinite(last) && now - last < SWEEP_INTERVAL_MS) return false;
    await this.store.setMeta(SWEEP_META_KEY, String(now));
    await this.sweepOrphans();
    return true;
  }
}
