import { VISIBILITIES, type Visibility } from '@orbis/contract';
import { ROLES } from '@orbis/scene/roles';
import { jsonInput } from '../json-input.js';
import { ALIAS_PATTERN } from '@orbis/scene/checks';
import type { VersionActor } from '../store/store.js';

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
  /** Each model's items are `models/{key}.ndjson`, one `{"id","public","fields"}` a line, in id order (`id` absent in older exports); with `versions`, their versions are `models/{key}.versions.ndjson`, one `{"id","version","at","actor","public","fields"}` a line, grouped by item. */
  models: { key: string; name: string; public: boolean; review?: boolean; fields: unknown[]; items: number; versions?: boolean; drafts?: boolean }[];
  /** Whether `requests.json` (the review requests, `ExportedRequest`s) is in the zip. */
  requests?: boolean;
  /** `plugins/{n}.json`, the packages in install order. */
  plugins: number;
  members: { email: string; role: (typeof ROLES)[number] }[];
  /** The project's webhooks, without their secrets (absent in older exports). */
  webhooks?: { url: string; triggers: string[]; active: boolean }[];
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
        properties: {
          id: { type: 'string', pattern: ULID },
          name: { type: 'string', maxLength: 1024 },
          public: { type: 'boolean' },
          contentType: { type: 'string', maxLength: 255 },
          size: count,
        },
      },
    },
    models: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        required: ['key', 'name', 'public', 'fields', 'items'],
        additionalProperties: false,
        properties: {
          key: { type: 'string', pattern: '^[a-z][a-z0-9_-]{0,62}$' },
          name: text,
          public: { type: 'boolean' },
          review: { type: 'boolean' },
          fields: { type: 'array', maxItems: 1000 },
          items: count,
          versions: { type: 'boolean' },
          drafts: { type: 'boolean' },
        },
      },
    },
    plugins: { type: 'integer', minimum: 0, maximum: 1000 },
    members: {
      type: 'array',
      maxItems: 100_000,
      items: {
        type: 'object',
        required: ['email', 'role'],
        additionalProperties: false,
        properties: { email: { type: 'string', maxLength: 320 }, role: { enum: [...ROLES] } },
      },
    },
    webhooks: {
      type: 'array',
      maxItems: 1000,
      items: {
        type: 'object',
        required: ['url', 'triggers', 'active'],
        additionalProperties: false,
        properties: {
          url: { type: 'string', maxLength: 2048 },
          triggers: { type: 'array', maxItems: 20, items: { type: 'string', maxLength: 40 } },
          active: { type: 'boolean' },
        },
      },
    },
    scene: { type: 'boolean' },
    publication: { type: 'boolean' },
    requests: { type: 'boolean' },
  },
};

/** The most review requests an export carries (a project's newest). */
export const MAX_EXPORTED_REQUESTS = 100_000;

/** A review request in `requests.json`: its items by model key and exported id, its reviewers by email. */
export interface ExportedRequest {
  id: string;
  title: string;
  items: { model: string; id: string }[];
  reviewers: string[];
  state: 'open' | 'approved' | 'declined';
  createdBy: VersionActor;
  createdAt: string;
  closedBy: VersionActor | null;
  closedAt: string | null;
  comment: string | null;
}

const actor = { type: 'object', required: ['type'], properties: { type: { type: 'string', maxLength: 20 } } };
const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
const instant = { type: 'string', maxLength: 64, pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$' };

/** `requests.json`'s JSON Schema. */
const REQUESTS_SCHEMA = {
  type: 'array',
  maxItems: MAX_EXPORTED_REQUESTS,
  items: {
    type: 'object',
    required: ['id', 'title', 'items', 'reviewers', 'state', 'createdBy', 'createdAt', 'closedBy', 'closedAt', 'comment'],
    additionalProperties: false,
    properties: {
      id: { type: 'string', maxLength: 64 },
      title: text,
      items: {
        type: 'array',
        maxItems: 10_000,
        items: {
          type: 'object',
          required: ['model', 'id'],
          additionalProperties: false,
          properties: { model: { type: 'string', maxLength: 64 }, id: { type: 'string', maxLength: 64 } },
        },
      },
      reviewers: { type: 'array', maxItems: 1000, items: { type: 'string', maxLength: 320 } },
      state: { enum: ['open', 'approved', 'declined'] },
      createdBy: actor,
      createdAt: instant,
      closedBy: nullable(actor),
      closedAt: nullable(instant),
      comment: nullable(text),
    },
  },
};

/** Checks a parsed `requests.json`; throws an InputError naming the first bad field. */
export const checkRequests = jsonInput<ExportedRequest[]>(REQUESTS_SCHEMA, 'requests.json');

/** Checks a parsed manifest; throws an InputError naming the first bad field as `orbis-project.json: assets[0].id: …`. */
export const checkManifest = jsonInput<ProjectManifest>(MANIFEST_SCHEMA, PROJECT_MANIFEST);
