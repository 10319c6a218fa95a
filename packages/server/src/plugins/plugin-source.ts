import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { InputError } from '../input-error.js';
import { MAX_PLUGIN_BYTES, packageFromFiles, type PluginPackage, readPluginZip } from './plugin-package.js';
import { readReearthManifest, REEARTH_MANIFEST } from './reearth-manifest.js';

/** The files of a plugin folder that are its text: scripts, manifests, UI markup and styles. */
const TEXT_FILES = new Set(['.js', '.mjs', '.json', '.yml', '.yaml', '.html', '.css', '.md', '.txt', '.svg']);
const MAX_FOLDER_FILES = 200;

/**
 * Reads a plugin from disk for `orbis plugin install <folder|zip>`: a zip as the HTTP upload reads
 * it, or a folder whose text files (not `node_modules`, not dot-files) are the package.
 */
export async function readPluginSource(path: string): Promise<PluginPackage> {
  const info = await stat(path).catch(() => undefined);
  if (!info) throw new InputError('file', `"${path}" does not exist`);
  if (info.isFile()) return readPluginZip(await readFile(path));
  if (!info.isDirectory()) throw new InputError('file', `"${path}" is neither a folder nor a zip`);
  const texts = new Map<string, string>();
  let total = 0;
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && TEXT_FILES.has(extname(entry.name).toLowerCase())) {
        const text = await readFile(full, 'utf8');
        total += Buffer.byteLength(text);
        if (texts.size >= MAX_FOLDER_FILES || total > MAX_PLUGIN_BYTES) throw new InputError('file', `the plugin folder "${path}" is too large`);
        texts.set(relative(path, full).split(sep).join('/'), text);
      }
    }
  };
  await walk(path);
  await bundleTypeScript(path, texts);
  return packageFromFiles(texts, `the folder "${path}"`);
}

/** The extension ids a folder's root manifest names; none when it cannot be read (packageFromFiles then says why). */
function extensionIds(texts: Map<string, string>): string[] {
  try {
    const yml = texts.get(REEARTH_MANIFEST);
    const manifest = (yml !== undefined ? readReearthManifest(yml) : JSON.parse(texts.get('plugin.json') ?? '{}')) as { extensions?: { id?: unknown }[] };
    return (manifest.extensions ?? []).map((e) => e.id).filter((id): id is string => typeof id === 'string');
  } catch {
    return [];
  }
}

/**
 * A plugin written in TypeScript: each extension's `<extensionId>.ts` at the folder's root
 * without a `<extensionId>.js` beside it is bundled (its imports included) into
 * `<extensionId>.js` with esbuild, the bundler the field uses; only the script is kept. esbuild strips types and does not check them: authors
 * check with `tsc` against @orbis/plugin-api.
 */
async function bundleTypeScript(folder: string, texts: Map<string, string>): Promise<void> {
  const names = await readdir(folder);
  const entries = extensionIds(texts)
    .filter((id) => names.includes(`${id}.ts`) && !texts.has(`${id}.js`))
    .map((id) => `${id}.ts`);
  if (entries.length === 0) return;
  const { build } = await import('esbuild');
  for (const name of entries) {
    try {
      const result = await build({
        entryPoints: [join(folder, name)],
        bundle: true,
        write: false,
        format: 'iife',
        platform: 'neutral',
        target: 'es2020',
        logLevel: 'silent',
      });
      texts.set(name.replace(/\.ts$/, '.js'), result.outputFiles[0]!.text);
    } catch (err) {
      const first = (err as { errors?: { text: string; location?: { file: string; line: number } | null }[] }).errors?.[0];
      const at = first?.location ? ` (${first.location.file}:${first.location.line})` : '';
      throw new InputError('file', `${name} does not compile: ${first?.text ?? (err as Error).message}${at}`);
    }
  }
}
