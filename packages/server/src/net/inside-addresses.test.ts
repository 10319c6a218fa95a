import { describe, expect, it } from 'vitest';
import { isInside } from './inside-addresses.js';

describe('isInside: addresses inside the server network', () => {
  it('holds loopback, private, link-local and unique-local addresses inside, IPv4-mapped ones by their IPv4 address', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
    ]) {
      expect(isInside(a), a).toBe(true);
    }
  });

  it('lets public addresses out, IPv4 ones included (a mapped-IPv4 subnet once caught them all)', () => {
    for (const a of ['203.0.113.9', '8.8.8.8', '1.1.1.1', '2001:db8::1', '2606:4700::1111', '::ffff:8.8.8.8', '::ffff:808:808']) {
      expect(isInside(a), a).toBe(false);
    }
  });
});
