import { describe, expect, it } from 'vitest';
import { parseSettings, withField } from './widget-settings.js';

describe('widget settings', () => {
  it('sets and clears one field of a group in a copy of the property', () => {
    const property = { default: { title: 'A' } };
    expect(withField(property, 'default', 'size', 12)).toEqual({ default: { title: 'A', size: 12 } });
    expect(withField(property, 'default', 'title', undefined)).toEqual({ default: {} });
    expect(withField({}, 'other', 'bold', true)).toEqual({ other: { bold: true } });
    // The property the scene holds is not changed.
    expect(property).toEqual({ default: { title: 'A' } });
  });

  it('reads a JSON object, and says why anything else is refused', () => {
    expect(parseSettings('{"width": 150}')).toEqual({ property: { width: 150 } });
    expect(parseSettings('[1]')).toHaveProperty('error');
    expect(parseSettings('{"colour": ')).toHaveProperty('error');
  });
});
