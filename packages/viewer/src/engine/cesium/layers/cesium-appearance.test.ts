import { Cartesian3, Cesium3DTileStyle, type Color, type ColorMaterialProperty, Entity, HeightReference, JulianDate, PolygonHierarchy } from 'cesium';
import { describe, expect, it } from 'vitest';
import { styleEntities, tilesetStyle } from './cesium-appearance.js';
import { CLAMPED_DEPTH_TEST_DISTANCE } from '../cesium-clamped-depth.js';
import { StyleEvaluator, styleFeature } from './cesium-style-evaluator.js';

const now = JulianDate.now();
const point = (properties: Record<string, unknown>) => new Entity({ position: Cartesian3.fromDegrees(10, 10), properties, billboard: { image: 'pin.png' } });
const polygon = (properties: Record<string, unknown>) =>
  new Entity({ properties, polygon: { hierarchy: new PolygonHierarchy(Cartesian3.fromDegreesArray([0, 0, 1, 0, 1, 1])) } });
const value = <T>(p: { getValue(t: JulianDate): T } | undefined): T | undefined => p?.getValue(now);
const css = (c: Color | undefined) => c?.toCssHexString();

describe('StyleEvaluator (CesiumJS Expression and ConditionsExpression over a feature adapter)', () => {
  const ev = new StyleEvaluator();
  it('gives literals as they are, evaluates expressions and the first condition that holds', () => {
    expect(ev.number(5, styleFeature({}))).toBe(5);
    expect(ev.number({ expression: '${a} * 2' }, styleFeature({ a: 21 }))).toBe(42);
    const byKind = {
      conditions: [
        ["${kind} === 'park'", "color('#00ff00')"],
        ['${n} > 10', 'rgb(255, 0, 0)'],
        ['true', "color('blue')"],
      ] as [string, string][],
    };
    expect(css(ev.color(byKind, styleFeature({ kind: 'park', n: 50 })))).toBe('#00ff00');
    expect(css(ev.color(byKind, styleFeature({ kind: 'shop', n: 50 })))).toBe('#ff0000');
    expect(css(ev.color(byKind, styleFeature({ kind: 'shop', n: 5 })))).toBe('#0000ff');
    expect(css(ev.color('rgba(255,0,0,0.5)', styleFeature({})))).toBe('#ff000080');
    expect(ev.text({ expression: "${name} + ' (' + ${city} + ')'" }, styleFeature({ name: 'Tower', city: 'Tokyo' }))).toBe('Tower (Tokyo)');
  });

  it('leaves a field to its default where an expression fails for a feature', () => {
    expect(ev.number({ expression: '${missing} > 1 ? 5 : 6' }, styleFeature({}))).toBeUndefined();
  });
});

describe('styleEntities: appearance → CesiumJS graphics, once per feature', () => {
  it('draws markers as points with size, outline, colour by condition, and labels', () => {
    const [a, b] = [point({ kind: 'cafe', name: 'One' }), point({ kind: 'bar', name: 'Two' })];
    styleEntities(
      [a, b],
      {
        marker: {
          pointColor: {
            conditions: [
              ["${kind} === 'cafe'", "color('lime')"],
              ['true', "color('yellow')"],
            ],
          },
          pointSize: { expression: '${kind} === "cafe" ? 20 : 10' },
          pointOutlineColor: 'white',
          pointOutlineWidth: 2,
          label: true,
          labelText: { expression: '${name}' },
          labelColor: '#ff0000',
          labelSize: 18,
          heightReference: 'clamp',
        },
      },
      now,
    );
    expect(a.billboard).toBeUndefined();
    expect(css(value(a.point!.color))).toBe('#00ff00');
    expect(css(value(b.point!.color))).toBe('#ffff00');
    expect(value(a.point!.pixelSize)).toBe(20);
    expect(value(b.point!.pixelSize)).toBe(10);
    expect(value(a.point!.outlineWidth)).toBe(2);
    expect(value(a.point!.heightReference)).toBe(HeightReference.CLAMP_TO_GROUND);
    // Clamped: its depth test is off up to the horizon, so the ground does not cut it in half.
    expect(a.point!.disableDepthTestDistance).toBe(CLAMPED_DEPTH_TEST_DISTANCE);
    expect(a.label!.disableDepthTestDistance).toBe(CLAMPED_DEPTH_TEST_DISTANCE);
    expect(value(a.label!.text)).toBe('One');
    expect(value(a.label!.font)).toBe('18px sans-serif');
    expect(css(value(a.label!.fillColor))).toBe('#ff0000');
  });

  it('draws image markers as billboards', () => {
    const e = point({});
    styleEntities([e], { marker: { style: 'image', image: '/icons/a.png', imageSize: 2 } }, now);
    expect(e.point).toBeUndefined();
    expect(value(e.billboard!.scale)).toBe(2);
    // Not clamped: depth-tested as anything else in the air.
    expect(e.billboard!.disableDepthTestDistance).toBeUndefined();
    expect(String(value(e.billboard!.image))).toContain('/icons/a.png');
  });

  it('fills, strokes and extrudes polygons by their properties', () => {
    const e = polygon({ pop: 3000 });
    styleEntities(
      [e],
      {
        polygon: {
          fillColor: { expression: "${pop} > 1000 ? color('red') : color('blue')" },
          strokeColor: 'black',
          strokeWidth: 3,
          extrudedHeight: { expression: '${pop} / 10' },
          heightReference: 'clamp',
        },
      },
      now,
    );
    expect(css((e.polygon!.material as ColorMaterialProperty).color!.getValue(now))).toBe('#ff0000');
    expect(value(e.polygon!.outline)).toBe(true);
    expect(css(value(e.polygon!.outlineColor))).toBe('#000000');
    expect(value(e.polygon!.outlineWidth)).toBe(3);
    expect(value(e.polygon!.extrudedHeight)).toBe(300);
    expect(value(e.polygon!.heightReference)).toBe(HeightReference.CLAMP_TO_GROUND);
    expect(value(e.polygon!.extrudedHeightReference)).toBe(HeightReference.RELATIVE_TO_GROUND);
  });

  it('colours lines and hides what `show` hides; leaves what has no appearance', () => {
    const line = new Entity({ properties: { type: 'river' }, polyline: { positions: Cartesian3.fromDegreesArray([0, 0, 1, 1]) } });
    const hidden = polygon({ hide: true });
    const untouched = point({});
    styleEntities(
      [line, hidden, untouched],
      { polyline: { strokeColor: 'cyan', strokeWidth: 4, clampToGround: true }, polygon: { show: { expression: '!${hide}' } } },
      now,
    );
    expect(css((line.polyline!.material as ColorMaterialProperty).color!.getValue(now))).toBe('#00ffff');
    expect(value(line.polyline!.width)).toBe(4);
    expect(value(line.polyline!.clampToGround)).toBe(true);
    expect(value(hidden.polygon!.show)).toBe(false);
    expect(untouched.billboard).toBeDefined();
    expect(untouched.point).toBeUndefined();
  });
});

