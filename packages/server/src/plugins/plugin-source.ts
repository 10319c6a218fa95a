import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { InputError } from '../input-error.js';
import { MAX_PLUGIN_BYTES, packageFromFiles, type PluginPackage, readPluginZip } from './plugin-package.js';

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
  return packageFromFiles(texts, `the folder "${path}"`);
}
