import { parse, YAMLParseError } from 'yaml';
import { InputError } from '../input-error.js';

/** The file name of Re:Earth's plugin manifest (docs/contract.md §8 "Compatibility"). */
export const REEARTH_MANIFEST = 'reearth.yml';

/**
 * Reads Re:Earth's `reearth.yml` into the manifest form that `validatePluginPackage` checks, marked
 * `reearth: true` (its sandboxes also get the global `reearth`). The YAML is read with the `yaml`
 * package (YAML 1.2, no custom tags, so no code runs); what YAML types differently than the JSON
 * form is normalised: a version written `1.0` is the string "1.0", a translated `name` or
 * `description` (`{en: …, ja: …}`) is its English text (or the first one).
 */
export function readReearthManifest(text: string, path = REEARTH_MANIFEST): Record<string, unknown> {
  let doc: unknown;
  try {
    doc = parse(text, { maxAliasCount: 100, prettyErrors: true });
  } catch (err) {
    const message = err instanceof YAMLParseError ? err.message.split('\n')[0] : String(err);
    throw new InputError(path, `${path} is not valid YAML: ${message}`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new InputError(path, `${path}: must be a YAML mapping with id, name, version and extensions`);
  const manifest: Record<string, unknown> = { ...(doc as Record<string, unknown>), reearth: true };
  if (typeof manifest.version === 'number') manifest.version = String(manifest.version);
  for (const key of ['name', 'description'] as const) manifest[key] = translated(manifest[key]);
  if (Array.isArray(manifest.extensions)) {
    manifest.extensions = manifest.extensions.map((e: unknown) => {
      if (typeof e !== 'object' || e === null || Array.isArray(e)) return e;
      const extension = { ...(e as Record<string, unknown>) };
      for (const key of ['name', 'description'] as const) extension[key] = translated(extension[key]);
      return extension;
    });
  }
  return manifest;
}

/** Re:Earth lets a name be a map of language to text: Orbis shows the English one. */
function translated(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const texts = value as Record<string, unknown>;
  return texts.en ?? Object.values(texts).find((v) => typeof v === 'string') ?? value;
}
