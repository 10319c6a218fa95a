import yauzl from 'yauzl';
import { InputError } from '../input-error.js';
import { jsonInput } from '../json-input.js';
import { readReearthManifest, REEARTH_MANIFEST } from './reearth-manifest.js';

/** A plugin as stored and run: its manifest and one script per extension (docs/contract.md §5). */
export interface PluginPackage {
  manifest: PluginManifest;
  files: Record<string, string>;
}

/**
 * The manifest: `plugin.json`, or Re:Earth's `reearth.yml` read into the same form (then
 * `reearth` is true). Every field Re:Earth defines is accepted and kept; extensions of other types
 * than `widget` are kept and listed; `infoboxBlock` and `storyBlock` (and Re:Earth's older `block`)
 * run where a layer's infobox or a story page places them (docs/contract.md §8).
 */
export interface PluginManifest {
  id: string;
  name: string;
  version: string;
  description?: string;
  author?: string;
  repository?: string;
  /** A Re:Earth package: its sandboxes also get the global `reearth`. */
  reearth?: boolean;
  extensions: PluginExtension[];
}

export interface PluginExtension {
  id: string;
  /** `widget` runs; `infoboxBlock`, `storyBlock` and `block` run where the scene places them; other types are kept. */
  type: string;
  name: string;
  description?: string;
  icon?: string;
  singleOnly?: boolean;
  /** Re:Earth's default placement: `{extendable?, extended?, floating?, defaultLocation?: {zone, section, area}}`. */
  widgetLayout?: Record<string, unknown>;
  /** Re:Earth's property schema (`{groups: [{id, title, fields: […]}]}`): the editor's settings form. */
  schema?: Record<string, unknown>;
}

const ID = /^[a-zA-Z0-9_-]{1,100}$/;
/** All of a plugin's scripts together. */
export const MAX_PLUGIN_BYTES = 5 * 1024 * 1024;
/**
 * The largest plugin zip read: its code stored uncompressed with room for the zip's headers. The
 * upload is cut as soon as it passes this, not buffered whole (a request may be 512 MB).
 */
export const MAX_PLUGIN_ZIP_BYTES = MAX_PLUGIN_BYTES + 1024 * 1024;
const MAX_FILES = 200;

const text = (maxLength: number) => ({ type: 'string', pattern: '\\S', maxLength });
const id = { type: 'string', pattern: ID.source };
/** Re:Earth's free-form objects (`widgetLayout`, `schema`): any JSON object, bounded in size below. */
const MAX_FREE_FORM_CHARS = 100_000;
const checkManifest = jsonInput<PluginManifest>(
  {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'name', 'version', 'extensions'],
    properties: {
      id,
      name: text(200),
      version: text(50),
      description: { type: 'string', maxLength: 2000 },
      author: { type: 'string', maxLength: 200 },
      repository: { type: 'string', maxLength: 2000 },
      reearth: { type: 'boolean' },
      extensions: {
        type: 'array',
        maxItems: 50,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'type', 'name'],
          properties: {
            id,
            // `widget` runs, blocks run where placed; Re:Earth's other types are kept and listed (docs/contract.md §8).
            type: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9_-]{0,49}$' },
            name: text(200),
            description: { type: 'string', maxLength: 2000 },
            icon: { type: 'string', maxLength: 2000 },
            singleOnly: { type: 'boolean' },
            widgetLayout: { type: 'object' },
            schema: { type: 'object' },
          },
        },
      },
    },
  },
  'manifest',
);

/**
 * Checks a plugin package: the manifest's fields (errors name the path, as `manifest.extensions[0].id`),
 * unique extension ids, a `<extensionId>.js` for each extension, text files only, size limits.
 */
