import { describe, expect, it } from 'vitest';
import { areaFromWidgetLayout } from './widget-area.js';

describe('areaFromWidgetLayout', () => {
  it('maps Re:Earth default locations to the four corners', () => {
    expect(areaFromWidgetLayout({ defaultLocation: { zone: 'inner', section: 'left', area: 'top' } })).toBe('top-left');
    expect(areaFromWidgetLayout({ defaultLocation: { zone: 'outer', section: 'right', area: 'bottom' } })).toBe('bottom-right');
    expect(areaFromWidgetLayout({ defaultLocation: { section: 'center', area: 'middle' } })).toBe('top-right');
    expect(areaFromWidgetLayout({ defaultLocation: { section: 'left', area: 'bottom' } })).toBe('bottom-left');
    expect(areaFromWidgetLayout({})).toBeUndefined();
    expect(areaFromWidgetLayout(undefined)).toBeUndefined();
  });
});
