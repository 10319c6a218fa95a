import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { defaultScene } from './default-scene.js';
import { LayerDataSchema } from './appearance-schema.js';
import type { Layer } from './scene-schema.js';
import { sceneProblem } from './scene-rules.js';

const drawn = (data: Layer['data'], extra: Partial<Layer> = {}): Layer => ({ id: 'd', title: 'Drawing', type: 'sketch', visible: true, data, ...extra });
const zone = {
  type: 'Feature' as const,
  id: 'f1',
  geometry: {
    type: 'Polygon' as const,
    coordinates: [
      [
        [139.7, 35.6],
        [139.8, 35.6],
        [139.8, 35.7],
        [139.7, 35.6],
      ],
    ],
  },
  properties: { name: 'Zone', capacity: 120, open: true, extrudedHeight: 30 },
};
const value = { type: 'FeatureCollection' as const, features: [zone] };
const problem = (layer: Layer) => sceneProblem({ ...defaultScene(), layers: [layer] });

describe('docs/contract.md §18 sketch layers: data.value, features kept in the scene', () => {
  it('takes inline GeoJSON and its fields in place of a url, asset or model', () => {
    const layer = drawn({
      value,
      fields: [
        { name: 'name', type: 'text' },
        { name: 'capacity', type: 'number' },
        { name: 'open', type: 'boolean' },
      ],
    });
    expect(Value.Check(LayerDataSchema, layer.data)).toBe(true);
    expect(problem(layer)).toBeUndefined();
  });

  it('refuses geometry it cannot draw and property values that are not text, numbers or true/false', () => {
    expect(
      Value.Check(
        LayerDataSchema,
        drawn({ value: { ...value, features: [{ ...zone, geometry: { type: 'Polygon', coordinates: [[[0, 0]]] } }] } as never }).data,
      ),
    ).toBe(false);
    expect(Value.Check(LayerDataSchema, drawn({ value: { ...value, features: [{ ...zone, properties: { x: { nested: 1 } } }] } as never }).data)).toBe(false);
    expect(Value.Check(LayerDataSchema, drawn({ value, fields: [{ name: 'x', type: 'date' }] } as never).data)).toBe(false);
  });

  it("is a sketch layer's one source, and only a sketch layer's", () => {
    expect(problem(drawn({ value }, { url: 'https://example.org/a.geojson' }))).toEqual({
      path: 'layers[0]',
      message: 'needs exactly one of "url", "assetId", "model" and "data.value"',
    });
    expect(problem(drawn({ value }, { type: 'geojson' }))).toEqual({ path: 'layers[0].data.value', message: 'applies only to sketch layers' });
    expect(problem(drawn(undefined, { url: 'https://example.org/a.geojson' }))).toEqual({
      path: 'layers[0].data.value',
      message: 'is required: the features of a sketch layer',
    });
  });

  it('keeps fields to an inline layer, each name once, and each feature id once', () => {
    expect(problem(drawn({ fields: [{ name: 'a', type: 'text' }] }, { type: 'geojson', url: 'https://example.org/a.geojson' }))?.path).toBe(
      'layers[0].data.fields',
    );
    expect(
      problem(
        drawn({
          value,
          fields: [
            { name: 'a', type: 'text' },
            { name: 'a', type: 'number' },
          ],
        }),
      ),
    ).toEqual({
      path: 'layers[0].data.fields',
      message: 'names the field "a" twice',
    });
    expect(problem(drawn({ value: { ...value, features: [zone, zone] } }))).toEqual({ path: 'layers[0].data.value', message: 'has two features of id "f1"' });
  });

  it('refuses a position off the earth, naming the feature and the position', () => {
    const at = (coordinates: number[]) => drawn({ value: { ...value, features: [zone, { ...zone, id: 'f2', geometry: { type: 'Point', coordinates } }] } });
    expect(problem(at([181, 35]))).toEqual({
      path: 'layers[0].data.value.features[1].geometry',
      message: 'has the position [181,35] off the earth (longitude within ±180°, latitude within ±90°)',
    });
    expect(problem(at([139, -90.5, 3]))?.path).toBe('layers[0].data.value.features[1].geometry');
    expect(problem(at([180, -90, 12.5]))).toBeUndefined();
    const ring = zone.geometry.coordinates[0]!;
    expect(
      problem(
        drawn({ value: { ...value, features: [{ ...zone, geometry: { type: 'Polygon', coordinates: [[...ring.slice(0, 2), [139.8, 95], ring[0]!]] } }] } }),
      )?.message,
    ).toContain('[139.8,95]');
  });
});
