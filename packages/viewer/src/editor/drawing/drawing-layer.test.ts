import { defaultScene, type Layer, sceneProblem, styleExpressionError } from '@orbis/scene';
import { describe, expect, it } from 'vitest';
import { drawnFeature, withFeature } from './drawn-features.js';
import { changeDrawing, drawingLayerOf, newDrawingLayer } from './drawing-layer.js';

describe('the drawing layer (docs/contract.md §18 sketch)', () => {
  it('is made by the first shape, found again for the next, and is a valid scene layer', () => {
    const scene = { ...defaultScene(), layers: [{ id: 'g', title: 'GeoJSON', type: 'geojson', url: 'https://example.org/a.geojson', visible: true } as Layer] };
    const make = () => newDrawingLayer('drawing', 'Drawing');
    const dot = (id: string) => drawnFeature(id, 'point', [{ lng: 139, lat: 35, height: 0 }], 0, []);
    expect(drawingLayerOf(scene)).toBeUndefined();
    expect(changeDrawing(scene, make, (v) => withFeature(v, dot('f1')))).toBe('drawing');
    expect(changeDrawing(scene, make, (v) => withFeature(v, dot('f2')))).toBe('drawing');
    expect(scene.layers.map((l) => l.id)).toEqual(['g', 'drawing']);
    expect(drawingLayerOf(scene)?.data.value.features.map((f) => f.id)).toEqual(['f1', 'f2']);
    expect(sceneProblem(scene)).toBeUndefined();
  });

  it('raises an extruded polygon by its extrudedHeight property with an expression CesiumJS takes', () => {
    const height = newDrawingLayer('d', 'D').appearance!.polygon!.extrudedHeight as { conditions: [string, string][] };
    const conditions = height.conditions;
    for (const [condition, value] of conditions) {
      expect(styleExpressionError(condition)).toBeUndefined();
      expect(styleExpressionError(value)).toBeUndefined();
    }
  });
});
