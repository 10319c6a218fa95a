import { describe, expect, it } from 'vitest';
import { checkDisplayText } from './display-text.js';

describe('checkDisplayText', () => {
  it('keeps ordinary text, trimmed', () => {
    expect(checkDisplayText('  Tokyo wards ', 'name', { max: 200 })).toBe('Tokyo wards');
    expect(checkDisplayText('東京 🗼', 'name', { max: 200 })).toBe('東京 🗼');
    expect(checkDisplayText('line one\nline two\tend', 'description', { max: 1000, multiline: true, allowEmpty: true })).toBe('line one\nline two\tend');
    expect(checkDisplayText('', 'description', { max: 1000, allowEmpty: true })).toBe('');
  });

  it('refuses NUL and other controls, naming the field', () => {
    for (const bad of ['a\u0000b', '\u0000', 'a\u0007', 'a\u009bb', 'two\nlines']) {
      expect(() => checkDisplayText(bad, 'name', { max: 200 })).toThrow(/name must not hold control characters/);
    }
    expect(() => checkDisplayText('a\u0000', 'description', { max: 1000, multiline: true })).toThrow(/description/);
  });

  it('refuses empty, too long and non-string values', () => {
    expect(() => checkDisplayText('  ', 'name', { max: 200 })).toThrow(/non-empty/);
    expect(() => checkDisplayText('x'.repeat(201), 'name', { max: 200 })).toThrow(/at most 200/);
    expect(() => checkDisplayText(5, 'name', { max: 200 })).toThrow(/name must be/);
  });
});
