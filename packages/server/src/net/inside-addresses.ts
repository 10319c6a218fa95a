import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a server must not be made to reach on a user's behalf unless the operator says so:
 * its own machine, the private networks behind it and the cloud metadata service (link-local).
 */
const INSIDE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INSIDE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INSIDE.addSubnet(net, bits, 'ipv6');

/**
 * The IPv4 address an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, or `::ffff:7f00:1` as URLs
 * write it) stands for; undefined for any other. Such an address is checked as its IPv4 address:
 * a subnet `::ffff:0:0/96` in a BlockList would match every IPv4 address.
 */
function mappedIpv4(address: string): string | undefined {
  const rest = /^(?:0{0,4}:){0,5}:?ffff:(.+)$/i.exec(address)?.[1];
  if (rest === undefined) return undefined;
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(rest);
  if (!hex) return undefined;
  const [hi, lo] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Whether an IP address (not a name) lies inside the deployment's network. */
export function isInside(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const v4 = family === 6 ? mappedIpv4(address) : address;
  return v4 !== undefined ? INSIDE.check(v4, 'ipv4') : INSIDE.check(address, 'ipv6');
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for `http.request` that checks every address a name resolves to when the connection
 * is made (so a name cannot point elsewhere between a check and the request): one inside the
 * network fails the request with `refused(address)` unless `allowInside`.
 */
export function checkedLookup(allowInside: boolean, refused: (address: string) => Error) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const inside = addresses.find((a) => isInside(a.address));
      if (!allowInside && inside) return callback(refused(inside.address), []);
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
