import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Which hops may say who the client is (`X-Forwarded-For`): none, or a test of each hop's address. */
export type ProxyTrust = false | ((address: string, hop: number) => boolean);

/** Names of address ranges that `@fastify/proxy-addr` knows (as Express's `trust proxy` does). */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * `ORBIS_TRUST_PROXY`: unset or `off` trusts no proxy (the socket's address is the client's); a
 * whole number N trusts the N hops nearest Orbis (a load balancer in front: `1`); otherwise a
 * comma-separated list of the proxies' addresses, CIDR ranges or the names `loopback`,
 * `linklocal`, `uniquelocal`. `true` (trust every hop) is refused: any client could then choose
 * the address that the sign-in limit counts and the audit log records.
 */
export function parseProxyTrust(raw: string | undefined): ProxyTrust {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'off') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 100) throw new Error(`ORBIS_TRUST_PROXY must be a hop count from 1 to 100, got "${value}"`);
    return (_address, hop) => hop < hops;
  }
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!RANGE_NAMES.includes(entry) && !/^[0-9a-f.:]+(\/\d{1,3})?$/i.test(entry)) {
      throw new Error(`ORBIS_TRUST_PROXY must be off, a hop count, or proxy addresses such as 127.0.0.1,10.0.0.0/8 or loopback; got "${entry.slice(0, 100)}"`);
    }
  }
  try {
    return proxyAddr.compile(entries);
  } catch (err) {
    throw new Error(`ORBIS_TRUST_PROXY: ${(err as Error).message}`);
  }
}

/** The client's address as Fastify's `request.ip` gives it under the same trust. */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): string | undefined {
  return trust ? proxyAddr(req, trust) : req.socket.remoteAddress;
}
