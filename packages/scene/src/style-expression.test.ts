import { describe, expect, it } from 'vitest';
import { checkStyleExpression, StyleExpressionError, styleExpressionError } from './style-expression.js';

describe('styleExpressionError (the grammar CesiumJS parses)', () => {
  it.each([
    '${population} > 1000',
    "color('red')",
    "${kind} === 'park' ? color('#00ff00', 0.5) : rgba(255, 0, 0, 0.8)",
    'hsl(0.5, 1.0, 0.5)',
    "regExp('^Chest').test(${County}) && ${YearBuilt} >= 1970",
    '${name} =~ regExp("^A")',
    'clamp(${h}, 0, 100) * 2 + abs(-3) % 4',
    'Math.PI * ${r}',
    'isNaN(${x}) || !isFinite(${y})',
    '"height: ${h}"',
    '${feature["name with space"]}',
    'vec3(1, 2, 3)',
    'String(${n}) + " m"',
  ])('accepts %s', (source) => {
    expect(styleExpressionError(source)).toBeUndefined();
  });

  it.each([
    ['', /exactly one expression/],
    ['${a} +', /Expected expression/],
    ['${a', /Unmatched/],
    ['foo(1)', /Unexpected function call "foo"/],
    ['rgb(1, 2)', /three arguments/],
    ['abs(1, 2)', /exactly one argument/],
    ['window', /window is not defined/],
    ['${a} == 1', /Unexpected operator "=="/],
    ['a.b', /a is not defined/],
    ["regExp('(')", /Invalid regular expression/],
    ['1 2', /exactly one expression/],
    ["'open ${x}", /Unclosed quote/],
    ['${a}.test(1)', /test is not a function/],
    ['this', /Cannot parse/],
  ])('refuses %s', (source, message) => {
    expect(styleExpressionError(source)).toMatch(message);
    expect(() => checkStyleExpression(source)).toThrow(StyleExpressionError);
  });
});
