import { describe, expect, it } from 'vitest';
import { formatValue, webUrl } from './infobox-value.js';

describe('formatValue (docs/contract.md §14 infobox formats)', () => {
  it("groups digits in the visitor's language", () => {
    expect(formatValue('8837685', 'number', 'en')).toBe('8,837,685');
    expect(formatValue('8837685.25', 'number', 'de')).toBe('8.837.685,25');
    expect(formatValue('1234.6', 'integer', 'en')).toBe('1,235');
    expect(formatValue('0.255', 'percent', 'en')).toBe('25.5%');
  });

  it('reads dates as ISO text or milliseconds', () => {
    expect(formatValue('2024-03-01', 'date', 'en')).toBe('Mar 1, 2024');
    expect(formatValue(String(Date.UTC(2024, 2, 1, 12)), 'date', 'en')).toBe('Mar 1, 2024');
  });

  it('leaves what a format cannot read, and values without a format, as they are', () => {
    expect(formatValue('n/a', 'number', 'en')).toBe('n/a');
    expect(formatValue('', 'number', 'en')).toBe('');
    expect(formatValue('soon', 'date', 'en')).toBe('soon');
    expect(formatValue('8837685', undefined, 'en')).toBe('8837685');
  });
});

describe('webUrl (url and image formats)', () => {
  it('takes http and https addresses only', () => {
    expect(webUrl(' https://example.org/a b ')).toBe('https://example.org/a%20b');
    expect(webUrl('http://example.org')).toBe('http://example.org/');
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'file:///etc/passwd', 'example.org', '']) expect(webUrl(bad)).toBeUndefined();
  });
});
