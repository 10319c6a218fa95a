import type { Appearance, MarkerAppearance, ModelAppearance, PolygonAppearance, PolylineAppearance, StyleValue, TilesetAppearance } from '@orbis/scene';
import {
  BillboardGraphics,
  Cartesian2,
  Cesium3DTileStyle,
  Color,
  ColorMaterialProperty,
  ConstantProperty,
  type Entity,
  HeadingPitchRoll,
  HeightReference,
  LabelGraphics,
  LabelStyle,
  Math as CesiumMath,
  ModelGraphics,
  PointGraphics,
  Transforms,
  VerticalOrigin,
  type JulianDate,
} from 'cesium';
import { CLAMPED_DEPTH_TEST_DISTANCE } from '../cesium-clamped-depth.js';
import { StyleEvaluator, type StyleFeature, styleFeature } from './cesium-style-evaluator.js';

const HEIGHT_REFERENCES = { none: HeightReference.NONE, clamp: HeightReference.CLAMP_TO_GROUND, relative: HeightReference.RELATIVE_TO_GROUND } as const;
const DEFAULT_POINT_SIZE = 10;

/** The properties of an entity at a time, as a plain object. */
export function entityProperties(entity: Entity, time: JulianDate): Record<string, unknown> {
  return (entity.properties?.getValue(time) as Record<string, unknown> | undefined) ?? {};
}

/**
 * Applies a layer's appearance (docs/contract.md §7) to its entities: each field is evaluated once per
 * feature, here, and set as a constant graphics property, so nothing is evaluated per frame.
 * Fields that are absent keep what the data source made.
 */
export function styleEntities(entities: Entity[], appearance: Appearance | undefined, time: JulianDate): void {
  if (!appearance) return;
  const evaluator = new StyleEvaluator();
  for (const entity of entities) {
    const feature = styleFeature(entityProperties(entity, time));
    if (entity.polygon) {
      if (appearance.polygon) stylePolygon(entity, appearance.polygon, evaluator, feature);
    } else if (entity.polyline) {
      if (appearance.polyline) stylePolyline(entity, appearance.polyline, evaluator, feature);
    } else if (entity.position) {
      if (appearance.model) styleModel(entity, appearance.model, evaluator, feature, time);
      if (appearance.marker) styleMarker(entity, appearance.marker, evaluator, feature);
    }
  }
}

type Ev = StyleEvaluator;
type F = StyleFeature;

function heightReference(value: StyleValue<'none' | 'clamp' | 'relative'> | undefined, ev: Ev, feature: F): HeightReference | undefined {
  const v = ev.text(value, feature);
  return v !== undefined && v in HEIGHT_REFERENCES ? HEIGHT_REFERENCES[v as keyof typeof HEIGHT_REFERENCES] : undefined;
}