export function validatePluginPackage(manifest: unknown, files: unknown): PluginPackage {
  const m = checkManifest(manifest);
  m.extensions.forEach((e, i) => {
    for (const key of ['widgetLayout', 'schema'] as const) {
      if (e[key] !== undefined && JSON.stringify(e[key]).length > MAX_FREE_FORM_CHARS) {
        throw new InputError(`manifest.extensions[${i}].${key}`, `manifest.extensions[${i}].${key}: at most ${MAX_FREE_FORM_CHARS} characters as JSON`);
      }
    }
  });
  if (m.extensions.length === 0) throw new InputError('manifest.extensions', 'manifest.extensions: a plugin needs at least one extension');
  const seen = new Set<string>();
  m.extensions.forEach((e, i) => {
    if (seen.has(e.id)) throw new InputError(`manifest.extensions[${i}].id`, `manifest.extensions[${i}].id: "${e.id}" appears twice`);
    seen.add(e.id);
  });
  if (typeof files !== 'object' || files === null || Array.isArray(files))
    throw new InputError('files', 'files: must be an object of file name to source text');
  const entries = Object.entries(files as Record<string, unknown>);
  if (entries.length > MAX_FILES) throw new InputError('files', `files: at most ${MAX_FILES} files`);
  let total = 0;
  for (const [name, source] of entries) {
    if (typeof source !== 'string') throw new InputError(`files.${name}`, `files.${name}: must be the file's text`);
    total += Buffer.byteLength(source);
  }
  if (total > MAX_PLUGIN_BYTES) throw new InputError('files', `files: at most ${MAX_PLUGIN_BYTES} bytes of code in all`);
  for (const e of m.extensions) {
    // A widget needs its script at install; a block's missing script is said in the console where it is placed.
    if (e.type === 'widget' && typeof (files as Record<string, unknown>)[`${e.id}.js`] !== 'string') {
      throw new InputError(`files.${e.id}.js`, `files: extension "${e.id}" needs a file "${e.id}.js"`);
    }
  }
  return { manifest: m, files: files as Record<string, string> };
}

/** Reads a plugin zip: `plugin.json` and the extensions' scripts, at the zip's root or in one folder. */
export async function readPluginZip(zip: Buffer): Promise<PluginPackage> {
  const texts = await new Promise<Map<string, string>>((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, file) => {
      if (err || !file) return reject(new InputError('file', `the plugin is not a readable zip: ${err?.message}`));
      const out = new Map<string, string>();
      let total = 0;
      file.on('error', (e: Error) => reject(new InputError('file', `the plugin zip is corrupt: ${e.message}`)));
      file.on('end', () => resolve(out));
      file.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return file.readEntry();
        total += entry.uncompressedSize;
        if (out.size >= MAX_FILES || total > MAX_PLUGIN_BYTES) return reject(new InputError('file', 'the plugin zip is too large'));
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(new InputError('file', `cannot read ${entry.fileName}`));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', (se: Error) => reject(new InputError('file', `cannot read ${entry.fileName}: ${se.message}`)));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
  return packageFromFiles(texts, 'the plugin zip');
}

/**
 * A package from its files by path: `plugin.json` or `reearth.yml` at the root or in one folder,
 * and the files beside it.
 */
export function packageFromFiles(texts: Map<string, string>, where: string): PluginPackage {
  const names = ['plugin.json', REEARTH_MANIFEST];
  const manifestPath = [...texts.keys()].find((p) => names.some((n) => p === n || (p.endsWith(`/${n}`) && p.split('/').length === 2)));
  if (!manifestPath) throw new InputError('file', `${where} has no plugin.json or ${REEARTH_MANIFEST}`);
  const name = manifestPath.split('/').pop()!;
  const folder = manifestPath.slice(0, manifestPath.length - name.length);
  let manifest: unknown;
  if (name === REEARTH_MANIFEST) manifest = readReearthManifest(texts.get(manifestPath)!);
  else {
    try {
      manifest = JSON.parse(texts.get(manifestPath)!);
    } catch (err) {
      throw new InputError('plugin.json', `plugin.json is not JSON: ${(err as Error).message}`);
    }
  }
  const files: Record<string, string> = {};
  for (const [path, text] of texts) if (path !== manifestPath && path.startsWith(folder)) files[path.slice(folder.length)] = text;
  return validatePluginPackage(manifest, files);
}

/**
 * The JSON form of an install: `{manifest, files}`, or Re:Earth's `{files}` whose
 * `files["reearth.yml"]` is the manifest (it stays out of the stored files).
 */
export function packageFromJson(body: { manifest?: unknown; files?: unknown } | undefined): PluginPackage {
  const files = body?.files;
  const yml = typeof files === 'object' && files !== null && !Array.isArray(files) ? (files as Record<string, unknown>)[REEARTH_MANIFEST] : undefined;
  if (body?.manifest === undefined && typeof yml === 'string') {
    const { [REEARTH_MANIFEST]: _manifest, ...rest } = files as Record<string, unknown>;
    return validatePluginPackage(readReearthManifest(yml, `files.${REEARTH_MANIFEST}`), rest);
  }
  return validatePluginPackage(body?.manifest, files);
}
