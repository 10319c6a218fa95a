import { checkStyleExpression } from '@orbis/scene/checks';
import { describe, expect, it } from 'vitest';
import { StyleEvaluator, styleFeature } from '../engine/cesium/layers/cesium-style-evaluator.js';
import { dateNumber, filteredAppearance, filterExpression, filterRange, filterTypeFor, hiddenClass } from './layer-filters.js';

/** Whether CesiumJS's styling language shows a feature with these properties under `expression`. */
const shows = (expression: string, properties: Record<string, unknown>) => new StyleEvaluator().value({ expression }, styleFeature(properties)) === true;

describe('filters as show expressions (docs/contract.md §18 filters)', () => {
  it('keeps features in a range (either end open), among chosen values, and out of the classes the legend hid', () => {
    const expression = filterExpression({
      choices: {
        'range:capacity': { type: 'range', min: 100, max: 500 },
        'choice:kind': { type: 'choice', values: ['school', 'town hall'] },
        'range:floors': { type: 'range' },
      },
      hiddenClasses: [hiddenClass(['${capacity} >= 400', '${capacity} >= 200', 'true'], 1)],
    })!;
    expect(() => checkStyleExpression(expression)).not.toThrow();
    expect(shows(expression, { capacity: 100, kind: 'school' })).toBe(true);
    expect(shows(expression, { capacity: 99, kind: 'school' })).toBe(false);
    expect(shows(expression, { capacity: 501, kind: 'school' })).toBe(false);
    expect(shows(expression, { capacity: 150, kind: 'town hall' })).toBe(true);
    expect(shows(expression, { capacity: 150, kind: 'park' })).toBe(false);
    // Hidden: the second class of the legend (200–400), not the first (≥ 400), which comes before it.
    expect(shows(expression, { capacity: 250, kind: 'school' })).toBe(false);
    expect(shows(expression, { capacity: 450, kind: 'school' })).toBe(true);
    // A feature without the number is outside every range.
    expect(shows(expression, { kind: 'school' })).toBe(false);
    expect(filterExpression({ choices: { 'range:x': { type: 'range' } }, hiddenClasses: [] })).toBeUndefined();
    expect(shows(filterExpression({ choices: { 'choice:kind': { type: 'choice', values: [] } }, hiddenClasses: [] })!, { kind: 'a' })).toBe(false);
  });

  it('compares ISO dates by day', () => {
    const expression = filterExpression({
      choices: { 'range:opened': { type: 'range', dates: true, min: dateNumber('2026-01-02'), max: dateNumber('2026-03-01T12:00:00Z') } },
      hiddenClasses: [],
    })!;
    expect(() => checkStyleExpression(expression)).not.toThrow();
    expect(['2026-01-01', '2026-01-02T08:00:00Z', '2026-03-01', '2026-03-02', 'soon', undefined].map((opened) => shows(expression, { opened }))).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('narrows every kind’s own show: absent, literal, expression or conditions', () => {
    const f = '${a} > 1';
    expect(filteredAppearance(undefined, undefined)).toBeUndefined();
    const out = filteredAppearance(
      { marker: { show: false, pointColor: 'red' }, polyline: { show: { expression: '${b}' } }, polygon: { show: { conditions: [['${c} === 1', 'false']] } } },
      f,
    )!;
    expect(out.marker).toEqual({ show: false, pointColor: 'red' });
    expect(out.polyline!.show).toEqual({ expression: '(${b}) && (${a} > 1)' });
    expect(out.polygon!.show).toEqual({
      conditions: [
        ['${c} === 1', '(false) && (${a} > 1)'],
        ['true', f],
      ],
    });
    expect(filteredAppearance({}, f)!.marker!.show).toEqual({ expression: f });
  });
});

describe('the filter a property calls for, and a range in its values (the editor and the published page)', () => {
  it('offers a range for numbers (or numeric text) and ISO dates, choices for other text; blanks do not count', () => {
    expect(filterTypeFor([120, 350, null, ''])).toBe('range');
    expect(filterTypeFor(['120', '35.5'])).toBe('range');
    expect(filterTypeFor(['2026-01-02', '2026-03-04T10:00:00Z', undefined])).toBe('range');
    expect(filterTypeFor(['Hokkaido', 'Aomori'])).toBe('choice');
    expect(filterTypeFor([12, 'B-12'])).toBe('choice');
    expect(filterTypeFor(['2026-01-02', 'soon'])).toBe('choice');
  });
  it('reads a range of numbers, or of days when every value is an ISO date, and none from text', () => {
    expect(filterRange([350, '120', null, 'n/a'])).toEqual({ min: 120, max: 350, dates: false });
    expect(filterRange(['2026-03-04', '2026-01-02T10:00:00Z'])).toEqual({ min: 20260102, max: 20260304, dates: true });
    expect(filterRange(['Hokkaido', ''])).toBeUndefined();
    // A layer's million values (Math.min(...values) overflowed the call's arguments).
    const many = Array.from({ length: 1_000_000 }, (_, i) => 999_999 - i);
    expect(filterRange(many)).toEqual({ min: 0, max: 999_999, dates: false });
  });
});
