import type { Visibility } from '@orbis/contract';
import type { ApiKey, ArchiveEntry, Asset, ListedAsset, Project } from '../store.js';

/** Rows as better-sqlite3 returns them, and how each becomes a domain object. */
export interface ProjectRow {
  id: string;
  alias: string;
  name: string;
  visibility: Visibility;
  description: string;
  asset_count: number;
  public_asset_count: number;
  content_version: number;
  created_at: string;
  updated_at: string;
}

export interface AssetRow {
  id: string;
  project_id: string;
  name: string;
  content_type: string;
  size: number;
  public: number;
  storage_key: string;
  files: string | null;
  created_at: string;
  updated_at: string;
}

export interface ApiKeyRow {
  id: string;
  project_id: string;
  name: string;
  key_hash: string;
  created_at: string;
}

export const ASSET_COLUMNS = 'id, project_id, name, content_type, size, public, storage_key, files, created_at, updated_at';
/** What a listing reads: each column costs a conversion per row, so only what a record needs. */
export const LISTED_COLUMNS = 'id, name, content_type, size, public, files, created_at, updated_at';

export interface ListedRow {
  id: string;
  name: string;
  content_type: string;
  size: number;
  public: number;
  files: string | null;
  created_at: string;
  updated_at: string;
}

export function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    alias: row.alias,
    name: row.name,
    visibility: row.visibility,
    description: row.description,
    assetCount: row.asset_count,
    publicAssetCount: row.public_asset_count,
    contentVersion: row.content_version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toAsset(row: AssetRow): Asset {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    contentType: row.content_type,
    size: row.size,
    public: row.public === 1,
    storageKey: row.storage_key,
    files: row.files === null ? null : (JSON.parse(row.files) as ArchiveEntry[]),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toListed(projectId: string, row: ListedRow): ListedAsset {
  return {
    id: row.id,
    projectId,
    name: row.name,
    contentType: row.content_type,
    size: row.size,
    public: row.public === 1,
    files: row.files === null ? null : (JSON.parse(row.files) as ArchiveEntry[]),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    keyHash: row.key_hash,
    createdAt: row.created_at,
  };
}
