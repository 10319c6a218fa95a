import { describe, expect, it } from 'vitest';
import { areaFromWidgetLayout, extensionOf, widgetPlacement } from './widget-area.js';

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
  it("gives each corner as Re:Earth's location, and which way its frame is stretched", () => {
    expect(widgetPlacement('top-left', undefined)).toEqual({
      extended: { horizontally: false, vertically: false },
      layout: { location: { zone: 'inner', section: 'left', area: 'top' }, align: 'start' },
    });
    expect(widgetPlacement('top-left', 'vertically').extended).toEqual({ horizontally: false, vertically: true });
    expect(widgetPlacement('bottom-right', 'horizontally')).toEqual({
      extended: { horizontally: true, vertically: false },
      layout: { location: { zone: 'inner', section: 'right', area: 'bottom' }, align: 'start' },
    });
    // The corner a Re:Earth default location maps to reads back as that location.
    for (const section of ['left', 'right'] as const) {
      for (const area of ['top', 'bottom'] as const) {
        expect(widgetPlacement(areaFromWidgetLayout({ defaultLocation: { zone: 'inner', section, area } })!, undefined).layout.location).toEqual({
          zone: 'inner',
          section,
          area,
        });
      }
    }
  });
});

describe('extensionOf', () => {
  it("stretches a widget down the viewer where it may only go that way or sits in a side's middle, across its zone otherwise", () => {
    // Re:Earth's sidebar: a left middle widget that may stretch vertically.
    expect(extensionOf({ extendable: { vertically: true }, extended: true, defaultLocation: { zone: 'inner', section: 'left', area: 'middle' } })).toBe(
      'vertically',
    );
    expect(extensionOf({ extendable: { vertically: true } })).toBe('vertically');
    expect(extensionOf({ extendable: { horizontally: true, vertically: true }, defaultLocation: { section: 'left', area: 'middle' } })).toBe('vertically');
    // Re:Earth's header: a top widget that may stretch horizontally.
    expect(extensionOf({ extendable: { horizontally: true }, extended: true, defaultLocation: { zone: 'inner', section: 'center', area: 'top' } })).toBe(
      'horizontally',
    );
    expect(extensionOf({ extendable: { horizontally: true, vertically: true }, defaultLocation: { section: 'left', area: 'top' } })).toBe('horizontally');
    expect(extensionOf(undefined)).toBe('horizontally');
  });
});
