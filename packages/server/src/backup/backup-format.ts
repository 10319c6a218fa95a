import { jsonInput } from '../json-input.js';

/**
 * The layout of an `orbis backup` archive (docs/operations.md, "Back up and restore"): a tar of
 *   orbis-backup.json          first: what it is ({@link BackupHeader})
 *   database/orbis.db          SQLite's online backup of the database, or
 *   database/orbis.pgdump      pg_dump's custom format, taken from one snapshot
 *   files/{key}                every stored file, under its storage key
 *   secrets/{name}             the data dir's generated secrets (admin token, cursor secret)
 *   orbis-backup-files.json    last: every file's size and SHA-256 ({@link BackupTrailer})
 */
export const HEADER_ENTRY = 'orbis-backup.json';
export const TRAILER_ENTRY = 'orbis-backup-files.json';
export const FILES_PREFIX = 'files/';
export const SECRETS_PREFIX = 'secrets/';
export const DATABASE_ENTRY = { sqlite: 'database/orbis.db', postgres: 'database/orbis.pgdump' } as const;
/** The data dir's secrets a backup carries, so that cursors, API keys made with them and the admin token keep working. */
export const SECRET_NAMES = ['admin-token', 'cursor-secret'] as const;

export type StoreKind = keyof typeof DATABASE_ENTRY;

export interface BackupHeader {
  format: 'orbis-backup';
  version: 1;
  store: StoreKind;
  createdAt: string;
  /** The PostgreSQL server's version (`server_version`) for a pg_dump archive. */
  postgresVersion?: string;
}

/** What `orbis backup` wrote, or `orbis restore` brought back, as the command prints it. */
export interface BackupReport {
  file: string;
  store: StoreKind;
  assets: number;
  files: number;
  bytes: number;
  seconds: number;
}

export interface BackupFile {
  key: string;
  size: number;
  sha256: string;
}

export interface BackupTrailer {
  files: BackupFile[];
  /** The asset records in the database part: the restore's check that the database came whole. */
  assets: number;
}

export const readHeader = jsonInput<BackupHeader>(
  {
    type: 'object',
    required: ['format', 'version', 'store', 'createdAt'],
    properties: {
      format: { const: 'orbis-backup' },
      version: { const: 1 },
      store: { enum: Object.keys(DATABASE_ENTRY) },
      createdAt: { type: 'string' },
      postgresVersion: { type: 'string' },
    },
  },
  HEADER_ENTRY,
);

export const readTrailer = jsonInput<BackupTrailer>(
  {
    type: 'object',
    required: ['files', 'assets'],
    properties: {
      files: {
        type: 'array',
        items: {
          type: 'object',
          required: ['key', 'size', 'sha256'],
          properties: { key: { type: 'string' }, size: { type: 'integer', minimum: 0 }, sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
        },
      },
      assets: { type: 'integer', minimum: 0 },
    },
  },
  TRAILER_ENTRY,
);
