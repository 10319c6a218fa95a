import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness.js';
import { logCapture } from '../../test/log-capture.js';
import { PASSWORD, linkSecret } from '../../test/team.js';

describe('invitations e-mailed through SMTP (docs/contract.md §12, ORBIS_SMTP_URL)', () => {
  let smtp: SMTPServer;
  const received: { to: string[]; data: string }[] = [];
  let h: Harness;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    h = await startHarness({ ORBIS_SMTP_URL: `smtp://127.0.0.1:${port}`, ORBIS_MAIL_FROM: 'Orbis <maps@example.org>' });
    await h.project('mailed');
  });
  afterAll(async () => {
    await h.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the invitation link only to the invited email: the answer to whoever invites holds no url, and accepting proves the address', async () => {
    const res = await h.admin('POST', '/api/projects/mailed/members', { email: 'new@example.org', role: 'writer' });
    expect(res.status).toBe(201);
    const body = await res.text();
    const { invitation } = JSON.parse(body) as { invitation: { id: string; url?: string; expiresAt: string } };
    expect(invitation).toEqual({ id: expect.any(String), expiresAt: expect.any(String) });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['new@example.org']);
    const unfolded = received[0]!.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const url = /https?:\/\/\S+\/editor\?invitation=[\w-]+/.exec(unfolded)?.[0];
    expect(url).toBeDefined();
    expect(body).not.toContain(linkSecret(url!));
    expect(unfolded).toMatch(/From: Orbis <maps@example\.org>/);
    expect(unfolded).toContain('as writer');
    // The list says it went by mail.
    expect(await (await h.admin('GET', '/api/projects/mailed/invitations')).json()).toEqual([expect.objectContaining({ id: invitation.id, mailed: true })]);
    // The address's owner accepts from the mail: a proven account, which an add elsewhere makes a member at once.
    const accepted = await fetch(`${h.url}/api/auth/invitations/${linkSecret(url!)}/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'New', password: PASSWORD }),
    });
    expect(accepted.status).toBe(200);
    await h.project('elsewhere');
    expect(await (await h.admin('POST', '/api/projects/elsewhere/members', { email: 'new@example.org', role: 'reader' })).json()).toMatchObject({
      email: 'new@example.org',
      role: 'reader',
    });
  });
});

describe('an SMTP server that is down', () => {
  it('makes no invitation (503): nobody would hold its link', async () => {
    const h = await startHarness({ ORBIS_SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      await h.project('unmailed');
      const res = await h.admin('POST', '/api/projects/unmailed/members', { email: 'new@example.org', role: 'reader' });
      expect(res.status).toBe(503);
      expect(await res.text()).not.toContain('/editor?invitation=');
      expect(await (await h.admin('GET', '/api/projects/unmailed/invitations')).json()).toEqual([]);
    } finally {
      await h.close();
    }
  });
});

describe('an SMTP server that refuses the login', () => {
  it('makes no invitation, and neither its answer nor the log holds the SMTP password', async () => {
    const password = 'smtp-secret-pass-7f3a9c';
    const tried: string[] = [];
    const smtp = new SMTPServer({
      // Plain-text AUTH without TLS: the test server on 127.0.0.1 only.
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        tried.push(String(auth.password));
        callback(new Error(`Invalid username or password for ${auth.username}`));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    const log = logCapture();
    const h = await startHarness({ ORBIS_SMTP_URL: `smtp://mailer:${password}@127.0.0.1:${port}` }, { logStream: log.stream });
    try {
      await h.project('refused');
      const res = await h.admin('POST', '/api/projects/refused/members', { email: 'new@example.org', role: 'reader' });
      const body = await res.text();
      expect(res.status).toBe(503);
      expect(body).not.toContain('/editor?invitation=');
      // The server did try the password, and refused it.
      expect(tried).toEqual([password]);
      const lines = await log.text();
      expect(lines).toContain('the invitation e-mail was not sent');
      expect(lines).toMatch(/Invalid (login|username)/);
      for (const text of [body, lines]) {
        expect(text).not.toContain(password);
        expect(text).not.toContain(encodeURIComponent(password));
        expect(text).not.toContain(Buffer.from(password).toString('base64'));
      }
    } finally {
      await h.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
