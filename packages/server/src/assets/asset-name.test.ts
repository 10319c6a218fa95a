import { describe, expect, it } from 'vitest';
import { AssetNameError, cleanAssetName } from './asset-name.js';

describe('cleanAssetName', () => {
  it('keeps the last path segment and drops control characters', () => {
    expect(cleanAssetName('wards.geojson')).toBe('wards.geojson');
    expect(cleanAssetName('../../etc/passwd')).toBe('passwd');
    expect(cleanAssetName('C:\\data\\tokyo.kml')).toBe('tokyo.kml');
    expect(cleanAssetName(' a\u0000b\n.txt ')).toBe('ab.txt');
    expect(cleanAssetName('東京.geojson')).toBe('東京.geojson');
    expect(cleanAssetName('\u0085nel.txt')).toBe('nel.txt');
    expect(cleanAssetName('invoice\u202etxt.exe')).toBe('invoicetxt.exe');
  });

  it('replaces a lone surrogate, which has no UTF-8 form, and keeps pairs', () => {
    expect(cleanAssetName('a\ud800.json')).toBe('a\ufffd.json');
    expect(cleanAssetName('\udc00b')).toBe('\ufffdb');
    expect(cleanAssetName('\ud83c\udf0f.kml')).toBe('\ud83c\udf0f.kml');
  });

  it('refuses empty, dot and over-long names', () => {
    for (const bad of ['', '  ', '.', '..', 'dir/', '\u0001', 'x'.repeat(256), 'é'.repeat(128)]) {
      expect(() => cleanAssetName(bad), JSON.stringify(bad)).toThrow(AssetNameError);
    }
  });
});
