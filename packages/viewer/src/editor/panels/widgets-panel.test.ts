import { describe, expect, it } from 'vitest';
import type { Scene } from '@orbis/scene';
import { widgetEntry, widgetName } from './widgets-panel.js';

describe('widgetName', () => {
  it('names a widget once when its plugin has the same name', () => {
    expect(widgetName('Coordinates', 'Coordinates')).toBe('Coordinates');
    expect(widgetName('Tools', 'Measure')).toBe('Tools: Measure');
  });
});

describe('widgetEntry', () => {
  it("adds a widget's entry once: in the top-right corner when a corner is set, else where its manifest puts it", () => {
    const scene = { widgets: [] } as unknown as Scene;
    expect(widgetEntry(scene, 'p', 'w', false)).toEqual({ pluginId: 'p', extensionId: 'w', enabled: true });
    expect(widgetEntry(scene, 'p', 'w', true)).toBe(scene.widgets[0]);
    expect(widgetEntry(scene, 'p', 'x', true)).toEqual({ pluginId: 'p', extensionId: 'x', enabled: true, area: 'top-right' });
    expect(scene.widgets).toHaveLength(2);
  });
});