describe('tilesetStyle', () => {
  it('turns literals into expressions and keeps expressions and conditions', () => {
    const style = tilesetStyle({
      color: 'red',
      pointSize: { expression: '${h} / 10' },
      show: {
        conditions: [
          ['${h} > 0', 'true'],
          ['true', 'false'],
        ],
      },
    })!;
    expect(style.style).toEqual({
      color: "color('red')",
      pointSize: '${h} / 10',
      show: {
        conditions: [
          ['${h} > 0', 'true'],
          ['true', 'false'],
        ],
      },
    });
    expect(tilesetStyle(undefined)).toBeUndefined();
    expect(tilesetStyle({})).toBeUndefined();
  });

  it("gives a feature the field's default where the expression fails on it, as a vector layer's feature keeps its own", () => {
    const style = tilesetStyle({
      color: {
        conditions: [
          ['${depth} < 3', "color('#0000ff')"],
          ['true', "color('#ff0000')"],
        ],
      },
      show: { expression: '${depth} >= 1' },
    })!;
    const feature = (properties: Record<string, unknown>) =>
      ({ getProperty: (n: string) => properties[n], getPropertyInherited: (n: string) => properties[n] }) as never;
    expect(style.color.evaluateColor(feature({ depth: 2 })).toCssHexString()).toBe('#0000ff');
    expect(style.show.evaluate(feature({ depth: 0.5 }))).toBe(false);
    // No depth: CesiumJS's own expression throws (`<` of undefined); the building stays white and shown.
    expect(() => new Cesium3DTileStyle({ show: '${depth} >= 1' }).show.evaluate(feature({}))).toThrow();
    expect(style.color.evaluateColor(feature({})).toCssHexString()).toBe('#ffffff');
    expect(style.show.evaluate(feature({}))).toBe(true);
  });

  it("draws every feature at its group's opacity, coloured or not (docs/contract.md §18)", () => {
    const feature = (properties: Record<string, unknown>) =>
      ({ getProperty: (n: string) => properties[n], getPropertyInherited: (n: string) => properties[n] }) as never;
    const coloured = tilesetStyle(
      {
        color: {
          conditions: [
            ['${h} > 10', "color('#ff0000', 0.5)"],
            ['true', "color('#0000ff')"],
          ],
        },
      },
      0.4,
    )!;
    expect(coloured.color.evaluateColor(feature({ h: 20 })).alpha).toBeCloseTo(0.2);
    expect(coloured.color.evaluateColor(feature({ h: 5 })).alpha).toBeCloseTo(0.4);
    const plain = tilesetStyle(undefined, 0.4)!;
    expect([plain.color.evaluateColor(feature({})).toCssHexString().slice(0, 7), plain.color.evaluateColor(feature({})).alpha]).toEqual(['#ffffff', 0.4]);
    expect(tilesetStyle(undefined, 1)).toBeUndefined();
  });
});