function styleMarker(entity: Entity, m: MarkerAppearance, ev: Ev, feature: F): void {
  const show = ev.bool(m.show, feature);
  if (show !== undefined) entity.show = show;
  const reference = heightReference(m.heightReference, ev, feature) ?? HeightReference.NONE;
  // On the ground: not cut in half by the ground or a ground polygon under it (cesium-clamped-depth.ts).
  const depth = reference === HeightReference.NONE ? {} : { disableDepthTestDistance: CLAMPED_DEPTH_TEST_DISTANCE };
  const image = ev.text(m.image, feature);
  const style = ev.text(m.style, feature) ?? (image ? 'image' : 'point');
  const size = ev.number(m.pointSize, feature) ?? DEFAULT_POINT_SIZE;
  let offset = size / 2;
  if (style === 'image' && image) {
    entity.point = undefined;
    entity.billboard = new BillboardGraphics({
      image,
      scale: ev.number(m.imageSize, feature) ?? 1,
      verticalOrigin: VerticalOrigin.BOTTOM,
      heightReference: reference,
      ...depth,
    });
    offset = 0;
  } else {
    entity.billboard = undefined;
    entity.point = new PointGraphics({
      color: ev.color(m.pointColor, feature) ?? Color.WHITE,
      pixelSize: size,
      outlineColor: ev.color(m.pointOutlineColor, feature) ?? Color.BLACK,
      outlineWidth: ev.number(m.pointOutlineWidth, feature) ?? 0,
      heightReference: reference,
      ...depth,
    });
  }
  if (ev.bool(m.label, feature)) {
    const text = ev.text(m.labelText, feature) ?? entity.name ?? '';
    const labelSize = ev.number(m.labelSize, feature) ?? 14;
    entity.label = new LabelGraphics({
      text,
      font: `${labelSize}px sans-serif`,
      fillColor: ev.color(m.labelColor, feature) ?? Color.WHITE,
      // A dark outline keeps a label legible over any imagery.
      style: LabelStyle.FILL_AND_OUTLINE,
      outlineColor: Color.BLACK,
      outlineWidth: 3,
      verticalOrigin: VerticalOrigin.BOTTOM,
      pixelOffset: new Cartesian2(0, -(offset + 4)),
      heightReference: reference,
      ...depth,
    });
  } else if (m.label !== undefined) {
    entity.label = undefined;
  }
}

function styleModel(entity: Entity, m: ModelAppearance, ev: Ev, feature: F, time: JulianDate): void {
  const uri = ev.text(m.url, feature);
  if (!uri) return;
  entity.billboard = undefined;
  entity.point = undefined;
  const color = ev.color(m.color, feature);
  entity.model = new ModelGraphics({ uri, scale: ev.number(m.scale, feature) ?? 1, show: ev.bool(m.show, feature) ?? true, ...(color ? { color } : {}) });
  const position = entity.position?.getValue(time);
  if (position) {
    const hpr = new HeadingPitchRoll(
      CesiumMath.toRadians(ev.number(m.heading, feature) ?? 0),
      CesiumMath.toRadians(ev.number(m.pitch, feature) ?? 0),
      CesiumMath.toRadians(ev.number(m.roll, feature) ?? 0),
    );
    entity.orientation = new ConstantProperty(Transforms.headingPitchRollQuaternion(position, hpr));
  }
}

function stylePolyline(entity: Entity, p: PolylineAppearance, ev: Ev, feature: F): void {
  const polyline = entity.polyline!;
  const show = ev.bool(p.show, feature);
  if (show !== undefined) polyline.show = new ConstantProperty(show);
  const color = ev.color(p.strokeColor, feature);
  if (color) polyline.material = new ColorMaterialProperty(color);
  const width = ev.number(p.strokeWidth, feature);
  if (width !== undefined) polyline.width = new ConstantProperty(width);
  const clamp = ev.bool(p.clampToGround, feature);
  if (clamp !== undefined) polyline.clampToGround = new ConstantProperty(clamp);
}

function stylePolygon(entity: Entity, p: PolygonAppearance, ev: Ev, feature: F): void {
  const polygon = entity.polygon!;
  const set = <K extends 'show' | 'fill' | 'outline' | 'outlineWidth' | 'extrudedHeight'>(key: K, value: unknown) => {
    if (value !== undefined) polygon[key] = new ConstantProperty(value) as never;
  };
  set('show', ev.bool(p.show, feature));
  set('fill', ev.bool(p.fill, feature));
  const fill = ev.color(p.fillColor, feature);
  if (fill) polygon.material = new ColorMaterialProperty(fill);
  set('outline', ev.bool(p.stroke, feature));
  const stroke = ev.color(p.strokeColor, feature);
  if (stroke) {
    polygon.outlineColor = new ConstantProperty(stroke);
    if (p.stroke === undefined) polygon.outline = new ConstantProperty(true);
  }
  set('outlineWidth', ev.number(p.strokeWidth, feature));
  set('extrudedHeight', ev.number(p.extrudedHeight, feature));
  const reference = heightReference(p.heightReference, ev, feature);
  if (reference !== undefined) polygon.heightReference = new ConstantProperty(reference);
  // An extruded polygon on the ground: its top stands that many metres above the ground too.
  if (reference === HeightReference.CLAMP_TO_GROUND && p.extrudedHeight !== undefined)
    polygon.extrudedHeightReference = new ConstantProperty(HeightReference.RELATIVE_TO_GROUND);
}

