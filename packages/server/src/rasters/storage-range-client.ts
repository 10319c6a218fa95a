import { buffer } from 'node:stream/consumers';
import { BaseClient, BaseResponse } from 'geotiff';
import type { Storage } from '../storage/storage.js';

/** The one kind of Range header geotiff sends: a single byte range. */
export const RANGE = /^bytes=(\d+)-(\d+)$/;

/** A 206 answer as geotiff's range reader takes it: the bytes of the range, and its headers (`content-range` at least), by lower-case name. */
export class RangeResponse extends BaseResponse {
  constructor(
    private readonly bytes: Buffer,
    private readonly headers: Record<string, string | string[] | undefined>,
  ) {
    super();
  }
  override get ok(): boolean {
    return true;
  }
  override get status(): number {
    return 206;
  }
  override getHeader(name: string): string | undefined {
    const value = this.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  }
  override async getData(): Promise<ArrayBuffer> {
    const { buffer: backing, byteOffset, byteLength } = this.bytes;
    return backing.slice(byteOffset, byteOffset + byteLength) as ArrayBuffer;
  }
}

/**
 * geotiff's HTTP client shape over a stored file: each range geotiff asks for is one ranged read
 * of the storage (a local file's bytes, or an S3 `GetObject` with `Range`), so a tile reads only
 * the header and the blocks it needs. `bytesRead` counts what was read.
 */
export class StorageRangeClient extends BaseClient {
  bytesRead = 0;

  constructor(
    private readonly storage: Storage,
    private readonly key: string,
    private readonly size: number,
  ) {
    super(`storage:${key}`);
  }

  override async request(options?: RequestInit): Promise<BaseResponse> {
    const header = new Headers(options?.headers).get('range') ?? '';
    const match = RANGE.exec(header);
    if (!match) throw new Error(`geotiff asked for "${header}": only single byte ranges are read from storage`);
    const start = Number(match[1]);
    const end = Math.min(Number(match[2]), this.size - 1);
    if (start > end) throw new Error(`the file is cut off: its structure points at byte ${start}, past its ${this.size} bytes`);
    const bytes = await buffer(await this.storage.read(this.key, { start, end }));
    this.bytesRead += bytes.length;
    return new RangeResponse(bytes, { 'content-range': `bytes ${start}-${end}/${this.size}` });
  }
}
