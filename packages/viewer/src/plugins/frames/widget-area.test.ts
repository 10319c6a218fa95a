import { describe, expect, it } from 'vitest';
import { areaFromWidgetLayout, widgetPlacement } from './widget-area.js';

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

describe('widgetPlacement', () => {
  it('gives each corner as Re:Earth\'s location, and an extended frame as stretched horizontally', () => {
    expect(widgetPlacement('top-left', false)).toEqual({ extended: { horizontally: false, vertically: false }, layout: { location: { zone: 'inner', section: 'left', area: 'top' }, align: 'start' } });
    expect(widgetPlacement('bottom-right', true)).toEqual({ extended: { horizontally: true, vertically: false }, layout: { location: { zone: 'inner', section: 'right', area: 'bottom' }, align: 'start' } });
    // The corner a Re:Earth default location maps to reads back as that location.
    for (const section of ['left', 'right'] as const) {
      for (const area of ['top', 'bottom'] as const) {
        expect(widgetPlacement(areaFromWidgetLayout({ defaultLocation: { zone: 'inner', section, area } })!, false).layout.location).toEqual({ zone: 'inner', section, area });
      }
    }
  });
});
