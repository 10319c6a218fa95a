import { connect } from 'node:net';
import type { Answer } from './fuzz.js';

/**
 * Sends bytes exactly as given (fetch and inject refuse or normalise what a hostile client can
 * send) and reads the answer of a `Connection: close` exchange: status and body. The request
 * must carry `Connection: close`.
 */
export function rawRequest(baseUrl: string, request: Buffer | string): Promise<Answer & { head: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
    socket.on('data', (c: Buffer) => chunks.push(c));
    // The server may close while the request is still being written (it refused the head early).
    socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? undefined : reject(err)));
    socket.on('close', () => {
      const bytes = Buffer.concat(chunks);
      const end = bytes.indexOf('\r\n\r\n');
      const head = (end < 0 ? bytes : bytes.subarray(0, end)).toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      if (status === 0) return reject(new Error(`no HTTP answer: ${JSON.stringify(head.slice(0, 200))}`));
      const body = end < 0 ? Buffer.alloc(0) : bytes.subarray(end + 4);
      resolve({ status, head, body: (/\r\ntransfer-encoding: chunked/i.test(head) ? unchunk(body) : body).toString('utf8') });
    });
    // Written, not ended: a half-closed socket may lose an answer that is still being made; the
    // request says `Connection: close`, so the server closes once it has answered.
    socket.write(request);
  });
}

function unchunk(body: Buffer): Buffer {
  const out: Buffer[] = [];
  let rest = body;
  for (;;) {
    const line = rest.indexOf('\r\n');
    const size = parseInt(rest.subarray(0, line).toString('latin1'), 16);
    if (!(size > 0)) return Buffer.concat(out);
    out.push(rest.subarray(line + 2, line + 2 + size));
    rest = rest.subarray(line + 2 + size + 2);
  }
}
