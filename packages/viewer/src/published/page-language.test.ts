import { describe, expect, it } from 'vitest';
import { pageLanguage } from './page-language.js';

describe("the published page's language (docs/contract.md §19)", () => {
  it("is the scene's when fixed, whatever the visitor asks or the browser prefers", () => {
    expect(pageLanguage('ja', '?lang=en', ['en-US'])).toBe('ja');
    expect(pageLanguage('en', '?lang=ja', ['ja-JP'])).toBe('en');
  });

  it("is the visitor's choice, then the browser's, when the scene leaves it to the visitor", () => {
    expect(pageLanguage('auto', '?lang=ja', ['en-US'])).toBe('ja');
    expect(pageLanguage(undefined, '', ['fr', 'ja-JP'])).toBe('ja');
    expect(pageLanguage(undefined, '?lang=xx', ['de'])).toBe('en');
  });
});
