import type Database from 'better-sqlite3';
import { recordFragment } from '../../records/record-fragment.js';
import type { ArchiveEntry } from '../store.js';

const BATCH = 1000;

interface FillRow {
  id: string;
  name: string;
  content_type: string;
  size: number;
  files: string | null;
  created_at: string;
  updated_at: string;
}

/** Migration 5's data step: writes the record JSON of every asset recorded before it existed. */
export function fillRecordsSqlite(db: Database.Database): void {
  const read = db.prepare('SELECT id, name, content_type, size, files, created_at, updated_at FROM assets WHERE id > ? ORDER BY id LIMIT ?');
  const write = db.prepare('UPDATE assets SET record = ? WHERE id = ?');
  let after = '';
  for (;;) {
    const rows = read.all(after, BATCH) as FillRow[];
    for (const row of rows) {
      const files = row.files === null ? null : (JSON.parse(row.files) as ArchiveEntry[]);
      const record = recordFragment({
        id: row.id,
        name: row.name,
        contentType: row.content_type,
        size: row.size,
        files,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      });
      write.run(record, row.id);
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}
