import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../config/serve-config.js';
import { type Harness, startHarness } from '../../test/harness.js';
import { hotAnswers } from '../../test/hot-answers.js';
import { parseProxyTrust } from './client-address.js';

const signIn = (h: Harness, email: string, from?: string) =>
  fetch(`${h.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}) },
    body: JSON.stringify({ email, password: 'not the password' }),
  });

const auditIps = async (h: Harness) =>
  ((await (await h.admin('GET', '/api/projects/where/audit')).json()) as { results: { action: string; ip: string }[] }).results;

describe('ORBIS_TRUST_PROXY', () => {
  it('is off by default; takes a hop count or proxy addresses, and refuses trusting every hop', () => {
    expect(parseProxyTrust(undefined)).toBe(false);
    expect(parseProxyTrust('off')).toBe(false);
    const oneHop = parseProxyTrust('1');
    expect(oneHop && [oneHop('198.51.100.1', 0), oneHop('198.51.100.1', 1)]).toEqual([true, false]);
    const listed = parseProxyTrust('loopback, 10.0.0.0/8');
    expect(listed && [listed('127.0.0.1', 0), listed('10.2.3.4', 0), listed('198.51.100.1', 0)]).toEqual([true, true, false]);
    for (const bad of ['true', '0', 'proxy.example.org', '10.0.0.0/99']) {
      expect(() => resolveConfig({}, { ORBIS_TRUST_PROXY: bad }), bad).toThrow(/ORBIS_TRUST_PROXY/);
    }
  });

  describe('without it', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness();
      await h.project('where');
    });
    afterAll(() => h.close());

    it('ignores X-Forwarded-For: a client cannot pick the address it is counted and recorded under', async () => {
      const res = await fetch(`${h.url}/api/projects/where`, {
        method: 'PATCH',
        headers: { authorization: 'Bearer test-admin-token-0123456789-0123456789', 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
        body: '{"description":"x"}',
      });
      expect(res.status).toBe(200);
      expect((await auditIps(h))[0]).toMatchObject({ action: 'project.update', ip: '127.0.0.1' });
    });
  });

  describe('behind a trusted proxy (loopback)', () => {
    let h: Harness;
    const lines: { msg?: string; req?: { url?: string; remoteAddress?: string } }[] = [];
    const logs = new PassThrough();
    let pending = '';
    logs.on('data', (chunk: Buffer) => {
      const parts = (pending + chunk.toString('utf8')).split('\n');
      pending = parts.pop()!;
      for (const part of parts) if (part.trim()) lines.push(JSON.parse(part));
    });
    beforeAll(async () => {
      h = await startHarness({ ORBIS_TRUST_PROXY: 'loopback', ORBIS_LOG_LEVEL: 'info' }, { logStream: logs });
      await h.project('where');
      await h.seed('where', [true, true]);
    });
    afterAll(() => h.close());

    it('records the client named by the proxy in the audit log', async () => {
      const res = await fetch(`${h.url}/api/projects/where`, {
        method: 'PATCH',
        headers: { authorization: 'Bearer test-admin-token-0123456789-0123456789', 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
        body: '{"description":"x"}',
      });
      expect(res.status).toBe(200);
      expect((await auditIps(h))[0]).toMatchObject({ action: 'project.update', ip: '203.0.113.9' });
    });

    it('counts sign-in failures per client address, not per proxy', async () => {
      for (let i = 0; i < 50; i++) expect((await signIn(h, `nobody${i}@example.org`, '203.0.113.7')).status).toBe(401);
      const limited = await signIn(h, 'someone@example.org', '203.0.113.7');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await signIn(h, 'someone@example.org', '203.0.113.8')).status).toBe(401);
    });

    it('logs the client address, on the routed path and the hot path alike', async () => {
      const path = '/api/p/where/assets.json?limit=3';
      const before = hotAnswers(h.server.app);
      for (let i = 0; i < 3; i++) await (await h.get(path, { 'x-forwarded-for': '203.0.113.5' })).arrayBuffer();
      expect(hotAnswers(h.server.app)).toBe(before + 2);
      await expect.poll(() => lines.filter((l) => l.msg === 'incoming request' && l.req?.url === path).length).toBe(3);
      expect(lines.filter((l) => l.msg === 'incoming request' && l.req?.url === path).map((l) => l.req!.remoteAddress)).toEqual([
        '203.0.113.5',
        '203.0.113.5',
        '203.0.113.5',
      ]);
    });
  });
});
