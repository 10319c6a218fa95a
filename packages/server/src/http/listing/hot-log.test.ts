import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Harness, startHarness } from '../../test/harness.js';
import { hotAnswers } from '../../test/hot-answers.js';

type Line = Record<string, unknown> & { reqId?: string; msg?: string };

/** A value's shape: its keys (nested) and the types of its leaves, whatever the values. */
function shape(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return typeof value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]));
}

/**
 * At the default level (`info`) every request is logged. The hot path (`hot-listing.ts`) answers
 * cached pages before Fastify routes them, so it writes the two lines Fastify's request logging
 * would: the same fields, the same kind of ids, from the same logger.
 */
describe('request log lines of the hot path at info', () => {
  let h: Harness;
  const lines: Line[] = [];
  const stream = new PassThrough();
  let pending = '';
  stream.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const parts = pending.split('\n');
    pending = parts.pop()!;
    for (const part of parts) if (part.trim() !== '') lines.push(JSON.parse(part) as Line);
  });

  beforeAll(async () => {
    h = await startHarness({ ORBIS_LOG_LEVEL: 'info' }, { logStream: stream });
    await h.project('open');
    await h.seed('open', [true, true, true]);
  });
  afterAll(async () => {
    await h?.close();
  });

  /** The request's id and its log lines, once both are written (the second when the response has finished). */
  async function linesOf(send: () => Promise<Response>): Promise<{ res: Response; incoming: Line; completed: Line }> {
    const from = lines.length;
    const res = await send();
    await res.arrayBuffer();
    await expect.poll(() => lines.slice(from).filter((l) => l.msg === 'request completed').length, { timeout: 10_000 }).toBe(1);
    const mine = lines.slice(from);
    const incoming = mine.find((l) => l.msg === 'incoming request')!;
    const completed = mine.find((l) => l.msg === 'request completed')!;
    expect(completed.reqId).toBe(incoming.reqId);
    expect(mine.indexOf(incoming)).toBeLessThan(mine.indexOf(completed));
    return { res, incoming, completed };
  }

  it('answers cached pages and revalidations on the hot path, logged as Fastify logs a routed request', async () => {
    const path = '/api/p/open/assets.json?limit=2';
    const before = hotAnswers(h.server.app);
    const routed = await linesOf(() => h.get(path));
    expect(hotAnswers(h.server.app)).toBe(before);
    const hot = await linesOf(() => h.get(path));
    expect(hotAnswers(h.server.app)).toBe(before + 1);
    const revalidated = await linesOf(() => h.get(path, { 'if-none-match': routed.res.headers.get('etag')! }));
    expect(revalidated.res.status).toBe(304);
    expect(hotAnswers(h.server.app)).toBe(before + 2);

    for (const answer of [hot, revalidated]) {
      expect(shape(answer.incoming)).toEqual(shape(routed.incoming));
      expect(shape(answer.completed)).toEqual(shape(routed.completed));
      expect(answer.incoming.req).toEqual({ ...(routed.incoming.req as object), remotePort: expect.any(Number) });
      expect(answer.incoming).toMatchObject({ level: 30, pid: routed.incoming.pid, hostname: routed.incoming.hostname });
      expect(answer.completed.responseTime).toBeGreaterThanOrEqual(0);
    }
    expect(routed.incoming.req).toMatchObject({ method: 'GET', url: path, host: new URL(h.url).host, remoteAddress: '127.0.0.1' });
    expect(routed.completed.res).toEqual({ statusCode: 200 });
    expect(hot.completed.res).toEqual({ statusCode: 200 });
    expect(revalidated.completed.res).toEqual({ statusCode: 304 });
    // One counter for both paths: every request's id is new.
    const ids = [routed, hot, revalidated].map((a) => a.incoming.reqId!);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^req-[0-9a-z]+$/);
  });

  it('logs a {model}.json page answered on the hot path too', async () => {
    await h.admin('POST', '/api/projects/open/models', { key: 'sites', public: true, fields: [{ key: 'name', type: 'text' }] });
    await h.admin('POST', '/api/projects/open/models/sites/items', { fields: { name: 'a' }, public: true });
    const path = '/api/p/open/sites.json?limit=1';
    const routed = await linesOf(() => h.get(path));
    const before = hotAnswers(h.server.app);
    const hot = await linesOf(() => h.get(path));
    expect(hotAnswers(h.server.app)).toBe(before + 1);
    expect(shape(hot.incoming)).toEqual(shape(routed.incoming));
    expect(shape(hot.completed)).toEqual(shape(routed.completed));
    expect(hot.incoming.req).toMatchObject({ method: 'GET', url: path });
  });

  it('logs a failure of the hot path as an error, and the app answers the request from the start', async () => {
    const path = '/api/p/open/assets.json?limit=2';
    const read = vi.spyOn(h.server.ctx.store, 'getProjectAccess').mockRejectedValueOnce(new Error('the store is away'));
    try {
      const before = hotAnswers(h.server.app);
      const { res } = await linesOf(() => h.get(path, { 'if-none-match': '"not-the-tag"' }));
      expect(res.status).toBe(200);
      expect(hotAnswers(h.server.app)).toBe(before);
      const failure = lines.find((l) => l.msg === 'the listing hot path failed; the app answers instead');
      expect(failure).toMatchObject({ level: 50, url: path, err: { message: 'the store is away' } });
    } finally {
      read.mockRestore();
    }
  });
});
