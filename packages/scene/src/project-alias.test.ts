import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALIAS_PATTERN, aliasFromName } from './project-alias.js';

describe('a project alias made from its name (docs/contract.md §3)', () => {
  it('keeps letters and digits, lower-cased, with hyphens between words and accents dropped', () => {
    expect(aliasFromName('Flood map 2026')).toBe('flood-map-2026');
    expect(aliasFromName('  Café & Bäckerei — Zürich!  ')).toBe('cafe-backerei-zurich');
    expect(aliasFromName('Ｔｏｋｙｏ　２０２６')).toBe('tokyo-2026');
  });

  it('is empty for a name with no Latin letter or digit, so that the person types one', () => {
    expect(aliasFromName('横浜の避難所')).toBe('');
  });

  it('is always a valid alias, or empty', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (name) => {
        const alias = aliasFromName(name);
        expect(alias === '' || ALIAS_PATTERN.test(alias)).toBe(true);
      }),
    );
  });
});
