import { describe, expect, it } from 'vitest';
import { HOST_OPS, OP_TRANSPORTS } from './host-ops.js';

describe('host operations: each has a transport for worker sandboxes', () => {
  const ops = Object.entries(HOST_OPS);

  it('lists the operations', () => {
    expect(ops.length).toBeGreaterThan(40);
  });

  for (const [name, op] of ops) {
    it(`${name}: ${op.transport}`, () => {
      expect(OP_TRANSPORTS).toContain(op.transport);
      // A pushed answer has no arguments to depend on.
      if (op.transport === 'state') expect(op.args).toEqual([]);
    });
  }
});
