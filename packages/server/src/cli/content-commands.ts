import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { vectorFormatOf } from '@orbis/scene';
import type { OrbisConfig } from '../config/serve-config.js';
import { ConfigError } from '../config/serve-config.js';
import type { AppContext } from '../http/app-context.js';
import { InputError } from '../input-error.js';
import type { ImportRow } from '../models/import-rows.js';
import { modelRecord } from '../models/model-service.js';
import type { Project } from '../store/store.js';
import { UsageError } from './usage-error.js';

/** The content model commands (docs/contract.md §10's management routes, on the data directly). */
export const CONTENT_COMMANDS = ['model create', 'model list', 'item import'];

/** The import formats by file extension (the import route's, by Content-Type there): the reader of `import-rows.ts` each uses. */
const READERS: Record<string, 'csvRows' | 'jsonRows'> = { '.csv': 'csvRows', '.json': 'jsonRows', '.geojson': 'jsonRows' };

async function readableFile(path: string | undefined, what: string, maxBytes: number): Promise<string> {
  if (!path) throw new UsageError(`missing <${what}>`);
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw new ConfigError(`"${path}" is not a readable file`);
  if (info.size > maxBytes) throw new ConfigError(`"${path}" is larger than ORBIS_MAX_UPLOAD_MB`);
  return path;
}

/**
 * Runs a content command: `model create <project> <model.json>` (the body `POST …/models` takes),
 * `model list <project>`, `item import <project> <model> <file.csv|.json|.geojson|GIS file> [--public]`
 * (all or nothing, as `POST …/import`). Prints what the management API would answer.
 */
export async function runContentCommand(
  ctx: AppContext,
  config: OrbisConfig,
  command: string,
  project: Project,
  rest: string[],
  flags: { public?: boolean },
  print: (value: unknown) => void,
): Promise<void> {
  switch (command) {
    case 'model list':
      print((await ctx.store.listModels(project.id)).map(modelRecord));
      return;
    case 'model create': {
      const path = await readableFile(rest[0], 'model.json', config.maxUploadBytes);
      let body: unknown;
      try {
        body = JSON.parse(await readFile(path, 'utf8'));
      } catch (err) {
        throw new InputError('body', `"${path}" is not JSON: ${(err as Error).message}`);
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw new InputError('body', `"${path}" must hold a JSON object: the model's key, name and fields`);
      print(modelRecord(await ctx.models.create(project, body as Record<string, unknown>)));
      return;
    }
    case 'item import': {
      const key = rest[0];
      if (!key) throw new UsageError('missing <model>');
      const model = await ctx.store.getModel(project.id, key);
      if (!model) throw new ConfigError(`model "${key}" does not exist in "${project.alias}"`);
      const path = await readableFile(rest[1], 'file', config.maxUploadBytes);
      const read = READERS[extname(path).toLowerCase()];
      const format = vectorFormatOf(basename(path));
      if (!read && !format)
        throw new UsageError(`"${path}": import a .csv, .json or .geojson file, or a GIS file (a shapefile's .zip, .gpkg, .fgb, .geojsonl)`);
      // The parsers are imported by the one command that reads rows.
      const rows: AsyncIterable<ImportRow> = format
        ? (await import('../models/vector-import-rows.js')).vectorRows(format, basename(path), createReadStream(path), model.fields)
        : (await import('../models/import-rows.js'))[read!](createReadStream(path), model.fields);
      // The CLI works on the data directly, as the operator: its versions name the admin.
      print({ created: await ctx.models.importItems(project, model, rows, flags.public === true ? true : undefined, { type: 'admin' }) });
      return;
    }
  }
}
