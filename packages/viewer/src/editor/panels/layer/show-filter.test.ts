import { styleExpressionError } from '@orbis/scene/checks';
import { describe, expect, it } from 'vitest';
import { showExpression, showFilterOf } from './show-filter.js';

describe('the 3D Tiles filter (a show expression)', () => {
  it('compares with a number when the value is one, else with text, and reads back what it wrote', () => {
    const tall = { property: 'bldg:measuredHeight', operator: '>=' as const, value: ' 30 ' };
    expect(showExpression(tall)).toBe('${feature["bldg:measuredHeight"]} >= 30');
    expect(showFilterOf(showExpression(tall)!)).toEqual({ ...tall, value: '30' });
    const homes = { property: 'bldg:usage', operator: '===' as const, value: '住宅' };
    expect(showExpression(homes)).toBe(`\${feature["bldg:usage"]} === '住宅'`);
    expect(showFilterOf(showExpression(homes)!)).toEqual(homes);
    for (const filter of [tall, homes]) expect(styleExpressionError(showExpression(filter)!)).toBeUndefined();
  });

  it('writes nothing without a value, and reads no expression it did not write', () => {
    expect(showExpression({ property: 'h', operator: '<', value: ' ' })).toBeUndefined();
    expect(showExpression({ property: 'h', operator: '<', value: `it's "x"` })).toBeUndefined();
    expect(showFilterOf('${h} > 3 && ${h} < 9')).toBeUndefined();
    expect(showFilterOf('${h} < -2.5')).toEqual({ property: 'h', operator: '<', value: '-2.5' });
  });
});