/** One 3D Tiles style value: a literal becomes its expression, `{expression}` its text, `{conditions}` stays. */
function tileStyleValue<T>(value: StyleValue<T>, literal: (v: T) => string): string | { conditions: [string, string][] } {
  if (typeof value === 'object' && value !== null) {
    if ('conditions' in value) return { conditions: value.conditions };
    if ('expression' in value) return value.expression;
  }
  return literal(value as T);
}

/** What CesiumJS gives a field of a tileset's features without a style: white, shown, 1 px points. */
const TILE_DEFAULTS = { color: Color.WHITE, show: true, pointSize: 1 } as const;

interface TileExpression {
  evaluate(feature: unknown, result?: unknown): unknown;
  evaluateColor(feature: unknown, result?: Color): Color;
}

/**
 * An expression of a tileset's style that gives the field's default for a feature it fails on
 * (a missing property compared with a number: CesiumJS throws, in its render loop), as a vector
 * layer's feature keeps its default (cesium-style-evaluator.ts). PLATEAU's buildings outside a
 * flood zone have no flood depth at all. Everything else (its text, its shader form) is the
 * expression's own.
 */
function lenient(inner: TileExpression, fallback: unknown): TileExpression {
  const wrapper = Object.create(inner) as TileExpression;
  wrapper.evaluate = (feature, result) => {
    try {
      return inner.evaluate(feature, result);
    } catch {
      return fallback instanceof Color ? Color.clone(fallback, result as Color | undefined) : fallback;
    }
  };
  wrapper.evaluateColor = (feature, result) => {
    try {
      return inner.evaluateColor(feature, result);
    } catch {
      return Color.clone(TILE_DEFAULTS.color, result);
    }
  };
  return wrapper;
}

/** A colour expression whose every colour's alpha is multiplied by `opacity`. */
function faded(inner: TileExpression, opacity: number): TileExpression {
  const wrapper = Object.create(inner) as TileExpression;
  wrapper.evaluateColor = (feature, result) => {
    const color = inner.evaluateColor(feature, result);
    color.alpha *= opacity;
    return color;
  };
  return wrapper;
}

/**
 * A 3D Tiles appearance as CesiumJS's `Cesium3DTileStyle`, which evaluates per feature as tiles
 * load; `opacity` (its group's, docs/contract.md §18) multiplies every feature's colour's alpha.
 */
export function tilesetStyle(appearance: TilesetAppearance | undefined, opacity = 1): Cesium3DTileStyle | undefined {
  if (!appearance && opacity === 1) return undefined;
  const json: Record<string, unknown> = {};
  if (appearance?.show !== undefined) json.show = tileStyleValue(appearance.show, String);
  if (appearance?.color !== undefined) json.color = tileStyleValue(appearance.color, (c) => `color('${c}')`);
  else if (opacity < 1) json.color = "color('white')";
  if (appearance?.pointSize !== undefined) json.pointSize = tileStyleValue(appearance.pointSize, String);
  if (!Object.keys(json).length) return undefined;
  const style = new Cesium3DTileStyle(json) as unknown as Record<keyof typeof TILE_DEFAULTS, TileExpression | undefined>;
  for (const field of Object.keys(TILE_DEFAULTS) as (keyof typeof TILE_DEFAULTS)[]) {
    const expression = style[field];
    if (expression) style[field] = lenient(expression, TILE_DEFAULTS[field]);
  }
  if (opacity < 1 && style.color) style.color = faded(style.color, opacity);
  return style as unknown as Cesium3DTileStyle;
}
