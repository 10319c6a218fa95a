import type pg from 'pg';
import { recordFragment } from '../../records/record-fragment.js';
import type { ArchiveEntry } from '../store.js';

const BATCH = 5000;

interface FillRow {
  id: string;
  name: string;
  content_type: string;
  size: string;
  files: ArchiveEntry[] | null;
  created_at: Date;
  updated_at: Date;
}

/** Migration 5's data step: writes the record JSON of every asset recorded before it existed. */
export async function fillRecordsPostgres(client: pg.PoolClient): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await client.query<FillRow>(
      'SELECT id, name, content_type, size, files, created_at, updated_at FROM assets WHERE id > $1 ORDER BY id LIMIT $2',
      [after, BATCH],
    );
    if (rows.length === 0) return;
    const records = rows.map((row) =>
      recordFragment({
        id: row.id,
        name: row.name,
        contentType: row.content_type,
        size: Number(row.size),
        files: row.files,
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
      }),
    );
    await client.query('UPDATE assets SET record = u.record FROM unnest($1::text[], $2::text[]) AS u(id, record) WHERE assets.id = u.id', [
      rows.map((r) => r.id),
      records,
    ]);
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}
