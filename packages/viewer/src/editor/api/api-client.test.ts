import { assetRoutes, fileRoutes, memberRoutes, projectRoutes, requestRoutes, sceneRoutes, sessionRoutes } from '@orbis/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient, ApiError } from './api-client.js';

/** What the client sent, and a server answer to give it (the real server answers in the editor's browser tests). */
function answering(status: number, body?: unknown, headers: Record<string, string> = {}) {
  const sent: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    const json = body === undefined ? null : JSON.stringify(body);
    return new Response(json, { status, headers: { ...(json ? { 'content-type': 'application/json; charset=utf-8' } : {}), ...headers } });
  });
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('the typed client of the management API (@orbis/contract)', () => {
  const client = new ApiClient({ authorization: 'Bearer t' });

  it('calls a route by its declaration: method, path with its parameters encoded, JSON body, credentials', async () => {
    const sent = answering(200, { alias: 'a b' }, { etag: '"v2"' });
    const answer = await client.send(projectRoutes.update, { params: { project: 'a b' }, body: { visibility: 'private' }, ifMatch: '"v1"' });
    expect(sent[0]!.url).toBe('/api/projects/a%20b');
    expect(sent[0]!.init.method).toBe('PATCH');
    expect(sent[0]!.init.headers).toEqual({ authorization: 'Bearer t', 'content-type': 'application/json', 'if-match': '"v1"' });
    expect(sent[0]!.init.body).toBe('{"visibility":"private"}');
    expect(answer).toEqual({ body: { alias: 'a b' }, etag: '"v2"' });
  });

  it('puts the query after the path, leaving out what is undefined', async () => {
    const sent = answering(200, []);
    await client.call(requestRoutes.list, { params: { project: 'p' }, query: { state: 'open' } });
    await client.call(requestRoutes.list, { params: { project: 'p' }, query: { state: undefined } });
    expect(sent.map((s) => s.url)).toEqual(['/api/projects/p/requests?state=open', '/api/projects/p/requests']);
  });

  it('answers undefined for a 304 to If-None-Match, and asks the server rather than the cache', async () => {
    const sent = answering(304);
    expect(await client.send(projectRoutes.get, { params: { project: 'p' }, ifNoneMatch: '"v1"' })).toBeUndefined();
    expect(sent[0]!.init).toMatchObject({ cache: 'no-store', headers: { 'if-none-match': '"v1"' } });
  });

  it('throws an ApiError with the code the server declares, and "unknown" for a code it does not', async () => {
    answering(412, { error: { code: 'precondition_failed', message: 'someone saved a newer version' } });
    const err = await client.call(sceneRoutes.put, { params: { project: 'p' }, body: { version: 1 } as never, ifMatch: '"old"' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 412, code: 'precondition_failed', message: 'someone saved a newer version' });
    answering(502, { error: { code: 'bad_gateway' } });
    await expect(client.call(projectRoutes.list, {})).rejects.toMatchObject({ status: 502, code: 'unknown' });
  });

  it('answers undefined for a 204, and sends no body and no content type where there is none', async () => {
    const sent = answering(204);
    expect(await client.call(assetRoutes.remove, { params: { project: 'p', id: 'x' } })).toBeUndefined();
    await new ApiClient().call(sessionRoutes.accept, { params: { id: 'i' }, body: undefined });
    expect(sent.map((s) => [s.init.body, s.init.headers])).toEqual([
      [undefined, { authorization: 'Bearer t' }],
      [undefined, {}],
    ]);
  });

  it('sends a form as it is: multipart, its boundary set by fetch', async () => {
    const sent = answering(201, { project: { alias: 'p' } });
    const form = new FormData();
    form.append('file', new Blob(['zip']), 'p.zip');
    await client.call(fileRoutes.projectImport, { body: form });
    expect(sent[0]!.init.body).toBe(form);
    expect(sent[0]!.init.headers).toEqual({ authorization: 'Bearer t' });
  });
});

/**
 * Calls with a wrong body, wrong parameters or a misspelt error code do not compile: `npm run
 * typecheck` fails if any of these lines stops being an error. Never run.
 */
export function wrongCalls(client: ApiClient, err: ApiError): void {
  // @ts-expect-error a visibility that is not one
  void client.call(projectRoutes.update, { params: { project: 'p' }, body: { visibility: 'secret' } });
  // @ts-expect-error a field the route does not take
  void client.call(projectRoutes.update, { params: { project: 'p' }, body: { colour: 'red' } });
  // @ts-expect-error no alias: creating a project needs one
  void client.call(projectRoutes.create, { body: { name: 'x' } });
  // @ts-expect-error a role that is not one
  void client.call(memberRoutes.add, { params: { project: 'p' }, body: { email: 'a@b.c', role: 'admin' } });
  // @ts-expect-error the member route names a userId, not an id
  void client.call(memberRoutes.remove, { params: { project: 'p', id: 'u' } });
  // @ts-expect-error a route with a project needs it
  void client.call(projectRoutes.get, {});
  // @ts-expect-error a route that takes no body
  void client.call(projectRoutes.remove, { params: { project: 'p' }, body: {} });
  // @ts-expect-error not an error code of the server
  if (err.code === 'precondition_faild') return;
}
