import { describe, expect, it } from 'vitest';
import { cssSize } from './sandboxed-frame.js';

describe('cssSize', () => {
  it('keeps pixels, as a number or a "px" string, within 20 to 2000', () => {
    expect([cssSize(320, 400), cssSize('320px', 400), cssSize(5, 400), cssSize('9000px', 400), cssSize(12.5, 400)]).toEqual([
      '320px',
      '320px',
      '20px',
      '2000px',
      '20px',
    ]);
  });

  it('applies another CSS length as given, as Re:Earth does', () => {
    expect(['50%', '20vh', '30vw', '10em', '.5rem', '15vmin', 'auto'].map((v) => cssSize(v, 400))).toEqual([
      '50%',
      '20vh',
      '30vw',
      '10em',
      '.5rem',
      '15vmin',
      'auto',
    ]);
  });

  it('falls back for an absent or unsafe size, so no CSS but a length reaches the frame', () => {
    expect([undefined, NaN, '1px; background:url(x)', '300', 'calc(100%)', '-5px'].map((v) => cssSize(v, 400))).toEqual(Array(6).fill('400px'));
  });
});
