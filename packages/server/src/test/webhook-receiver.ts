import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST a receiver got. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver of webhooks on 127.0.0.1, for tests. */
export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** Resolves with the `n`-th request (from 1) once it has come. */
  nth(n: number): Promise<Received>;
  close(): Promise<void>;
}

/** A receiver that never answers: each request stays open until the sender gives it up, or `close`. */
export interface HoldingReceiver extends WebhookReceiver {
  /** How many of its requests the sender has not given up (their connections still open). */
  open(): number;
}

/** Starts a receiver that answers its requests with `codes` in turn, then 200. */
export function startReceiver(codes: number[] = []): Promise<WebhookReceiver> {
  const answers = [...codes];
  return listen((res) => res.writeHead(answers.shift() ?? 200).end());
}

/** Starts a receiver that holds every request (a sender waits for its answer until its own time limit). */
export function startHoldingReceiver(): Promise<HoldingReceiver> {
  return listen(undefined);
}

/** A receiver on 127.0.0.1 that records each request, then answers it with `answer` (none: holds it). */
async function listen(answer: ((res: ServerResponse) => void) | undefined): Promise<HoldingReceiver> {
  const received: Received[] = [];
  const waiting: { n: number; resolve: (r: Received) => void }[] = [];
  let open = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    open += 1;
    req.socket.once('close', () => (open -= 1));
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(got);
      answer?.(res);
      for (const w of waiting.filter((x) => x.n === received.length)) w.resolve(got);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    open: () => open,
    nth: (n) => (received[n - 1] ? Promise.resolve(received[n - 1]!) : new Promise((resolve) => waiting.push({ n, resolve }))),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
