import type { Visibility } from '@orbis/contract';
import type { ApiKey, ArchiveEntry, Asset, ListedAsset, Project } from '../store.js';

/** Rows as pg returns them, and how each becomes a domain object. */
export const ASSET_COLUMNS = 'id, project_id, name, content_type, size, public, storage_key, files, created_at, updated_at';
export const LISTED_COLUMNS = 'id, project_id, name, content_type, size, public, files, created_at, updated_at';

export interface ProjectRow {
  id: string;
  alias: string;
  name: string;
  visibility: Visibility;
  description: string;
  asset_count: string;
  public_asset_count: string;
  content_version: string;
  created_at: Date;
  updated_at: Date;
}

export interface ListedRow {
  id: string;
  project_id: string;
  name: string;
  content_type: string;
  size: string;
  public: boolean;
  files: ArchiveEntry[] | null;
  created_at: Date;
  updated_at: Date;
}

export interface AssetRow extends ListedRow {
  storage_key: string;
}

export interface ApiKeyRow {
  id: string;
  project_id: string;
  name: string;
  key_hash: string;
  created_at: Date;
}

export function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    alias: row.alias,
    name: row.name,
    visibility: row.visibility,
    description: row.description,
    assetCount: Number(row.asset_count),
    publicAssetCount: Number(row.public_asset_count),
    contentVersion: Number(row.content_version),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toListed(row: ListedRow): ListedAsset {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    contentType: row.content_type,
    size: Number(row.size),
    public: row.public,
    files: row.files,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toAsset(row: AssetRow): Asset {
  return { ...toListed(row), storageKey: row.storage_key };
}

export function toApiKey(row: ApiKeyRow): ApiKey {
  return { id: row.id, projectId: row.project_id, name: row.name, keyHash: row.key_hash, createdAt: row.created_at.toISOString() };
}
