import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { holdBodyToIdleLimit } from './body-idle-timeout.js';

describe('holdBodyToIdleLimit', () => {
  it('gives the server all the time it needs once the body is in', async () => {
    const idleMs = 1000;
    let waited = false;
    // The handler reads the body, then works for three idle limits before it answers.
    const server = createServer((req, res) => {
      holdBodyToIdleLimit(req, idleMs);
      req.resume();
      req.on('end', () => {
        setTimeout(() => {
          waited = true;
          res.end('done');
        }, 3 * idleMs);
      });
    });
    server.setTimeout(idleMs);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { method: 'POST', body: 'x'.repeat(1000) });
      expect(await res.text()).toBe('done');
      expect(waited).toBe(true);
    } finally {
      server.close();
    }
  });
});
