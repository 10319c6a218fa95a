import { randomBytes } from 'node:crypto';
import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';
import { parseS3Url, S3Storage } from './s3-storage.js';
import { storageContract } from './storage.contract.js';

function client(): S3Client {
  const s3 = inject('s3');
  return new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

// Each storage gets its own prefix in the shared test bucket, so they start empty.
storageContract('s3', async () => new S3Storage(client(), { bucket: inject('s3').bucket, prefix: `t-${randomBytes(6).toString('hex')}` }));

describe('S3Storage', () => {
  it('fails its check when the bucket does not exist', async () => {
    await expect(new S3Storage(client(), { bucket: 'orbis-no-such-bucket', prefix: 'x' }).check()).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });
});

describe('parseS3Url', () => {
  it('reads bucket and prefix', () => {
    expect(parseS3Url('s3://orbis-assets')).toEqual({ bucket: 'orbis-assets', prefix: '' });
    expect(parseS3Url('s3://orbis-assets/prod/eu/')).toEqual({ bucket: 'orbis-assets', prefix: 'prod/eu' });
  });

  it('refuses what is not an s3 URL', () => {
    for (const bad of ['s3://', 'https://bucket/x', 's3://UPPER/x', 's3://b/../x']) {
      expect(() => parseS3Url(bad), bad).toThrow(TypeError);
    }
  });
});
