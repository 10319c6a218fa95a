import { describe, expect, it } from 'vitest';
import { PluginHost } from '../plugin-host.js';
import { workerSandboxes } from '../worker-sandboxes.js';
import { fakeServices } from '../../../testing/test-services.js';
import { OP_TRANSPORTS } from './op-transport.js';

// Every registered operation, as the host hands them to worker sandboxes (no worker starts here).
const routes = Object.entries(new PluginHost(workerSandboxes(() => { throw new Error('no worker in this test'); }), fakeServices().services, [], {}).routes);

describe('host operations: each has a transport for worker sandboxes', () => {
  it('lists the operations', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  for (const [name, route] of routes) {
    it(`${name}: ${route.transport}`, () => {
      expect([...OP_TRANSPORTS, 'async']).toContain(route.transport);
      // A pushed answer has no arguments to depend on.
      if (route.transport === 'state') expect(route.args).toEqual([]);
    });
  }
});
