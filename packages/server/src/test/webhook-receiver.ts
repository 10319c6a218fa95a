import { createServer, type IncomingHttpHeaders } from 'node:http';
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

/** Starts a receiver that answers its requests with `codes` in turn, then 200. */
export async function startReceiver(codes: number[] = []): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const waiting: { n: number; resolve: (r: Received) => void }[] = [];
  const answers = [...codes];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(got);
      res.writeHead(answers.shift() ?? 200).end();
      for (const w of waiting.filter((x) => x.n === received.length)) w.resolve(got);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    nth: (n) => (received[n - 1] ? Promise.resolve(received[n - 1]!) : new Promise((resolve) => waiting.push({ n, resolve }))),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A receiver that never answers: each request stays open until the sender gives it up, or `close`. */
export interface HoldingReceiver extends WebhookReceiver {
  /** How many of its requests the sender has not given up (their connections still open). */
  open(): number;
}

export async function startHoldingReceiver(): Promise<HoldingReceiver> {
  const received: Received[] = [];
  const waiting: { n: number; resolve: (r: Received) => void }[] = [];
  let open = 0;
  const server = createServer((req) => {
    const chunks: Buffer[] = [];
    open += 1;
    req.socket.once('close', () => (open -= 1));
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(got);
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
