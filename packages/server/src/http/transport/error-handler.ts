import type { FastifyError, FastifyInstance } from 'fastify';
import { ArchiveError } from '../../assets/archive.js';
import { InvalidCursorError } from '../../assets/cursor.js';
import { PageQueryError } from '../../assets/page-query.js';
import { InputError } from '../../input-error.js';
import { StoreBusyError, StoreConflictError, StoreNotFoundError } from '../../store/store.js';
import type { ErrorCode } from '@orbis/contract';
import { ApiError, errorBody } from './api-error.js';
import { drainUnreadBody } from './unread-body.js';

/**
 * A route schema's refusal (Fastify's Ajv) as docs/contract.md §2 codes it: a body is `invalid_body`, a path
 * or query parameter `invalid_parameter`; the message names the field.
 */
function validationError(err: FastifyError): ApiError {
  const first = err.validation![0]!;
  const where = err.validationContext === 'body' ? 'body' : 'parameter';
  const path = first.instancePath.split('/').slice(1).join('.');
  const params = first.params as { additionalProperty?: string; missingProperty?: string };
  let message: string;
  if (first.keyword === 'additionalProperties') message = `unknown field "${String(params.additionalProperty).slice(0, 60)}"${path ? ` in ${path}` : ''}`;
  else if (first.keyword === 'required') message = `"${[path, params.missingProperty].filter(Boolean).join('.')}" is required`;
  else
    message = path
      ? `"${path}" ${first.message ?? 'is not valid'}`
      : `the ${where === 'body' ? 'body' : err.validationContext} ${first.message ?? 'is not valid'}`;
  return new ApiError(where === 'body' ? 'invalid_body' : 'invalid_parameter', message);
}

/** Maps any thrown value to an ApiError; anything unknown becomes `internal` with no detail. */
export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if ((err as FastifyError | undefined)?.validation) return validationError(err as FastifyError);
  if (err instanceof PageQueryError) return new ApiError('invalid_parameter', err.message);
  if (err instanceof InvalidCursorError) return new ApiError('invalid_cursor', err.message);
  if (err instanceof InputError) return new ApiError('invalid_body', err.message);
  if (err instanceof StoreConflictError) return new ApiError('conflict', err.message);
  if (err instanceof StoreNotFoundError) return new ApiError('not_found', 'the project was deleted meanwhile');
  if (err instanceof StoreBusyError) return new ApiError('unavailable', err.message, err.retryAfterSeconds);
  if (err instanceof ArchiveError) return new ApiError(err.kind === 'too_large' ? 'payload_too_large' : 'invalid_body', err.message);
  const status = (err as FastifyError | undefined)?.statusCode;
  if (status === 413) return new ApiError('payload_too_large', 'the request body is larger than this server accepts');
  // @fastify/static refuses a path that leaves its root (`..`, a NUL) with a bare 403: no file has that name.
  if (status === 403) return new ApiError('not_found', 'no such file');
  if (status !== undefined && status >= 400 && status < 500) {
    const code: ErrorCode = status === 404 ? 'not_found' : 'invalid_body';
    return new ApiError(code, (err as Error).message || 'the request could not be read');
  }
  return new ApiError('internal', 'internal server error');
}

/**
 * Installs the single error handler and the not-found handler. A body left unread by a refusal (a `reader`'s upload)
 * is read and discarded first, up to `drainBytes`, so that a client still sending gets the answer; a longer body,
 * or one a parser had begun, would pin the connection: it is answered and the connection closed.
 */
export function installErrorHandling(app: FastifyInstance, { drainBytes }: { drainBytes: number }): void {
  app.setErrorHandler(async (err, request, reply) => {
    const apiError = toApiError(err);
    if (apiError.code === 'internal') request.log.error({ err }, 'request failed');
    if (reply.sent || reply.raw.headersSent) {
      reply.raw.destroy();
      return reply;
    }
    if (!(await drainUnreadBody(request.raw, drainBytes))) reply.header('Connection', 'close');
    if (apiError.retryAfterSeconds !== undefined) reply.header('retry-after', String(apiError.retryAfterSeconds));
    return reply.code(apiError.status).type('application/json; charset=utf-8').send(errorBody(apiError.code, apiError.message));
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send(errorBody('not_found', `no route ${request.method} ${request.url.split('?')[0]}`));
  });
}
