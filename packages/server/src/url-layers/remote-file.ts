import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { InputError } from '../input-error.js';

/** What {@link fetchRemoteFile} may do. */
export interface RemoteFileLimits {
  /** The most bytes it reads (the upload limit: a URL layer is no larger than an upload). */
  maxBytes: number;
  /** Whether addresses inside the deployment (loopback, private, link-local) may be fetched. */
  privateAddresses: boolean;
  timeoutMs?: number;
}

/**
 * Addresses a server must not be made to fetch from on a scene's behalf unless the operator says
 * so: its own machine, the private networks behind it and the cloud metadata service.
 */
const INSIDE = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) INSIDE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['::ffff:0:0', 96]] as const) INSIDE.addSubnet(net, bits, 'ipv6');

function isInside(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && INSIDE.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

const refusedAddress = (url: string, address: string) =>
  new InputError('url', `${url}: its host is at ${address}, an address inside the server's network; a URL layer reads public addresses only (ORBIS_URL_LAYERS_PRIVATE=on allows them)`);

const MAX_REDIRECTS = 3;

/**
 * Reads a file that a scene layer names by URL (http or https), whole, for the server to convert
 * (docs/contract.md §13). Every address the host resolves to is checked when the connection is made (so a
 * name cannot point elsewhere between the check and the request), redirects are followed at most
 * 3 times, each checked again, and the body is cut at `maxBytes`. Failures are `InputError`s
 * that name the URL and what went wrong.
 */
export async function fetchRemoteFile(url: string, limits: RemoteFileLimits, redirects = 0): Promise<Buffer> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new InputError('url', `"${url.slice(0, 200)}" is not a URL`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new InputError('url', `${url}: only http and https URLs are read`);
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (!limits.privateAddresses && isInside(literal)) throw refusedAddress(url, literal);
  const lookup = (hostname: string, options: object, callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const inside = addresses.find((a) => isInside(a.address));
      if (!limits.privateAddresses && inside) return callback(refusedAddress(url, inside.address), []);
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, { lookup: lookup as never, timeout: limits.timeoutMs ?? 30_000, headers: { 'user-agent': 'Orbis (URL layer)' } }, resolve);
    req.on('timeout', () => req.destroy(new Error(`no answer within ${Math.round((limits.timeoutMs ?? 30_000) / 1000)} s`)));
    req.on('error', (err) => reject(err instanceof InputError ? err : new InputError('url', `${url} could not be read: ${err.message}`)));
    req.end();
  });
  const status = response.statusCode ?? 0;
  if (status >= 300 && status < 400 && response.headers.location) {
    response.resume();
    if (redirects >= MAX_REDIRECTS) throw new InputError('url', `${url} redirects more than ${MAX_REDIRECTS} times`);
    return fetchRemoteFile(new URL(response.headers.location, target).href, limits, redirects + 1);
  }
  if (status !== 200) {
    response.resume();
    throw new InputError('url', `${url} answered ${status}, not the file`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limits.maxBytes) {
        response.destroy();
        throw new InputError('url', `${url} is larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MB (ORBIS_MAX_UPLOAD_MB)`);
      }
      chunks.push(chunk);
    }
  } catch (err) {
    throw err instanceof InputError ? err : new InputError('url', `${url} could not be read to its end: ${(err as Error).message}`);
  }
  return Buffer.concat(chunks);
}
