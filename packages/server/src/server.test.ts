import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startHarness, uploadForm } from './test/harness.js';

describe('stopping the server', () => {
  it('does not wait for the keep-alive timeout when a client left a file response unread', async () => {
    // The race this guards: `close` starts while a file response is still streaming, the
    // connection turns idle a moment later, and nothing closes it until keep-alive (72 s) ends.
    for (let round = 0; round < 12; round++) {
      const h = await startHarness();
      await h.project('stop');
      const res = await fetch(`${h.url}/api/projects/stop/assets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        body: uploadForm([{ name: 'page.html', content: '<p>hello</p>' }], { public: 'true' }),
      });
      const { url } = await res.json();
      await fetch(url); // body deliberately not read
      const closed = await Promise.race([
        h.close().then(() => 'closed'),
        // Well past a loaded machine's close, well short of the 72 s keep-alive this guards against.
        new Promise((resolve) => setTimeout(() => resolve('still open'), 30_000)),
      ]);
      expect(closed, `round ${round}`).toBe('closed');
    }
  });
});
