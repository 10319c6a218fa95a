import { VISIBILITIES, type Visibility } from '@orbis/contract';
import { ROLES } from '@orbis/scene/roles';
import { jsonInput } from '../json-input.js';
import { ALIAS_PATTERN } from '@orbis/scene/checks';

/** The zip's manifest (its last entry): what the project is and where each of its parts lies (docs/operations.md, "Export a project"). */
export const PROJECT_MANIFEST = 'orbis-project.json';

/** The most bytes a manifest may have: it lists assets, models and members, not their contents. */
export const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

export interface ProjectManifest {
  format: 'orbis-project';
  version: 1;
  exportedAt: string;
  project: { alias: string; name: string; visibility: Visibility; description: string };
  /** Each asset's original file is `assets/{id}/original`. */
  assets: { id: string; name: string; public: boolean; contentType: string; size: number }[];
  /** Each model's items are `models/{key}.ndjson`, one `{"public","fields"}` a line, in id order. */
  models: { key: string; name: string; public: boolean; fields: unknown[]; items: number }[];
  /** `plugins/{n}.json`, the packages in install order. */
  plugins: number;
  members: { email: string; role: (typeof ROLES)[number] }[];
  /** Whether `scene.json` and `publication.json` (the published snapshot) are in the zip. */
  scene: boolean;
  publication: boolean;
}

const ULID = '^[0-9A-HJKMNP-TV-Z]{26}$';
const count = { type: 'integer', minimum: 0 };
const text = { type: 'string', maxLength: 10_000 };

/**
 * The manifest's JSON Schema, checked by the house's Ajv (`json-input.ts`) before an import reads
 * anything else. What each part holds (a field, a plugin, the scene) is checked by that part's own
 * rules as it is imported.
 */
const MANIFEST_SCHEMA = {
  type: 'object',
  required: ['format', 'version', 'project', 'assets', 'models', 'plugins', 'members', 'scene', 'publication'],
  additionalProperties: false,
  properties: {
    format: { const: 'orbis-project' },
    version: { const: 1 },
    exportedAt: { type: 'string', maxLength: 64 },
    project: {
      type: 'object',
      required: ['alias', 'name', 'visibility', 'description'],
      additionalProperties: false,
      properties: { alias: { type: 'string', pattern: ALIAS_PATTERN.source }, name: text, visibility: { enum: [...VISIBILITIES] }, description: text },
    },
    assets: {
      type: 'array',
      maxItems: 100_000,
      items: {
        type: 'object',
        required: ['id', 'name', 'public', 'contentType', 'size'],
        additionalProperties: false,
        properties: { id: { type: 'string', pattern: ULID }, name: { type: 'string', maxLength: 1024 }, public: { type: 'boolean' }, contentType: { type: 'string', maxLength: 255 }, size: count },
      },
    },
    models: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        required: ['key', 'name', 'public', 'fields', 'items'],
        additionalProperties: false,
        properties: { key: { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,62}$' }, name: text, public: { type: 'boolean' }, fields: { type: 'array', maxItems: 1000 }, items: count },
      },
    },
    plugins: { type: 'integer', minimum: 0, maximum: 1000 },
    members: {
      type: 'array',
      maxItems: 100_000,
      items: { type: 'object', required: ['email', 'role'], additionalProperties: false, properties: { email: { type: 'string', maxLength: 320 }, role: { enum: [...ROLES] } } },
    },
    scene: { type: 'boolean' },
    publication: { type: 'boolean' },
  },
};

/** Checks a parsed manifest; throws an InputError naming the first bad field as `orbis-project.json: assets[0].id: …`. */
export const checkManifest = jsonInput<ProjectManifest>(MANIFEST_SCHEMA, PROJECT_MANIFEST);
