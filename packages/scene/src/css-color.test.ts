import { describe, expect, it } from 'vitest';
import { isCssColor } from './css-color.js';

describe('isCssColor', () => {
  it.each([
    'red',
    'DarkSalmon',
    'transparent',
    '#f00',
    '#f00a',
    '#ff0000',
    '#ff000080',
    'rgb(255, 0, 0)',
    'rgba(255,0,0,0.5)',
    'rgb(100%, 0%, 0%)',
    'hsl(120, 50%, 50%)',
    'hsla(120 50% 50% / 0.3)',
    ' red ',
  ])('accepts %s', (c) => expect(isCssColor(c)).toBe(true));
  it.each(['reddish', '#ff000', '#gg0000', 'rgb(1,2)', 'hsl(1, 2, 3)', 'url(x)', '', 'constructor', 'toString', 'rebeccapurple', 'lightsalmon'])(
    'refuses %s',
    (c) => expect(isCssColor(c)).toBe(false),
  );
});
