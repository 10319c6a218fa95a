import { describe, expect, it } from 'vitest';
import { batchEnd, buildBatch } from './batch-builder.js';
import { FeatureStyler } from './feature-style.js';
import type { SourceFeature } from '../../vector/geojson-features.js';

const point = (lng: number, lat: number, properties: Record<string, unknown> = {}, id?: unknown): SourceFeature => ({
  id,
  properties,
  geometry: { type: 'Point', coordinates: [lng, lat] },
});
const square = (properties: Record<string, unknown> = {}): SourceFeature => ({
  properties,
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
        [0, 0],
      ],
    ],
  },
});

describe('buildBatch', () => {
  it('resolves the appearance per feature into typed columns, CesiumJS style', () => {
    const styler = new FeatureStyler({
      marker: {
        pointSize: 6,
        pointColor: {
          conditions: [
            ["${kind} === 'a'", "color('#ff0000')"],
            ['true', "color('#0000ff')"],
          ],
        },
        label: true,
      },
    });
    const batch = buildBatch([point(10, 20, { kind: 'a', name: 'One' }, 'x'), point(11, 21, { kind: 'b' }, 'x')], 0, 2, styler, new Set());
    expect(batch.ids).toEqual(['x', 'x_2']);
    expect(JSON.parse(batch.properties)).toEqual([{ kind: 'a', name: 'One' }, { kind: 'b' }]);
    expect([...batch.points.color]).toEqual([255, 0, 0, 255, 0, 0, 255, 255]);
    expect([...batch.points.size]).toEqual([6, 6]);
    expect(batch.points.label).toEqual(['One', '']);
    expect(batch.points.positions.length).toBe(6);
  });

  it('gives ids by position where features have none, and styles polygons', () => {
    const styler = new FeatureStyler({ polygon: { fillColor: 'lime', extrudedHeight: { expression: '${floors} * 3' } } });
    const batch = buildBatch([square({ floors: 2 }), square({ floors: 5 })], 0, 2, styler, new Set());
    // Ids by position are not sent: the page knows them from the feature's index.
    expect(batch.ids).toBeUndefined();
    expect(batch.count).toBe(2);
    expect(batch.shapes.map((s) => [s.kind, s.fill, s.extrudedHeight])).toEqual([
      ['polygon', [0, 255, 0, 255], 6],
      ['polygon', [0, 255, 0, 255], 15],
    ]);
  });

  it('sends the ids when any differs from its position', () => {
    const styler = new FeatureStyler(undefined);
    const sixth = [...Array.from({ length: 4 }, () => point(0, 0)), point(0, 0, {}, 5), point(0, 0)];
    expect(buildBatch(sixth, 4, 6, styler, new Set()).ids).toBeUndefined();
    expect(buildBatch([point(0, 0), point(0, 0, {}, 'a')], 0, 2, styler, new Set()).ids).toEqual(['1', 'a']);
  });

  it('carries the outline of a polygon a tile cut, per part of a MultiPolygon, and none where the rings are the outline', () => {
    const styler = new FeatureStyler({ polygon: { fillColor: 'lime', stroke: true, strokeColor: 'red' } });
    const ring = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    const cut: SourceFeature = {
      properties: {},
      geometry: {
        type: 'MultiPolygon',
        coordinates: [[ring], [ring]],
        outlines: [
          [
            [
              [1, 0],
              [0, 0],
              [0, 1],
            ],
          ],
          undefined,
        ],
      },
    };
    const [first, second] = buildBatch([cut], 0, 1, styler, new Set()).shapes;
    expect(first!.outline).toEqual([[1, 0, 0, 0, 0, 0, 0, 1, 0]]);
    expect(second!.outline).toBeUndefined();
  });

  it('cuts batches by cost: shapes weigh their vertices', () => {
    const features = [...Array.from({ length: 30 }, () => point(0, 0)), ...Array.from({ length: 10 }, () => square())];
    expect(batchEnd(features, 0, 20)).toBe(20);
    // A square is five positions at two each.
    expect(batchEnd(features, 30, 20)).toBe(32);
    expect(batchEnd(features, 39, 1)).toBe(40);
  });

  it("multiplies every colour's alpha by the layer's group's opacity (docs/contract.md §18)", () => {
    const styler = new FeatureStyler({ marker: { pointColor: 'rgba(255,0,0,0.5)', label: true }, polygon: { fillColor: 'lime', strokeColor: 'red' } }, 0.5);
    const marker = styler.marker({}, 'a');
    expect([marker.color, marker.outlineColor, marker.label?.color]).toEqual([
      [255, 0, 0, 64],
      [0, 0, 0, 128],
      [255, 255, 255, 128],
    ]);
    const polygon = styler.polygon({});
    expect([polygon.fill, polygon.strokeColor]).toEqual([
      [0, 255, 0, 128],
      [255, 0, 0, 128],
    ]);
    expect(styler.line({}).color).toEqual([255, 255, 0, 128]);
    expect(new FeatureStyler({ polygon: { fillColor: 'lime' } }).polygon({}).fill).toEqual([0, 255, 0, 255]);
  });
});
