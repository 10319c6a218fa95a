import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchTile, retryAfterMs } from './tile-fetch.js';

describe('fetchTile', () => {
  let server: Server;
  let base = '';
  const asked = new Map<string, number>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const n = (asked.get(req.url!) ?? 0) + 1;
      asked.set(req.url!, n);
      if (req.url === '/pending' && n <= 2) return res.writeHead(503, { 'Retry-After': '0' }).end('{"error":{"code":"unavailable"}}');
      if (req.url === '/pending' || req.url === '/tile') return res.writeHead(200).end(Buffer.from([1, 2, 3]));
      if (req.url === '/empty') return res.writeHead(204).end();
      if (req.url === '/never-made') return res.writeHead(404).end();
      if (req.url === '/not-geojson')
        return res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":{"code":"not_found","message":"\\"a.png\\" has no tiles"}}');
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks again after a 503 with Retry-After until the tile is there', async () => {
    expect([...(await fetchTile(`${base}/pending`, undefined))!]).toEqual([1, 2, 3]);
    expect(asked.get('/pending')).toBe(3);
  });

  it('gives nothing for 204 and a bare 404, and throws for a 404 that says why and for other failures', async () => {
    expect(await fetchTile(`${base}/empty`, undefined)).toBeUndefined();
    expect(await fetchTile(`${base}/never-made`, undefined)).toBeUndefined();
    await expect(fetchTile(`${base}/not-geojson`, undefined)).rejects.toThrow('"a.png" has no tiles');
    await expect(fetchTile(`${base}/broken`, undefined)).rejects.toThrow(/answered 500/);
  });

  it('reads Retry-After as seconds, at most 60, and 5 when absent or a date', () => {
    expect(retryAfterMs('0')).toBe(0);
    expect(retryAfterMs('2.5')).toBe(2500);
    expect(retryAfterMs('3600')).toBe(60_000);
    expect(retryAfterMs(null)).toBe(5000);
    expect(retryAfterMs('Wed, 21 Oct 2026 07:28:00 GMT')).toBe(5000);
  });
});
