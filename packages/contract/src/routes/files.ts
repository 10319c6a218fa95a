import { ACTION_ROLES } from '@orbis/scene/roles';
import { Type } from '@sinclair/typebox';
import { type ProjectRecord, ProjectSchema } from '../records.js';
import { declare } from '../route.js';
import { answer, failure, params, shaped, text } from '../schema-parts.js';

const P = '/api/projects/:project';
const READ = ACTION_ROLES['project.read'];

const tileParams = Type.Object({ project: text(), assetId: text(), z: text(), x: text(), file: text('`{y}.png` or `{y}.webp`') });

const entries = (description: string, properties: Record<string, object>) => ({ description, type: 'array', items: { type: 'object', properties } });
const member = { email: { type: 'string' }, role: { type: 'string' } };
type Entry = { email: string; role: string };

/** The answer of a project import: the new project and what came with it (docs/operations.md, "Import a project"). */
export interface ImportReport {
  project: ProjectRecord;
  assets: number;
  models: number;
  items: number;
  plugins: number;
  scene: boolean;
  publication: boolean;
  members: { added: Entry[]; skipped: (Entry & { reason: string })[] };
  /**
   * The webhooks made, each with a new secret shown here only, and inactive until a maintainer
   * turns it on (its receiver knows the old secret); and those whose URL this server refuses.
   */
  webhooks: { added: { id: string; url: string; secret: string }[]; skipped: { url: string; reason: string }[] };
}
/**
 * A GeoTIFF asset's conversion to tiled levels after its upload (docs/rasters.md): `none` (nothing
 * to convert, or it failed and the file is read as it is), `converting` with the levels made of
 * how many (0 of 0 while it waits), or `done`.
 */
export type ConversionState = { state: 'none' } | { state: 'converting'; levels: number; of: number } | { state: 'done' };
const CONVERSION_STATE = shaped<ConversionState>({
  description: "the conversion's state: none, converting (levels made of `of`), or done",
  type: 'object',
  required: ['state'],
  properties: { state: { type: 'string', enum: ['none', 'converting', 'done'] }, levels: { type: 'integer' }, of: { type: 'integer' } },
});

const IMPORT_REPORT = shaped<ImportReport>({
  description: 'the new project, what it holds, and the members matched with users of this server or skipped',
  type: 'object',
  properties: {
    project: answer(ProjectSchema, 'the new project'),
    assets: { type: 'integer' },
    models: { type: 'integer' },
    items: { type: 'integer' },
    plugins: { type: 'integer' },
    scene: { type: 'boolean' },
    publication: { type: 'boolean' },
    members: {
      type: 'object',
      properties: {
        added: entries('members given their role', member),
        skipped: entries('members with no user of this email here', { ...member, reason: { type: 'string' } }),
      },
    },
    webhooks: {
      type: 'object',
      properties: {
        added: entries('webhooks made inactive, each with a new secret shown only here', {
          id: { type: 'string' },
          url: { type: 'string' },
          secret: { type: 'string' },
        }),
        skipped: entries('webhooks whose URL this server refuses', { url: { type: 'string' }, reason: { type: 'string' } }),
      },
    },
  },
});

/**
 * The editor's reads of a project's files and what the server makes of them, behind the
 * management credentials: any asset's bytes, GeoTIFF and terrain tiles and pixel values, of an asset or a GeoTIFF named by URL (docs/contract.md §17), a GIS
 * file a layer names by URL (§13), and a project zip's import (§20). The reads' query and answer schemas
 * are shared with the public routes of the same bytes and stay beside those in the server
 * (`http/files/file-routes.ts`, `raster-routes.ts`, `url-layer-routes.ts`, `project-import-route.ts`).
 */
export const fileRoutes = {
  file: declare({
    method: 'GET',
    path: `${P}/files/:assetId/*`,
    summary: "Any asset's bytes, for the editor's preview",
    least: READ,
    params: Type.Object({ project: text(), assetId: text(), '*': text('the file name, or the path of a file inside an archive') }),
    answers: {},
  }),
  rasterTile: declare({
    method: 'GET',
    path: `${P}/rasters/:assetId/:z/:x/:file`,
    summary: 'A Web Mercator tile of any GeoTIFF asset, for the editor',
    least: READ,
    params: tileParams,
    answers: {},
  }),
  rasterValues: declare({
    method: 'GET',
    path: `${P}/rasters/:assetId/values`,
    summary: "Every band's value of any GeoTIFF asset's pixel under a longitude/latitude, for the editor's infobox",
    least: READ,
    params: Type.Object({ project: text(), assetId: text() }),
    answers: {},
  }),
  rasterConversion: declare({
    method: 'GET',
    path: `${P}/rasters/:assetId/conversion`,
    summary:
      'How far a plain GeoTIFF asset\'s conversion to tiled levels is (docs/rasters.md, "Plain GeoTIFFs"); tiles come from the file as it is until it is done',
    least: READ,
    params: Type.Object({ project: text(), assetId: text() }),
    answers: { 200: CONVERSION_STATE },
  }),
  terrainTile: declare({
    method: 'GET',
    path: `${P}/terrain/:assetId/:z/:x/:file`,
    summary: 'A terrain tile of any DEM GeoTIFF asset, for the editor',
    least: READ,
    params: tileParams,
    answers: {},
  }),
  urlRasterTile: declare({
    method: 'GET',
    path: `${P}/url-rasters/:z/:x/:file`,
    summary: 'A Web Mercator tile of a GeoTIFF named by URL, for the editor',
    least: READ,
    params: Type.Object({ project: text(), z: text(), x: text(), file: text('`{y}.png` or `{y}.webp`') }),
    answers: {},
  }),
  urlTerrainTile: declare({
    method: 'GET',
    path: `${P}/url-terrain/:z/:x/:file`,
    summary: 'A terrain tile (Terrarium heights) of a DEM GeoTIFF named by URL, for the editor (docs/rasters.md)',
    least: READ,
    params: Type.Object({ project: text(), z: text(), x: text(), file: text('`{y}.png`') }),
    answers: {},
  }),
  urlRasterValues: declare({
    method: 'GET',
    path: `${P}/url-rasters/values`,
    summary: "Every band's value of a GeoTIFF named by URL under a longitude/latitude, for the editor's infobox",
    least: READ,
    params: params.project,
    answers: {},
  }),
  urlLayer: declare({
    method: 'GET',
    path: `${P}/url-layer`,
    summary: 'A GIS file named by URL (shapefile zip, GeoPackage, FlatGeobuf, GeoJSON sequence, CSV of WKT), as WGS84 GeoJSON',
    least: READ,
    params: params.project,
    query: Type.Object({
      type: Type.String(),
      url: Type.String({ description: 'http or https' }),
      table: Type.Optional(Type.String()),
      wktColumn: Type.Optional(Type.String()),
    }),
    answers: {},
  }),
  projectImport: declare({
    method: 'POST',
    path: '/api/projects/import',
    summary: 'Import a project exported by `orbis project export`; all or nothing, the caller becomes its owner',
    least: 'signed-in',
    action: 'project.import',
    bodyByType: {
      'multipart/form-data': shaped<unknown>({
        properties: {
          alias: { type: 'string', description: "the new project's alias, when not the exported one (send it before the file)" },
          file: { description: 'the zip of orbis project export' },
        },
      }),
    },
    answers: {
      201: IMPORT_REPORT,
      400: failure('invalid_body: not a project export, or a hostile zip'),
      409: failure('conflict: the alias exists'),
      413: failure('payload_too_large'),
    },
  }),
};
