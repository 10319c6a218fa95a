import { describe, expect, it } from 'vitest';
import type { LayerField } from '@orbis/scene';
import {
  addVertex,
  drawnFeature,
  emptyCollection,
  fieldNameProblem,
  fieldValue,
  nextFeatureId,
  removeVertex,
  shapeOf,
  withFeature,
  withoutFeature,
  withPoints,
  withProperty,
  withPropertyRenamed,
} from './drawn-features.js';

const at = (lng: number, lat: number, height = 0) => ({ lng, lat, height });
const square = [at(0, 0), at(1, 0), at(1, 1), at(0, 1)];
const fields: LayerField[] = [
  { name: 'name', type: 'text' },
  { name: 'capacity', type: 'number' },
  { name: 'open', type: 'boolean' },
];

describe('drawn features (docs/viewer.md, "Drawing in the editor")', () => {
  it("makes a closed ring of a polygon, keeps an extruded one's height, and starts every field unset", () => {
    const f = drawnFeature('f1', 'extrudedPolygon', square, 42.123, fields);
    expect(f.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0, 0],
          [1, 0, 0],
          [1, 1, 0],
          [0, 1, 0],
          [0, 0, 0],
        ],
      ],
    });
    expect(f.properties).toEqual({ name: null, capacity: null, open: null, extrudedHeight: 42.12 });
    expect(shapeOf(f)).toEqual({ kind: 'extrudedPolygon', points: square, extrudedHeight: 42.12 });
    expect(shapeOf(drawnFeature('f2', 'polygon', square, 0, [])).kind).toBe('polygon');
    expect(drawnFeature('p', 'point', [at(139.1234567891, 35.5)], 0, []).geometry).toEqual({ type: 'Point', coordinates: [139.1234568, 35.5, 0] });
    expect(shapeOf(drawnFeature('l', 'line', [at(0, 0), at(2, 2)], 0, [])).kind).toBe('line');
  });

  it('adds, moves, sets a property of and deletes features, leaving the others alone', () => {
    let c = emptyCollection();
    c = withFeature(c, drawnFeature(nextFeatureId(c), 'polygon', square, 0, fields));
    c = withFeature(c, drawnFeature(nextFeatureId(c), 'point', [at(5, 5)], 0, fields));
    expect(c.features.map((f) => f.id)).toEqual(['f1', 'f2']);
    c = withProperty(c, 'f1', 'capacity', 120);
    expect(c.features[0]!.properties.capacity).toBe(120);
    expect(c.features[1]!.properties.capacity).toBeNull();
    c = withPoints(c, 'f1', [at(0, 0), at(2, 0), at(2, 2)]);
    expect(shapeOf(c.features[0]!).points).toEqual([at(0, 0), at(2, 0), at(2, 2)]);
    // Too few vertices for a polygon: the feature stays as it was.
    expect(withPoints(c, 'f1', [at(0, 0), at(1, 1)])).toEqual(c);
    c = withoutFeature(c, 'f1');
    expect(c.features.map((f) => f.id)).toEqual(['f2']);
    expect(nextFeatureId(withFeature(c, drawnFeature('f2b', 'point', [at(0, 0)], 0, [])))).toBe('f3');
  });

  it('adds a vertex where the outline grows least, and removes one only while enough stay', () => {
    expect(addVertex('polygon', square, at(0.5, -0.1))).toEqual([at(0, 0), at(0.5, -0.1), at(1, 0), at(1, 1), at(0, 1)]);
    expect(addVertex('line', [at(0, 0), at(1, 0)], at(2, 0))).toEqual([at(0, 0), at(1, 0), at(2, 0)]);
    expect(addVertex('line', [at(0, 0), at(1, 0)], at(-1, 0))).toEqual([at(-1, 0), at(0, 0), at(1, 0)]);
    expect(addVertex('point', [at(0, 0)], at(1, 1))).toBeUndefined();
    expect(removeVertex('polygon', square, 1)).toEqual([at(0, 0), at(1, 1), at(0, 1)]);
    expect(removeVertex('polygon', square.slice(0, 3), 1)).toBeUndefined();
    expect(removeVertex('line', [at(0, 0), at(1, 0)], 0)).toBeUndefined();
  });

  it("reads a field's value from its form control by the field's type", () => {
    const [name, capacity, open] = fields as [LayerField, LayerField, LayerField];
    expect(fieldValue(name, ' Shelter A ')).toBe(' Shelter A ');
    expect(fieldValue(name, '  ')).toBeNull();
    expect(fieldValue(capacity, ' 120.5 ')).toBe(120.5);
    expect(fieldValue(capacity, 'many')).toBeUndefined();
    expect(fieldValue(capacity, '')).toBeNull();
    expect(fieldValue(open, true)).toBe(true);
    expect(fieldValue(open, false)).toBe(false);
  });

  it("names a field: not empty, not another field's name, not the extruded height's", () => {
    expect(fieldNameProblem(fields, '')).toBe('empty');
    expect(fieldNameProblem(fields, 'capacity')).toBe('taken');
    expect(fieldNameProblem(fields, 'extrudedHeight')).toBe('reserved');
    expect(fieldNameProblem(fields, 'owner')).toBeUndefined();
  });

  it('renames a property in every feature that has it, keeping its value, and leaves the others alone', () => {
    let collection = withFeature(emptyCollection(), drawnFeature('f1', 'extrudedPolygon', square, 30, fields));
    collection = withProperty(collection, 'f1', 'name', 'Zone A');
    collection = withFeature(collection, { ...drawnFeature('f2', 'point', [at(2, 2)], 0, []), properties: { other: 1 } });
    const renamed = withPropertyRenamed(collection, 'name', 'zone');
    expect(renamed.features[0]!.properties).toEqual({ zone: 'Zone A', capacity: null, open: null, extrudedHeight: 30 });
    expect(renamed.features[1]).toBe(collection.features[1]);
    expect(shapeOf(renamed.features[0]!)).toEqual(shapeOf(collection.features[0]!));
  });
});
