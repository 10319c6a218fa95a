import { encodePath } from '../records/record-fragment.js';
import type { ListedAsset } from '../store/store.js';

/** The JSON shape of an asset, keys in this fixed order. `public` only in the management API. */
export interface AssetRecord {
  type: 'asset';
  id: string;
  name: string;
  url: string;
  contentType: string;
  size: number;
  createdAt: string;
  updatedAt: string;
  files?: string[];
  public?: boolean;
}

/** The public URL of an asset's bytes, or of one file inside an archive asset. */
export function fileUrl(publicUrl: string, projectAlias: string, assetId: string, path: string): string {
  return `${publicUrl}/files/${encodeURIComponent(projectAlias)}/${assetId}/${encodePath(path)}`;
}

/** Builds the record of an asset. The object literal fixes the key order of the JSON. */
export function assetRecord(asset: ListedAsset, publicUrl: string, projectAlias: string, withPublicFlag: boolean): AssetRecord {
  const record: AssetRecord = {
    type: 'asset',
    id: asset.id,
    name: asset.name,
    url: fileUrl(publicUrl, projectAlias, asset.id, asset.name),
    contentType: asset.contentType,
    size: asset.size,
    createdAt: asset.createdAt,
    updatedAt: asset.updatedAt,
  };
  if (asset.files) record.files = asset.files.map((f) => fileUrl(publicUrl, projectAlias, asset.id, f.path));
  if (withPublicFlag) record.public = asset.public;
  return record;
}
