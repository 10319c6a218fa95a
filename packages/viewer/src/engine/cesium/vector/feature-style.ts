import type { Appearance } from '@orbis/scene';
import type { Color } from 'cesium';
import { StyleEvaluator, styleFeature } from '../layers/cesium-style-evaluator.js';

export type Rgba = [number, number, number, number];

/** A marker's look for one feature, every §7 field resolved. */
export interface MarkerStyle {
  show: boolean;
  clamp: boolean;
  color: Rgba;
  size: number;
  outlineColor: Rgba;
  outlineWidth: number;
  image?: string;
  imageSize: number;
  label?: { text: string; size: number; color: Rgba };
}

export interface LineStyle {
  show: boolean;
  color: Rgba;
  width: number;
  clamp: boolean;
}

export interface PolygonStyle {
  show: boolean;
  fill: Rgba | undefined;
  stroke: boolean;
  strokeColor: Rgba;
  strokeWidth: number;
  extrudedHeight?: number;
  clamp: boolean;
}

// The batched path's defaults: a small white dot with a dark outline (as CSV layers have always
// had), and CesiumJS's GeoJSON defaults for lines and polygons (yellow, half-transparent fill).
const WHITE: Rgba = [255, 255, 255, 255];
const BLACK: Rgba = [0, 0, 0, 255];
const YELLOW: Rgba = [255, 255, 0, 255];
const FILL: Rgba = [255, 255, 0, 100];

function bytes(color: Color | undefined, fallback: Rgba): Rgba {
  return color ? (color.toBytes() as Rgba) : fallback;
}

/**
 * Resolves a layer's appearance (docs/contract.md §7) for each feature with CesiumJS's styling language
 * (`StyleEvaluator`): the same rules the entity path applies in cesium-appearance.ts, given as
 * plain values that the batched primitives take. One instance per layer (compiled expressions are
 * kept).
 */
export class FeatureStyler {
  private readonly ev = new StyleEvaluator();

  constructor(
    private readonly appearance: Appearance | undefined,
    /** Its group's opacity (docs/contract.md §18), 0–1: every colour's alpha is multiplied by it. */
    private readonly opacity = 1,
  ) {}

  marker(properties: Record<string, unknown>, name: string | undefined): MarkerStyle {
    const m = this.markerOf(properties, name);
    if (this.opacity === 1) return m;
    return {
      ...m,
      color: this.fade(m.color),
      outlineColor: this.fade(m.outlineColor),
      ...(m.label ? { label: { ...m.label, color: this.fade(m.label.color) } } : {}),
    };
  }

  line(properties: Record<string, unknown>): LineStyle {
    const l = this.lineOf(properties);
    return this.opacity === 1 ? l : { ...l, color: this.fade(l.color) };
  }

  polygon(properties: Record<string, unknown>): PolygonStyle {
    const p = this.polygonOf(properties);
    return this.opacity === 1 ? p : { ...p, fill: p.fill && this.fade(p.fill), strokeColor: this.fade(p.strokeColor) };
  }

  private fade([r, g, b, a]: Rgba): Rgba {
    return [r, g, b, Math.round(a * this.opacity)];
  }

  private markerOf(properties: Record<string, unknown>, name: string | undefined): MarkerStyle {
    const m = this.appearance?.marker;
    if (!m) return { show: true, clamp: false, color: WHITE, size: 8, outlineColor: BLACK, outlineWidth: 1, imageSize: 1 };
    const { ev } = this;
    const f = styleFeature(properties);
    const image = ev.text(m.image, f);
    const style = ev.text(m.style, f) ?? (image ? 'image' : 'point');
    const size = ev.number(m.pointSize, f) ?? 10;
    const out: MarkerStyle = {
      show: ev.bool(m.show, f) ?? true,
      clamp: ev.text(m.heightReference, f) === 'clamp',
      color: bytes(ev.color(m.pointColor, f), WHITE),
      size,
      outlineColor: bytes(ev.color(m.pointOutlineColor, f), BLACK),
      outlineWidth: ev.number(m.pointOutlineWidth, f) ?? 0,
      imageSize: ev.number(m.imageSize, f) ?? 1,
    };
    if (style === 'image' && image) out.image = image;
    if (ev.bool(m.label, f)) {
      out.label = { text: ev.text(m.labelText, f) ?? name ?? '', size: ev.number(m.labelSize, f) ?? 14, color: bytes(ev.color(m.labelColor, f), WHITE) };
    }
    return out;
  }

  private lineOf(properties: Record<string, unknown>): LineStyle {
    const p = this.appearance?.polyline;
    if (!p) return { show: true, color: YELLOW, width: 2, clamp: false };
    const f = styleFeature(properties);
    const { ev } = this;
    return {
      show: ev.bool(p.show, f) ?? true,
      color: bytes(ev.color(p.strokeColor, f), YELLOW),
      width: ev.number(p.strokeWidth, f) ?? 2,
      clamp: ev.bool(p.clampToGround, f) ?? false,
    };
  }

  private polygonOf(properties: Record<string, unknown>): PolygonStyle {
    const p = this.appearance?.polygon;
    if (!p) return { show: true, fill: FILL, stroke: true, strokeColor: YELLOW, strokeWidth: 1, clamp: false };
    const f = styleFeature(properties);
    const { ev } = this;
    const strokeColor = ev.color(p.strokeColor, f);
    const extruded = ev.number(p.extrudedHeight, f);
    return {
      show: ev.bool(p.show, f) ?? true,
      fill: ev.bool(p.fill, f) === false ? undefined : bytes(ev.color(p.fillColor, f), FILL),
      stroke: ev.bool(p.stroke, f) ?? true,
      strokeColor: bytes(strokeColor, YELLOW),
      strokeWidth: ev.number(p.strokeWidth, f) ?? 1,
      ...(extruded !== undefined ? { extrudedHeight: extruded } : {}),
      clamp: ev.text(p.heightReference, f) === 'clamp',
    };
  }
}
