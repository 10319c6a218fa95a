import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import en from './locales/en.json';
import ja from './locales/ja.json';
import { formatDate, formatNumber, language, onLanguageChange, pickLanguage, setLanguage, t } from './i18n.js';

/** Every key of a locale file, plural forms folded into one (`x_one`, `x_other` are `x`). */
function keysOf(messages: object, prefix = ''): Set<string> {
  const keys = new Set<string>();
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') keys.add(prefix + key.replace(/_(zero|one|two|few|many|other)$/, ''));
    else for (const inner of keysOf(value as object, `${prefix}${key}.`)) keys.add(inner);
  }
  return keys;
}

/** Every message with its key, plural forms apart. */
function messagesOf(messages: object, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value] as [string, string]] : messagesOf(value as object, `${prefix}${key}.`),
  );
}

/** The viewer's product sources (no tests), read once. */
function sources(dir = join(import.meta.dirname, '..')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.ts$/.test(entry.name) && !/\.test(-d)?\.ts$/.test(entry.name) ? [readFileSync(path, 'utf8')] : [];
  });
}

afterEach(() => setLanguage('en'));

describe('i18n (docs/contract.md §19)', () => {
  it('has every key in both languages', () => {
    const english = keysOf(en);
    const japanese = keysOf(ja);
    expect([...english].filter((key) => !japanese.has(key))).toEqual([]);
    expect([...japanese].filter((key) => !english.has(key))).toEqual([]);
  });

  it('has no key that the code does not use: each is named in quotes, or under a prefix the code completes (`errors.${code}`)', () => {
    const code = sources().join('\n');
    const prefixes = [...code.matchAll(/`([a-zA-Z]+(?:\.[a-zA-Z-]+)*\.)\$\{/g)].map((m) => m[1]!);
    const unused = [...keysOf(en)].filter((key) => !code.includes(`'${key}'`) && !prefixes.some((prefix) => key.startsWith(prefix)));
    expect(unused).toEqual([]);
  });

  it('puts the same values ({{name}}) into a message in both languages', () => {
    const values = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
    const japanese = new Map(messagesOf(ja).map(([key, text]) => [key.replace(/_(zero|one|two|few|many|other)$/, ''), text]));
    const differ = messagesOf(en)
      .map(([key, text]) => [key.replace(/_(zero|one|two|few|many|other)$/, ''), text] as const)
      .filter(
        ([key, text]) =>
          JSON.stringify(values(text).filter((v) => v !== 'count')) !== JSON.stringify(values(japanese.get(key) ?? '').filter((v) => v !== 'count')),
      );
    expect(differ).toEqual([]);
  });

  it('picks the first browser language it speaks, by primary subtag, else English', () => {
    expect(pickLanguage(['fr-FR', 'ja-JP', 'en'])).toBe('ja');
    expect(pickLanguage(['EN-gb', 'ja'])).toBe('en');
    expect(pickLanguage(['de', 'fr'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });

  it('translates, tells listeners of a change, and formats by the language', () => {
    const heard: string[] = [];
    const stop = onLanguageChange((lang) => heard.push(lang));
    expect(t('common.save')).toBe('Save');
    setLanguage('ja');
    expect(language()).toBe('ja');
    expect(t('common.save')).toBe('保存');
    expect(formatDate(new Date(Date.UTC(2026, 0, 5, 12)), { dateStyle: 'long', timeZone: 'UTC' })).toBe('2026年1月5日');
    setLanguage('ja');
    stop();
    setLanguage('en');
    expect(heard).toEqual(['ja']);
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(formatDate('2026-01-05T12:00:00Z', { dateStyle: 'long', timeZone: 'UTC' })).toBe('January 5, 2026');
  });
});
