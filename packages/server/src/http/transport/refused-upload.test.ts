import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uploadForm } from '../../test/harness.js';
import { rawRequest } from '../../test/raw-http.js';
import { addMember, signedInUser, type TestUser } from '../../test/team.js';

/**
 * An upload refused by its head (a `reader`'s, or no one's) is answered with the refusal, not with a connection
 * closed mid-body, which a client still sending sees as "fetch failed" (docs/contract.md §2, §12): the server reads
 * and discards the body up to the largest upload it accepts, then answers (http/transport/unread-body.ts).
 */
describe('an upload refused before its body is read', () => {
  let h: Harness;
  let reader: TestUser;
  const ALIAS = 'refused';
  /** Six MB of file in a multipart body, as the editor sends it. */
  const bigForm = () => uploadForm([{ name: 'big.bin', content: new Uint8Array(6 * 1024 * 1024).fill(7) }], { public: 'true' });

  beforeAll(async () => {
    h = await startHarness();
    await h.project(ALIAS, 'private');
    reader = await signedInUser(h, 'reader@example.org');
    await addMember(h, ALIAS, reader.email, 'reader');
  });
  afterAll(() => h.close());

  it("answers a reader's multi-MB upload with the 403 and its JSON error, and keeps the connection", async () => {
    const before = await h.storedKeys();
    const res = await fetch(`${h.url}/api/projects/${ALIAS}/assets`, { method: 'POST', headers: { cookie: reader.cookie, origin: h.url }, body: bigForm() });
    expect(res.status).toBe(403);
    expect(res.headers.get('connection')).not.toBe('close');
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body).toEqual({ error: { code: 'forbidden', message: expect.stringContaining('writer') } });
    expect(await h.storedKeys()).toEqual(before);
  });

  it('answers an upload with no credentials with the 401, the same way', async () => {
    const res = await fetch(`${h.url}/api/projects/${ALIAS}/assets`, { method: 'POST', body: bigForm() });
    expect(res.status).toBe(401);
    expect(res.headers.get('connection')).not.toBe('close');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it('answers at once, and closes, a refused body that declares more than the largest upload', async () => {
    const declared = h.server.ctx.maxUploadBytes + 1;
    const head = `POST /api/projects/${ALIAS}/assets HTTP/1.1\r\nHost: x\r\nCookie: ${reader.cookie}\r\nOrigin: ${h.url}\r\nConnection: close\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${declared}\r\n\r\n--b\r\n`;
    const answer = await rawRequest(h.url, head);
    expect(answer.status).toBe(403);
    expect(answer.head).toMatch(/\r\nconnection: close/i);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'forbidden' } });
  });
});
