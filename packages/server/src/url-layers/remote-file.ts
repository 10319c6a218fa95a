import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkedLookup, isInside } from '../net/inside-addresses.js';
import { InputError } from '../input-error.js';

/** What {@link fetchRemoteFile} may do. */
export interface RemoteFileLimits {
  /** The most bytes it reads (the upload limit: a URL layer is no larger than an upload). */
  maxBytes: number;
  /** Whether addresses inside the deployment (loopback, private, link-local) may be fetched. */
  privateAddresses: boolean;
  timeoutMs?: number;
}

const refusedAddress = (url: string, address: string) =>
  new InputError(
    'url',
    `${url}: its host is at ${address}, an address inside the server's network; a URL layer reads public addresses only (ORBIS_URL_LAYERS_PRIVATE=on allows them)`,
  );

/**
 * A layer's URL checked before it is requested: http or https, and (unless `privateAddresses`) a
 * host outside the deployment's network, checked again for every address its name resolves to
 * when the connection is made (`lookup`, for `http.request`). Bad ones are `InputError`s naming the URL.
 */
export function remoteTarget(url: string, privateAddresses: boolean): { target: URL; lookup: ReturnType<typeof checkedLookup> } {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new InputError('url', `"${url.slice(0, 200)}" is not a URL`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new InputError('url', `${url}: only http and https URLs are read`);
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (!privateAddresses && isInside(literal)) throw refusedAddress(url, literal);
  return { target, lookup: checkedLookup(privateAddresses, (address) => refusedAddress(url, address)) };
}

const MAX_REDIRECTS = 3;

/**
 * Reads a file that a scene layer names by URL (http or https), whole, for the server to convert
 * (docs/contract.md §13). Every address the host resolves to is checked when the connection is made (so a
 * name cannot point elsewhere between the check and the request), redirects are followed at most
 * 3 times, each checked again, and the body is cut at `maxBytes`. Failures are `InputError`s
 * that name the URL and what went wrong.
 */
export async function fetchRemoteFile(url: string, limits: RemoteFileLimits, redirects = 0): Promise<Buffer> {
  const { target, lookup } = remoteTarget(url, limits.privateAddresses);
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
