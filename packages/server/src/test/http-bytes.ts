import { request } from 'node:http';

/** An answer as it came over the wire: its headers, and its body's bytes as sent (not decoded). */
export interface WireAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A GET with exactly the headers given (fetch adds its own `Accept-Encoding` and decodes the body),
 * read to the end.
 */
export function getBytes(url: string, headers: Record<string, string> = {}): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
