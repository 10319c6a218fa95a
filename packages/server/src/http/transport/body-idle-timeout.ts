import type { IncomingMessage } from 'node:http';

/**
 * Holds a request to the idle limit while its body arrives, and only then: a body that stalls for
 * `idleMs` closes the socket, one that keeps moving is never cut, and once the body is in, the
 * server's own work (a long import, say) has no deadline from the client's silence. After the
 * answer, Node holds the socket to `keepAliveTimeout`, which is no longer than `idleMs`.
 */
export function holdBodyToIdleLimit(request: IncomingMessage, idleMs: number): void {
  const socket = request.socket;
  // A small body may be read whole with the head, before the handler runs.
  if (request.complete) {
    socket.setTimeout(0);
    return;
  }
  socket.setTimeout(idleMs);
  request.once('end', () => socket.setTimeout(0));
}
