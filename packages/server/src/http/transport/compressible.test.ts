import { describe, expect, it } from 'vitest';
import { isCompressibleType, negotiatedEncoding } from './compressible.js';

describe('isCompressibleType', () => {
  it('takes JSON answers and the text formats of GIS files', () => {
    for (const type of [
      'application/json; charset=utf-8',
      'application/geo+json',
      'text/csv; charset=utf-8',
      'application/vnd.czml+json',
      'application/vnd.google-earth.kml+xml',
      'application/gpx+xml',
      'text/html; charset=utf-8',
      'text/javascript',
      'application/javascript',
      'application/wasm',
      'image/svg+xml',
    ]) {
      expect(isCompressibleType(type), type).toBe(true);
    }
  });

  it('leaves out what is compressed already, or unknown', () => {
    for (const type of [
      'image/png',
      'image/jpeg',
      'image/webp',
      'application/zip',
      'model/gltf-binary',
      'application/vnd.google-earth.kmz',
      'application/octet-stream',
      'application/pdf',
      'text/event-stream',
    ]) {
      expect(isCompressibleType(type), type).toBe(false);
    }
  });
});

describe('negotiatedEncoding', () => {
  it('picks brotli, then gzip, as @fastify/compress does', () => {
    expect(negotiatedEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiatedEncoding('gzip')).toBe('gzip');
    expect(negotiatedEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(negotiatedEncoding('*')).toBe('gzip');
    expect(negotiatedEncoding('identity')).toBeUndefined();
    expect(negotiatedEncoding(undefined)).toBeUndefined();
  });
});
