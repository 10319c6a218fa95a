import { describe, expect, it } from 'vitest';
import { neutralised, unguarded } from './item-export.js';

describe('the CSV formula guard', () => {
  it('prefixes every cell a spreadsheet would run, TAB and CR first included (issue 30)', () => {
    for (const cell of ['=SUM(A1)', '+1', '-1+2', '@cmd', '\t=cmd', '\r=cmd']) {
      expect(neutralised(cell), JSON.stringify(cell)).toBe(`'${cell}`);
      expect(unguarded(neutralised(cell)), JSON.stringify(cell)).toBe(cell);
    }
  });

  it('leaves other cells as they are, and an import reads them back unchanged', () => {
    for (const cell of ['Hall 1', "'quoted", ' =spaced', '']) {
      expect(neutralised(cell)).toBe(cell);
      expect(unguarded(cell)).toBe(cell);
    }
  });
});
