import { describe, expect, it } from 'vitest';
import { type ColourForm, colourFormOf, colourRule, DEFAULT_FORM, sameStyleValue } from './style-form.js';
import { pointSizeExpression, pointSizeOf } from './style-rules.js';

const data: Record<string, unknown[]> = { category: ['park', 'shop', 'park'], rating: [2, 4.5, 3, 7, 1] };
const column = (name: string) => data[name] ?? [];
const form = (change: Partial<ColourForm>): ColourForm => ({ ...DEFAULT_FORM, property: 'category', ...change });
const written = (f: ColourForm) => {
  const rule = colourRule(f, column);
  if (!rule || 'error' in rule) throw new Error('no rule');
  return rule.value;
};

/** Issue 36 item 6: after a reload the style panel shows what the scene holds, not its defaults. */
describe('colourFormOf reads back what the style panel wrote', () => {
  const cases: [string, Partial<ColourForm>][] = [
    ['one colour', { mode: 'single', colour: '#aa0011', opacity: 0.5 }],
    ['categories on a palette', { mode: 'categorical', property: 'category', palette: 'Tableau 10', opacity: 1 }],
    ['quantile classes', { mode: 'graduated', property: 'rating', palette: 'Viridis', method: 'quantile', classes: 3, opacity: 0.8 }],
    ['equal intervals', { mode: 'graduated', property: 'rating', palette: 'Blues', method: 'equal', classes: 4, opacity: 1 }],
    ['chosen breaks', { mode: 'graduated', property: 'rating', palette: 'Greens', method: 'breaks', breaks: '2.5, 6', opacity: 1 }],
  ];
  for (const [what, change] of cases)
    it(what, () => {
      const read = colourFormOf(written(form(change)), column);
      expect(read).toMatchObject(change);
      // Written again from what it reads, the rule is the same: a change elsewhere overwrites nothing.
      expect(sameStyleValue(written({ ...DEFAULT_FORM, ...read }), written(form(change)))).toBe(true);
    });

  it('reads a plain colour, an expression of its own, and nothing from what it cannot read', () => {
    expect(colourFormOf('#FF0000', column)).toEqual({ mode: 'single', colour: '#ff0000', opacity: 1 });
    expect(colourFormOf({ expression: "${kind} === 'a' ? color('red') : color('blue')" }, column)).toEqual({
      expression: "${kind} === 'a' ? color('red') : color('blue')",
    });
    expect(colourFormOf({ conditions: [["${kind} === 'a'", "color('red')"]] }, column)).toBeUndefined();
    expect(colourFormOf(undefined, column)).toBeUndefined();
  });

  it('gives no rule for breaks that are not numbers, and none without a property', () => {
    expect(colourRule(form({ mode: 'graduated', property: 'rating', method: 'breaks', breaks: '3, lots' }), column)).toEqual({
      error: expect.stringMatching(/lots/),
    });
    expect(colourRule(form({ property: '' }), column)).toBeUndefined();
  });
});

describe('pointSizeOf', () => {
  it('reads the property and pixel range pointSizeExpression wrote', () => {
    expect(pointSizeOf(pointSizeExpression('rating', [2, 4, 6], { minPixels: 5, maxPixels: 25 }))).toEqual({ property: 'rating', minPixels: 5, maxPixels: 25 });
    expect(pointSizeOf(pointSizeExpression('人口', [100, 300], { minPixels: 20, maxPixels: 4 }))).toEqual({ property: '人口', minPixels: 20, maxPixels: 4 });
    expect(pointSizeOf(pointSizeExpression('x', [7, 7], { minPixels: 4, maxPixels: 30 }))).toEqual({ property: 'x', minPixels: 4, maxPixels: 30 });
    expect(pointSizeOf('12')).toBeUndefined();
  });
});
