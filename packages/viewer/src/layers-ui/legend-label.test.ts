import { describe, expect, it } from 'vitest';
import { legendLabel } from './legend-label.js';

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
  ])('%s → %s', (condition, label) => expect(legendLabel(condition)).toBe(label));

  it('calls a last catch-all condition "other"', () => expect(legendLabel('true', true)).toBe('other'));
});
