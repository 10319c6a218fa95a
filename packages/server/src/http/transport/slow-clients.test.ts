import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTimeouts } from '../../config/serve-config.js';
import { ADMIN_TOKEN, type Harness, startHarness } from '../../test/harness.js';

/** A raw socket to the server, resolved once connected; `closed` settles when the server (or we) close it. */
async function open(url: string): Promise<{ socket: Socket; closed: Promise<void>; received: () => string }> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, received: () => text };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('request timeouts (issue 30)', () => {
  it('reads its three deadlines from the environment, with defaults, and refuses nonsense', () => {
    expect(parseTimeouts({})).toEqual({ idleMs: 30_000, headersMs: 30_000, requestMs: 3_600_000 });
    expect(parseTimeouts({ ORBIS_IDLE_TIMEOUT_S: '1.5', ORBIS_HEADERS_TIMEOUT_S: '5', ORBIS_REQUEST_TIMEOUT_S: '60' })).toEqual({
      idleMs: 1500,
      headersMs: 5000,
      requestMs: 60_000,
    });
    for (const bad of ['0', '-1', 'ten', '1e3']) expect(() => parseTimeouts({ ORBIS_IDLE_TIMEOUT_S: bad }), bad).toThrow(/ORBIS_IDLE_TIMEOUT_S/);
  });

  describe('over sockets', () => {
    let h: Harness;
    beforeAll(async () => {
      // Two seconds of silence close a socket (a loaded machine may stall the test's own writes for a second);
      // the whole request may take a minute.
      h = await startHarness({ ORBIS_IDLE_TIMEOUT_S: '2', ORBIS_HEADERS_TIMEOUT_S: '60', ORBIS_REQUEST_TIMEOUT_S: '60' });
      await h.project('slow');
    });
    afterAll(() => h.close());

    it('closes sockets whose body stalls, keeps answering others, and lets a body that keeps moving finish', async () => {
      const keysBefore = await h.storedKeys();
      // Bodies that announce 1,000 bytes and send one, on public routes and on an upload.
      const stalled = await Promise.all(
        ['/api/p/slow/assets.json', '/files/slow/x/y.txt', '/p/slow'].map(async (path) => {
          const s = await open(h.url);
          s.socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000\r\n\r\nx`);
          return s;
        }),
      );
      // An upload that stops in the middle of its file.
      const upload = await open(h.url);
      upload.socket.write(
        `POST /api/projects/slow/assets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ADMIN_TOKEN}\r\nContent-Type: multipart/form-data; boundary=zz\r\nContent-Length: 100000\r\n\r\n--zz\r\nContent-Disposition: form-data; name="file"; filename="stalled.txt"\r\n\r\nhalf`,
      );
      stalled.push(upload);
      // A head that never ends.
      const headless = await open(h.url);
      headless.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
      stalled.push(headless);

      // A slow upload: a piece every 0.3 s, 3.6 s in all, past the idle limit.
      const slow = await open(h.url);
      const boundary = 'b0undary';
      const body = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\nContent-Type: text/plain\r\n\r\nslow but steady\r\n--${boundary}--\r\n`,
      );
      slow.socket.write(
        `POST /api/projects/slow/assets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ADMIN_TOKEN}\r\nConnection: close\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      const sending = (async () => {
        const step = Math.ceil(body.length / 12);
        for (let at = 0; at < body.length; at += step) {
          slow.socket.write(body.subarray(at, at + step));
          await tick();
        }
      })();

      // The server answers while they hang.
      expect((await h.get('/healthz')).status).toBe(200);
      await Promise.all(stalled.map((s) => s.closed));
      for (const s of stalled) expect(s.received(), 'a stalled request gets no answer').not.toMatch(/^HTTP\/1\.1 2/);
      await sending;
      await slow.closed;
      expect(slow.received()).toMatch(/^HTTP\/1\.1 201/);
      expect(slow.received()).toContain('"name":"slow.txt"');
      // The cut upload left nothing; the slow one stored one asset.
      const listing = (await (await h.admin('GET', '/api/projects/slow/assets')).json()) as { results: { name: string }[] };
      expect(listing.results.map((a) => a.name)).toEqual(['slow.txt']);
      // Its one file, and no temporary of the stalled one.
      expect((await h.storedKeys()).filter((k) => !keysBefore.includes(k))).toHaveLength(1);
    });

    it('a client that sends part of a body and hangs up leaves nothing, and the server goes on', async () => {
      const keysBefore = await h.storedKeys();
      const cut = await open(h.url);
      cut.socket.write(
        `POST /api/projects/slow/assets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ADMIN_TOKEN}\r\nContent-Type: multipart/form-data; boundary=zz\r\nContent-Length: 100000\r\n\r\n--zz\r\nContent-Disposition: form-data; name="file"; filename="cut.txt"\r\n\r\nhalf`,
      );
      cut.socket.destroy();
      await cut.closed;
      expect((await h.get('/healthz')).status).toBe(200);
      const listing = (await (await h.admin('GET', '/api/projects/slow/assets')).json()) as { results: { name: string }[] };
      expect(listing.results.map((a) => a.name)).not.toContain('cut.txt');
      // The partial upload's temporary file is removed after the hang-up, asynchronously.
      await expect.poll(() => h.storedKeys(), { timeout: 30_000 }).toEqual(keysBefore);
    });
  });
});
