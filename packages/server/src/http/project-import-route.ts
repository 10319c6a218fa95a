import type { FastifyInstance } from 'fastify';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { InputError } from '../input-error.js';
import { ApiError } from './api-error.js';
import { importProject } from '../projects/project-import.js';
import type { AppContext } from './app-context.js';
import { auditActor, grantOf, setGrant, userOf } from './auth/actor.js';
import { adminSecurity, answer, failure } from './schemas.js';

const entries = (description: string, properties: Record<string, object>) => ({ description, type: 'array', items: { type: 'object', properties } });
const member = { email: { type: 'string' }, role: { type: 'string' } };

/** The answer of an import: the new project and what came with it (docs/operations.md, "Import a project"). */
const IMPORT_REPORT = {
  description: 'the new project, what it holds, and the members matched with users of this server or skipped',
  type: 'object',
  properties: {
    project: answer('Project', 'the new project'),
    assets: { type: 'integer' },
    models: { type: 'integer' },
    items: { type: 'integer' },
    plugins: { type: 'integer' },
    scene: { type: 'boolean' },
    publication: { type: 'boolean' },
    members: { type: 'object', properties: { added: entries('members given their role', member), skipped: entries('members with no user of this email here', { ...member, reason: { type: 'string' } }) } },
    webhooks: {
      type: 'object',
      properties: {
        added: entries('webhooks made inactive, each with a new secret shown only here', { id: { type: 'string' }, url: { type: 'string' }, secret: { type: 'string' } }),
        skipped: entries('webhooks whose URL this server refuses', { url: { type: 'string' }, reason: { type: 'string' } }),
      },
    },
  },
};

/** `POST /api/projects/import` (docs/contract.md §20): a zip of `orbis project export` becomes a new project, the caller its owner. */
export function projectImportRoute(app: FastifyInstance, ctx: AppContext): void {
  const body = { content: { 'multipart/form-data': { schema: { properties: { alias: { type: 'string', description: 'the new project\'s alias, when not the exported one (send it before the file)' }, file: { description: 'the zip of orbis project export' } } } } } };
  app.post('/api/projects/import', { schema: { summary: 'Import a project exported by `orbis project export`; all or nothing, the caller becomes its owner', security: adminSecurity, body, response: { 201: IMPORT_REPORT, 400: failure('invalid_body: not a project export, or a hostile zip'), 409: failure('conflict: the alias exists'), 413: failure('payload_too_large') } } }, async (request, reply) => {
    if (!request.isMultipart()) throw new InputError('file', 'send multipart/form-data with the zip as the field "file"');
    const part = (await request.file({ limits: { fileSize: ctx.maxUploadBytes } })) as MultipartFile | undefined;
    if (!part) throw new InputError('file', 'send the project zip as the multipart field "file"');
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw new InputError('file', `unexpected file field "${String(part.fieldname).slice(0, 60)}"; use "file"`);
    }
    // Past the limit busboy cuts the file short and says so only by this event: the zip would read as cut off.
    part.file.once('limit', () => part.file.destroy(new ApiError('payload_too_large', `a project zip may have at most ${ctx.maxUploadBytes} bytes (ORBIS_MAX_UPLOAD_MB)`)));
    const aliasField = part.fields.alias as MultipartValue | undefined;
    const alias = aliasField === undefined ? undefined : String(aliasField.value);
    const grant = grantOf(request);
    const report = await importProject(ctx, part.file, { alias, owner: userOf(request), actor: auditActor(grant.actor) });
    // The audit log names the new project (`guard.ts` writes it once the answer goes).
    const project = await ctx.store.getProjectById(report.project.id);
    if (project) setGrant(request, { ...grant, project });
    return reply.code(201).send(report);
  });
}
