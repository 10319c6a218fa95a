import type { IncomingMessage } from 'node:http';

/**
 * Reads and discards the body of a request refused before its body was read (a `reader`'s upload is refused by its
 * head), so that the answer reaches a client still sending: closing the connection mid-body would leave it with a
 * write error ("fetch failed") instead of the refusal. At most `limitBytes` are read, nothing is kept, and a stalled
 * body is ended by the idle limit (body-idle-timeout.ts). Resolves with whether the body was read to its end, that is
 * whether the connection may stay open after the answer; false for a body already being read (a multipart parser's),
 * one that declares or turns out longer than the limit, and one that fails or is cut.
 */
export function drainUnreadBody(request: IncomingMessage, limitBytes: number): Promise<boolean> {
  if (request.complete || request.readableEnded) return Promise.resolve(true);
  if (request.readableFlowing !== null || request.destroyed) return Promise.resolve(false);
  if (Number(request.headers['content-length'] ?? 0) > limitBytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    const done = (whole: boolean) => {
      request.off('data', count);
      request.off('end', ended);
      request.off('close', cut);
      if (!whole) request.pause();
      resolve(whole);
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limitBytes) done(false);
    };
    const ended = () => done(true);
    const cut = () => done(request.complete);
    request.on('data', count);
    request.once('end', ended);
    request.once('close', cut);
    request.resume();
  });
}
