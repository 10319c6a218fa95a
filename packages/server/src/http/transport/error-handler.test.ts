import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { InvalidCursorError } from '../../assets/cursor.js';
import { PageQueryError } from '../../assets/page-query.js';
import { InputError } from '../../input-error.js';
import { StoreBusyError, StoreConflictError } from '../../store/store.js';
import { ApiError } from './api-error.js';
import { installErrorHandling, toApiError } from './error-handler.js';

describe('error handling', () => {
  it('maps domain errors to their codes', () => {
    expect(toApiError(new PageQueryError('page', 'bad page'))).toMatchObject({ code: 'invalid_parameter', status: 400 });
    expect(toApiError(new InvalidCursorError())).toMatchObject({ code: 'invalid_cursor', status: 400 });
    expect(toApiError(new InputError('alias', 'bad alias'))).toMatchObject({ code: 'invalid_body', status: 400 });
    expect(toApiError(new StoreConflictError('taken'))).toMatchObject({ code: 'conflict', status: 409 });
    expect(toApiError(new StoreBusyError('an import holds the database', 5))).toMatchObject({ code: 'unavailable', status: 503, retryAfterSeconds: 5 });
    expect(toApiError(Object.assign(new Error('too big'), { statusCode: 413 }))).toMatchObject({ code: 'payload_too_large', status: 413 });
    expect(toApiError(new ApiError('no_assets', 'none'))).toMatchObject({ code: 'no_assets', status: 404 });
  });

  it('answers an unexpected failure with a bare 500 that shows no internals', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app, { drainBytes: 1024 });
    app.get('/boom', async () => {
      throw new Error('SQLITE_CORRUPT at /var/lib/orbis/data/orbis.db');
    });
    app.get('/type', async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'id')");
    });
    for (const url of ['/boom', '/type']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'internal', message: 'internal server error' } });
    }
    await app.close();
  });

  it('answers a write that waited too long for the store with 503 unavailable and Retry-After', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app, { drainBytes: 1024 });
    app.post('/write', async () => {
      throw new StoreBusyError('an import is still recording its items: the write waited 30 s', 5);
    });
    const res = await app.inject({ method: 'POST', url: '/write' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: { code: 'unavailable', message: 'an import is still recording its items: the write waited 30 s' } });
    await app.close();
  });
});
