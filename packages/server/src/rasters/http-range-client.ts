import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { buffer } from 'node:stream/consumers';
import { BaseClient, type BaseResponse } from 'geotiff';
import { InputError } from '../input-error.js';
import { remoteTarget } from '../url-layers/remote-file.js';
import { RANGE, RangeResponse } from './storage-range-client.js';

const MAX_REDIRECTS = 3;
/** The most bytes one range answer may hold: geotiff asks for 64 KiB blocks (merged when adjacent). */
const MAX_RANGE_BYTES = 64 * 1024 * 1024;

/** What {@link HttpRangeClient} may do. */
export interface HttpRangeLimits {
  /** Whether addresses inside the deployment (loopback, private) may be read (ORBIS_URL_LAYERS_PRIVATE). */
  privateAddresses: boolean;
  timeoutMs?: number;
}

/**
 * geotiff's HTTP client shape over a GeoTIFF named by URL (docs/rasters.md, "A GeoTIFF by URL"):
 * each range geotiff asks for is one `Range` request, so the file is never downloaded whole. Its
 * host is held to the URL layers' guard (public addresses only, each resolved address checked);
 * redirects are followed at most 3 times, each checked again. A server that answers anything but
 * 206 (a host that ignores ranges would send the whole file) is refused at once, unread.
 * `requests` and `bytesRead` count what was read.
 */
export class HttpRangeClient extends BaseClient {
  requests = 0;
  bytesRead = 0;
  /** The last fault of a request (geotiff's block reader keeps only that one failed). */
  fault?: Error;

  constructor(
    url: string,
    private readonly limits: HttpRangeLimits,
  ) {
    super(url);
    remoteTarget(url, limits.privateAddresses);
  }

  override async request(options?: RequestInit): Promise<BaseResponse> {
    const range = new Headers(options?.headers).get('range') ?? '';
    const match = RANGE.exec(range);
    if (!match || Number(match[2]) - Number(match[1]) + 1 > MAX_RANGE_BYTES)
      throw new Error(`geotiff asked for "${range}": only single byte ranges up to 64 MiB are read`);
    try {
      return await this.get(this.url, range, 0);
    } catch (err) {
      this.fault = err as Error;
      throw err;
    }
  }

  private async get(url: string, range: string, redirects: number): Promise<BaseResponse> {
    const { target, lookup } = remoteTarget(url, this.limits.privateAddresses);
    const timeout = this.limits.timeoutMs ?? 30_000;
    this.requests += 1;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(target, { lookup: lookup as never, timeout, headers: { range, 'user-agent': 'Orbis (GeoTIFF layer)' } }, resolve);
      req.on('timeout', () => req.destroy(new Error(`no answer within ${Math.round(timeout / 1000)} s`)));
      req.on('error', (err) => reject(err instanceof InputError ? err : new InputError('url', `${url} could not be read: ${err.message}`)));
      req.end();
    });
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.destroy();
      if (redirects >= MAX_REDIRECTS) throw new InputError('url', `${url} redirects more than ${MAX_REDIRECTS} times`);
      return this.get(new URL(response.headers.location, target).href, range, redirects + 1);
    }
    if (status !== 206) {
      response.destroy();
      const why =
        status === 200
          ? 'the whole file instead of the byte range asked: its host does not serve ranges, which a GeoTIFF by URL needs (or upload the file)'
          : `${status}`;
      throw new InputError('url', `${this.url} answered ${why}`);
    }
    const bytes = await buffer(response);
    this.bytesRead += bytes.length;
    return new RangeResponse(bytes, response.headers);
  }
}
