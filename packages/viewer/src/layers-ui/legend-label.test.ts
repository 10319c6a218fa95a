import { describe, expect, it } from 'vitest';
import { legendLabel, legendLabels } from './legend-label.js';

describe('legendLabel', () => {
  it.each([
    ["${kind} === 'park'", 'kind = park'],
    ['${kind} !== "shop"', 'kind ≠ shop'],
    ['${pop} >= 1000 && ${pop}<5000', 'pop 1000–5000'],
    ['${rating} < 3', 'rating < 3'],
    ['${rating} >= 3.5 && ${rating} < 4', 'rating 3.5–4'],
    ['${t} >= -2 && ${t} < 0', 't -2–0'],
    ['${a} >= 1 && ${b} < 5', 'a ≥ 1 and b < 5'],
    ['${a} > 1 || ${b} <= 2', 'a > 1 or b ≤ 2'],
    ['true', 'all'],
    ['${population} >= 5000000', 'population ≥ 5,000,000'],
    // Names that are not identifiers (PLATEAU's), as the style panel writes them.
    ['${feature["bldg:usage"]} === \'住宅\'', 'bldg:usage = 住宅'],
    ['${feature["bldg:measuredHeight"]} >= 10 && ${feature["bldg:measuredHeight"]} < 20', 'bldg:measuredHeight 10–20'],
    ["${feature['人口']} < 3", '人口 < 3'],
  ])('%s → %s', (condition, label) => expect(legendLabel(condition)).toBe(label));

  it('calls a last catch-all condition "other"', () => expect(legendLabel('true', true)).toBe('other'));
});

describe('legendLabels', () => {
  it('reads hand-written thresholds on one property, highest first, as classes: a range between two, "< lowest" for the catch-all', () =>
    expect(legendLabels(['${population} >= 5000000', '${population} >= 2000000', 'true'])).toEqual([
      'population ≥ 5,000,000',
      'population 2,000,000–5,000,000',
      'population < 2,000,000',
    ]));

  it('keeps "other" where the conditions are not such a chain', () => {
    // Categories.
    expect(legendLabels(["${kind} === 'park'", 'true'])).toEqual(['kind = park', 'other']);
    // Two properties.
    expect(legendLabels(['${a} >= 5', '${b} >= 2', 'true'])).toEqual(['a ≥ 5', 'b ≥ 2', 'other']);
    // Thresholds not highest first: the second condition is not the class between them.
    expect(legendLabels(['${a} >= 2', '${a} >= 5', 'true'])).toEqual(['a ≥ 2', 'a ≥ 5', 'other']);
    // No catch-all: each condition as written.
    expect(legendLabels(['${a} >= 5', '${a} >= 2'])).toEqual(['a ≥ 5', 'a ≥ 2']);
    // The style panel's classes are already ranges.
    expect(legendLabels(['${r} >= 4', '${r} >= 3 && ${r} < 4', '${r} < 3', 'true'])).toEqual(['r ≥ 4', 'r 3–4', 'r < 3', 'other']);
  });
});
