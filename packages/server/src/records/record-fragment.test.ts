import { describe, expect, it } from 'vitest';
import type { ListedAsset } from '../store/store.js';
import { assetRecord } from '../assets/asset-record.js';
import { fragmentOrigin, recordFragment, spliceOrigin } from './record-fragment.js';

const asset: ListedAsset = {
  id: '01JDA8Q0000000000000000000',
  name: 'wards "north".geojson',
  contentType: 'application/geo+json',
  size: 12,
  createdAt: '2026-11-21T12:00:00.000Z',
  updatedAt: '2026-11-21T12:00:00.000Z',
  public: true,
  files: [{ path: 'tiles/$&.json', size: 3 }],
} as ListedAsset;

describe('record fragments', () => {
  it('splice into the same JSON as assetRecord, also when the public URL holds $ patterns', () => {
    for (const publicUrl of ['http://127.0.0.1:8080', "https://maps.example.org/price$'s/$&x/$$/$`"]) {
      const json = spliceOrigin(`[${recordFragment(asset)},${recordFragment(asset)}]`, fragmentOrigin(publicUrl, 'demo'));
      const expected = assetRecord(asset, publicUrl, 'demo', false);
      expect(JSON.parse(json)).toEqual([expected, expected]);
      expect(JSON.stringify(JSON.parse(json)[0])).toBe(JSON.stringify(expected));
    }
  });
});
