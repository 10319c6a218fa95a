import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline as pipelineCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { byteSlice } from './byte-slice.js';
import { headCapture } from './head-capture.js';
import type { ByteRange, Storage, StoredKey, StoredObject } from './storage.js';
import { assertStorageKey, MissingKeyError } from './storage.js';

/** Where `s3://bucket/prefix` points. */
export interface S3Location {
  bucket: string;
  prefix: string;
}

/** Reads `s3://bucket[/prefix]`; throws a TypeError naming the value otherwise. */
export function parseS3Url(url: string): S3Location {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url);
  if (!match) throw new TypeError(`storage must look like s3://bucket/prefix, got "${url}"`);
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix !== '') assertStorageKey(prefix);
  return { bucket: match[1]!, prefix };
}

/** Parts of a multipart upload: S3's minimum is 5 MiB. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * A client for AWS S3 or, with `ORBIS_S3_ENDPOINT`, any S3-compatible server (path-style URLs).
 * Credentials and region come from the standard AWS variables and files.
 */
export function s3ClientFromEnv(env: NodeJS.ProcessEnv): S3Client {
  const endpoint = env.ORBIS_S3_ENDPOINT || undefined;
  return new S3Client({
    region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    endpoint,
    forcePathStyle: endpoint !== undefined,
    // Keys given in `env` win; otherwise the SDK's usual chain (process env, files, instance roles).
    credentials:
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, sessionToken: env.AWS_SESSION_TOKEN || undefined }
        : undefined,
    // Checksums only where S3 requires them: S3-compatible servers often lack the newer schemes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Asset bytes in a bucket. Small files are one PUT, large ones a multipart upload; either way an
 * object appears only when complete, and a failed upload is aborted.
 */
export class S3Storage implements Storage {
  readonly kind = 's3';

  constructor(
    private readonly client: S3Client,
    private readonly location: S3Location,
  ) {}

  private objectKey(key: string): string {
    assertStorageKey(key);
    return this.location.prefix ? `${this.location.prefix}/${key}` : key;
  }

  private storageKey(objectKey: string): string {
    return this.location.prefix ? objectKey.slice(this.location.prefix.length + 1) : objectKey;
  }

  async put(key: string, source: Readable): Promise<StoredObject> {
    const capture = headCapture();
    const body = new PassThrough();
    const piping = pipeline(source, capture, body);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.location.bucket, Key: this.objectKey(key), Body: body },
      partSize: PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    });
    try {
      await Promise.all([piping, upload.done()]);
    } catch (err) {
      body.destroy();
      source.destroy();
      await upload.abort().catch(() => undefined);
      throw err;
    }
    return { size: capture.size, head: capture.head() };
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const response = await this.client
      .send(
        new GetObjectCommand({
          Bucket: this.location.bucket,
          Key: this.objectKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      )
      .catch((err: Error) => {
        throw err.name === 'NoSuchKey' ? new MissingKeyError(key) : err;
      });
    const body = response.Body as Readable;
    // Some S3-compatible servers ignore a range (s3rver does for `bytes=0-0`): cut it here then.
    if (range && !response.ContentRange?.startsWith(`bytes ${range.start}-${range.end}/`)) {
      const sliced = byteSlice(range.start, range.end);
      pipelineCallback(body, sliced, () => undefined);
      return sliced;
    }
    return body;
  }

  async deletePrefix(prefix: string): Promise<void> {
    const exact = this.objectKey(prefix);
    let batch: string[] = [exact];
    for await (const { key } of this.listUnder(`${exact}/`)) {
      batch.push(key);
      if (batch.length === 1000) {
        await this.deleteObjects(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await this.deleteObjects(batch);
  }

  private async deleteObjects(keys: string[]): Promise<void> {
    const result = await this.client.send(
      new DeleteObjectsCommand({ Bucket: this.location.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
    );
    const failed = (result.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
    if (failed.length > 0) throw new Error(`S3 could not delete ${failed.length} object(s): ${failed[0]!.Code}`);
  }

  private async *listUnder(prefix: string): AsyncIterable<StoredKey> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const item of page.Contents ?? []) {
        if (item.Key) yield { key: item.Key, modifiedAt: item.LastModified ?? new Date(), size: item.Size ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async *list(): AsyncIterable<StoredKey> {
    const prefix = this.location.prefix ? `${this.location.prefix}/` : '';
    for await (const { key, modifiedAt, size } of this.listUnder(prefix)) {
      yield { key: this.storageKey(key), modifiedAt, size };
    }
  }

  async check(): Promise<void> {
    // What `list` needs (the permission, the bucket, the endpoint): one key at most.
    const prefix = this.location.prefix ? `${this.location.prefix}/` : undefined;
    await this.client.send(new ListObjectsV2Command({ Bucket: this.location.bucket, Prefix: prefix, MaxKeys: 1 }));
  }

  async cleanTemporaries(olderThanMs: number): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    let uploads;
    try {
      uploads = await this.client.send(new ListMultipartUploadsCommand({ Bucket: this.location.bucket, Prefix: this.location.prefix || undefined }));
    } catch {
      // Some S3-compatible servers do not list uploads; a bucket lifecycle rule covers them.
      return 0;
    }
    for (const upload of uploads.Uploads ?? []) {
      if (!upload.Key || !upload.UploadId || (upload.Initiated?.getTime() ?? 0) > cutoff) continue;
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.location.bucket, Key: upload.Key, UploadId: upload.UploadId }));
      removed += 1;
    }
    return removed;
  }
}
