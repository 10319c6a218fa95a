import { styleExpressionError } from '@orbis/scene';
import { describe, expect, it } from 'vitest';
import { CATEGORY_COLOURS, categoricalConditions, graduatedConditions, OTHER_COLOUR, propertyOfRef, propertyRef, RAMP } from './style-rules.js';

const allValid = (rows: [string, string][]) => rows.flat().every((e) => styleExpressionError(e) === undefined);

describe('categoricalConditions', () => {
  it('gives each value a colour, most frequent first, quoting text, and the rest grey', () => {
    const rows = categoricalConditions('kind', ['park', 'shop', 'park', "o'clock", 3, null, '', `"both'`]);
    expect(rows).toEqual([
      ["${kind} === 'park'", `color('${CATEGORY_COLOURS[0]}')`],
      ["${kind} === 'shop'", `color('${CATEGORY_COLOURS[1]}')`],
      ['${kind} === "o\'clock"', `color('${CATEGORY_COLOURS[2]}')`],
      ['${kind} === 3', `color('${CATEGORY_COLOURS[3]}')`],
      ['true', `color('${OTHER_COLOUR}')`],
    ]);
    expect(allValid(rows)).toBe(true);
  });
});

describe('graduatedConditions', () => {
  it('breaks numbers at quantiles, highest class first', () => {
    const rows = graduatedConditions('pop', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 5);
    expect(rows).toEqual([
      ['${pop} >= 9', `color('${RAMP[4]}')`],
      ['${pop} >= 7', `color('${RAMP[3]}')`],
      ['${pop} >= 5', `color('${RAMP[2]}')`],
      ['${pop} >= 3', `color('${RAMP[1]}')`],
      ['true', `color('${RAMP[0]}')`],
    ]);
    expect(allValid(rows)).toBe(true);
  });

  it('copes with few or no numbers', () => {
    expect(graduatedConditions('x', ['a', null])).toEqual([['true', `color('${OTHER_COLOUR}')`]]);
    expect(graduatedConditions('x', [5, 5, 5]).length).toBe(2);
  });
});

describe('propertyRef and propertyOfRef', () => {
  it('reads a property by name, quoting a name that is not an identifier, and back', () => {
    expect(propertyRef('population')).toBe('${population}');
    expect(propertyRef('fill-opacity')).toBe('${feature["fill-opacity"]}');
    expect(propertyRef('人口 "2020"')).toBe(`\${feature['人口 "2020"']}`);
    for (const name of ['population', 'fill-opacity', '人口 "2020"']) {
      expect(styleExpressionError(propertyRef(name))).toBeUndefined();
      expect(propertyOfRef(propertyRef(name))).toBe(name);
    }
    expect(propertyOfRef('${a} + 1')).toBeUndefined();
  });
});
