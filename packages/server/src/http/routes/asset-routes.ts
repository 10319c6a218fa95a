import { assetRoutes as routes } from '@orbis/contract';
import { declaredRoute } from '../transport/declared-route.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { assetRecord } from '../../assets/asset-record.js';
import type { StagedFile } from '../../assets/asset-service.js';
import { isId } from '../../records/ids.js';
import { isStorageFault } from '../../storage/storage-fault.js';
import { InputError } from '../../input-error.js';
import type { Project } from '../../store/store.js';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { assetSource, pageQueryOf, sendListing } from '../listing/listing-reply.js';
import { projectOr404 } from '../project-param.js';
import { conditionalWrite, tagAnswer, versionTag } from '../transport/preconditions.js';

/** An asset record's version: what a PATCH changes (docs/collaboration.md). */
const assetTag = (a: { id: string; name: string; public: boolean }) => versionTag({ id: a.id, name: a.name, public: a.public });

function parsePublicField(value: unknown): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new InputError('public', 'field "public" must be "true" or "false"');
}

/**
 * Reads a multipart upload: every `file` part is staged to storage as it streams in, the
 * `public` field may come before or after the files, and nothing is recorded until the whole
 * request has been read. Any failure discards what was staged.
 */
async function receiveUpload(ctx: AppContext, request: FastifyRequest, project: Project) {
  if (!request.isMultipart()) {
    throw new InputError('file', 'send multipart/form-data with one or more "file" fields');
  }
  const staged: StagedFile[] = [];
  let isPublic: boolean | undefined;
  try {
    const parts = request.parts()[Symbol.asyncIterator]();
    for (;;) {
      const next = await parts.next().catch(unreadableBody);
      if (next.done) break;
      const part = next.value;
      if (part.type === 'file') {
        const file = part as MultipartFile;
        if (file.fieldname !== 'file') {
          file.file.resume();
          // A part whose Content-Disposition cannot be read has no field name at all.
          const field = String(file.fieldname ?? '');
          throw new InputError(field || 'file', `unexpected file field "${field.slice(0, 60)}"; use "file"`);
        }
        // busboy reads a part typed application/octet-stream as a file even when its
        // Content-Disposition names no file (or hides the name behind a stray byte).
        if (typeof file.filename !== 'string') {
          file.file.resume();
          throw new InputError('file', 'a "file" part has no file name (Content-Disposition: form-data; name="file"; filename="...")');
        }
        // A failure of the part's own stream (a cut or malformed body) is the client's, not ours;
        // a full disk or a failing store is ours, whichever stream it surfaced on.
        let bodyError: Error | undefined;
        file.file.once('error', (err: Error) => (bodyError = err));
        try {
          staged.push(await ctx.assets.stage(project, file.filename, file.file));
          // ORBIS_MAX_UPLOAD_MB bounds the whole upload, not each file alone.
          const total = staged.reduce((sum, s) => sum + s.size, 0);
          if (total > ctx.maxUploadBytes) throw new ApiError('payload_too_large', `the files of one upload are at most ${ctx.maxUploadBytes} bytes in all`);
        } catch (err) {
          // `errored` also covers a stream that failed before the listener above was attached.
          const cause = bodyError ?? file.file.errored;
          if (cause && !(err instanceof InputError) && !isStorageFault(err) && !isStorageFault(cause)) unreadableBody(cause);
          throw err;
        }
      } else if (part.fieldname === 'public' && isPublic === undefined) {
        // Like a repeated query parameter, a repeated field counts once: the first.
        isPublic = parsePublicField(part.value);
      }
    }
    if (staged.length === 0) throw new InputError('file', 'the upload has no "file" field');
    return await ctx.assets.commit(staged, isPublic ?? false);
  } catch (err) {
    await ctx.assets.discard(staged);
    throw err;
  }
}

/** A multipart body the parser could not read: 413 for its limits, else 400 naming the cause. */
function unreadableBody(err: unknown): never {
  const status = (err as { statusCode?: number }).statusCode;
  if (status === 413) throw err;
  throw new InputError('body', `the multipart body could not be read: ${(err as Error).message}`);
}

/** `/api/projects/{p}/assets`: upload, list (public or not), change, delete. */
export function assetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const record = (project: Project) => (a: Parameters<typeof assetRecord>[0]) => assetRecord(a, ctx.publicUrl, project.alias, true);

  declaredRoute(app, routes.upload, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    const assets = await receiveUpload(ctx, request, project);
    const records = assets.map(record(project));
    return reply.code(201).send(records.length === 1 ? records[0] : records);
  });

  declaredRoute(app, routes.list, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    return sendListing(ctx, request, reply, assetSource(ctx, request, project, false), pageQueryOf(request));
  });

  const assetOr404 = async (project: Project, id: string) => {
    const asset = isId(id) ? await ctx.store.getAsset(project.id, id) : undefined;
    if (!asset) throw new ApiError('not_found', `asset "${id.slice(0, 80)}" does not exist`);
    return asset;
  };

  declaredRoute(app, routes.get, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    const asset = await assetOr404(project, request.params.id);
    tagAnswer(reply, assetTag(asset));
    return record(project)(asset);
  });

  declaredRoute(app, routes.update, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    const patch = { public: request.body.public, name: request.body.name };
    const key = `asset:${project.id}:${request.params.id}`;
    const updated = await conditionalWrite(
      request,
      reply,
      key,
      async () => assetTag(await assetOr404(project, request.params.id)),
      async () => {
        await assetOr404(project, request.params.id);
        const done = await ctx.assets.update(project, request.params.id, patch);
        if (!done) throw new ApiError('not_found', `asset "${request.params.id}" does not exist`);
        return done;
      },
      assetTag,
    );
    return record(project)(updated);
  });

  declaredRoute(app, routes.remove, async (request, reply) => {
    const project = await projectOr404(ctx, request.params.project);
    const key = `asset:${project.id}:${request.params.id}`;
    await conditionalWrite(
      request,
      reply,
      key,
      async () => assetTag(await assetOr404(project, request.params.id)),
      async () => {
        if (!(await ctx.assets.remove(project, request.params.id))) {
          throw new ApiError('not_found', `asset "${request.params.id.slice(0, 80)}" does not exist`);
        }
      },
    );
    return reply.code(204).send();
  });
}
