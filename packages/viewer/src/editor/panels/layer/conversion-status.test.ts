import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../ui/i18n.js';
import { conversionText } from './conversion-status.js';

describe('a GeoTIFF conversion\'s status line (docs/rasters.md, "Plain GeoTIFFs")', () => {
  it('says how many levels are made while converting, that it waits before, and nothing otherwise', () => {
    setLanguage('en');
    expect(conversionText({ state: 'converting', levels: 2, of: 5 })).toBe('Building its overviews: 2 of 5 levels made; the file is shown as it is meanwhile.');
    expect(conversionText({ state: 'converting', levels: 0, of: 0 })).toMatch(/wait/);
    expect(conversionText({ state: 'done' })).toBe('');
    expect(conversionText({ state: 'none' })).toBe('');
    expect(conversionText(undefined)).toBe('');
    setLanguage('ja');
    expect(conversionText({ state: 'converting', levels: 2, of: 5 })).toContain('5 段のうち 2 段');
    setLanguage('en');
  });
});
