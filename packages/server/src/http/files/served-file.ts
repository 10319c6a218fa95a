import { archiveEntryKey } from '../../assets/archive.js';
import { assetPrefix } from '../../assets/asset-service.js';
import type { Asset } from '../../store/store.js';

/** One file of an asset as the file routes serve it: where it is stored, its name, size, type and tag. */
export interface ServedFile {
  key: string;
  name: string;
  size: number;
  contentType: string;
  etag: string;
}

/** The asset's own file when `path` is its name, else the archive entry at `path`. */
export function fileOf(asset: Asset, path: string): ServedFile | undefined {
  if (path === asset.name) {
    return { key: asset.storageKey, name: asset.name, size: asset.size, contentType: asset.contentType, etag: `${asset.id}-${asset.size}` };
  }
  const index = asset.files?.findIndex((f) => f.path === path) ?? -1;
  const entry = asset.files?.[index];
  if (!entry) return undefined;
  return {
    key: archiveEntryKey(assetPrefix(asset), index),
    name: path.slice(path.lastIndexOf('/') + 1),
    size: entry.size,
    contentType: entry.contentType,
    etag: `${asset.id}-${index}-${entry.size}`,
  };
}
