import { lookup } from 'node:dns/promises';
import { InputError } from '../input-error.js';
import { isInside } from '../net/inside-addresses.js';

/** Why a webhook may not be told at an address: the one message of the registration check and of a delivery. */
export function insideAddressMessage(url: string, address: string): string {
  return `${url}: its host is at ${address}, an address inside the server's network; webhooks go to public addresses only (ORBIS_WEBHOOK_ALLOW_PRIVATE=1 allows them)`;
}

/**
 * Checks a webhook URL before it is registered (docs/contract.md §16): http or https, at most 2,000
 * characters, and, unless `allowPrivate`, a host none of whose addresses is loopback, link-local or
 * private. Every delivery checks the addresses again when it connects (a name may change).
 */
export async function checkWebhookUrl(raw: unknown, allowPrivate: boolean): Promise<string> {
  if (typeof raw !== 'string' || raw.length > 2000) throw new InputError('url', '"url" must be an http or https URL of at most 2,000 characters');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InputError('url', `"${raw.slice(0, 200)}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InputError('url', `${raw.slice(0, 200)}: webhooks are http or https URLs`);
  if (url.username || url.password) throw new InputError('url', `${raw.slice(0, 200)}: a webhook URL carries no user or password`);
  if (allowPrivate) return url.href;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw new InputError('url', `${url.href}: its host "${host}" does not resolve`);
  }
  const inside = addresses.find(isInside);
  if (inside) throw new InputError('url', insideAddressMessage(url.href, inside));
  return url.href;
}
