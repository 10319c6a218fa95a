import { describe, expect, it } from 'vitest';
import { widgetName } from './widgets-panel.js';

describe('widgetName', () => {
  it('names a widget once when its plugin has the same name', () => {
    expect(widgetName('Coordinates', 'Coordinates')).toBe('Coordinates');
    expect(widgetName('Tools', 'Measure')).toBe('Tools: Measure');
  });
});
