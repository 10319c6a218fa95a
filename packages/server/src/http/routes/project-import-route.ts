import type { FastifyInstance } from 'fastify';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import { InputError } from '../../input-error.js';
import { ApiError } from '../transport/api-error.js';
import { importProject } from '../../projects/project-import.js';
import type { AppContext } from '../app-context.js';
import { auditActor, grantOf, setGrant, userOf } from '../auth/actor.js';
import { fileRoutes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';

/** `POST /api/projects/import` (docs/contract.md §20): a zip of `orbis project export` becomes a new project, the caller its owner. */
export function projectImportRoute(app: FastifyInstance, ctx: AppContext): void {
  declaredRoute(app, fileRoutes.projectImport, async (request, reply) => {
    if (!request.isMultipart()) throw new InputError('file', 'send multipart/form-data with the zip as the field "file"');
    const part = (await request.file({ limits: { fileSize: ctx.maxUploadBytes } })) as MultipartFile | undefined;
    if (!part) throw new InputError('file', 'send the project zip as the multipart field "file"');
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw new InputError('file', `unexpected file field "${String(part.fieldname).slice(0, 60)}"; use "file"`);
    }
    // Past the limit busboy cuts the file short and says so only by this event: the zip would read as cut off.
    part.file.once('limit', () =>
      part.file.destroy(new ApiError('payload_too_large', `a project zip may have at most ${ctx.maxUploadBytes} bytes (ORBIS_MAX_UPLOAD_MB)`)),
    );
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
