import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from './i18n.js';
import { formatArea, formatHeight, formatLength } from './measure-units.js';

afterEach(() => setLanguage('en'));

describe('measure units', () => {
  it('gives a length in m below a kilometre and in km from there, with three or four figures', () => {
    expect(formatLength(8.254)).toBe('8.25 m');
    expect(formatLength(999.4)).toBe('999.4 m');
    expect(formatLength(1000)).toBe('1 km');
    expect(formatLength(403_826.686)).toBe('403.8 km');
    expect(formatLength(12_345_678)).toBe('12,346 km');
  });

  it('gives an area in m² below a hectare, in ha below a square kilometre, in km² from there', () => {
    expect(formatArea(9_999)).toBe('9,999 m²');
    expect(formatArea(10_000)).toBe('1 ha');
    expect(formatArea(52_500)).toBe('5.25 ha');
    expect(formatArea(999_000)).toBe('99.9 ha');
    expect(formatArea(1_000_000)).toBe('1 km²');
    expect(formatArea(12_308_778_361.47)).toBe('12,309 km²');
  });

  it('gives a height in metres, with its sign when asked', () => {
    expect(formatHeight(3_776.24)).toBe('3,776 m');
    expect(formatHeight(-12.5, true)).toBe('−12.5 m');
    expect(formatHeight(12.5, true)).toBe('+12.5 m');
    expect(formatHeight(0, true)).toBe('0 m');
  });

  it('writes numbers in the page language’s form', () => {
    setLanguage('ja');
    expect(formatLength(403_826.686)).toBe('403.8 km');
    expect(formatArea(52_500)).toBe('5.25 ha');
    setLanguage('en');
  });
});
