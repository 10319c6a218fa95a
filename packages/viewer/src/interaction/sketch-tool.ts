import type { SketchOptions, SketchType } from '@orbis/plugin-api';
import type { PointerInput, SketchDraft, SketchLook } from '../engine/engine.js';
import { type DraftLook, draftOf } from './sketch-editor.js';
import { groundDistance, type Place } from './sketch-geometry.js';

export type { SketchDraft };

/** What the tool needs from the page: places under the pointer and a place to draw. */
export interface SketchSurface {
  locationAt(x: number, y: number): Place | undefined;
  showDraft(draft: SketchDraft | undefined): void;
}

/** The colour of sketches when the options give none. */
export const SKETCH_COLOR = '#00bcd4';
/** How the options draw a shape: its colour, and Re:Earth's `disableShadow` (its extruded draft casts and receives shadows unless set). */
export function draftLook(options: SketchOptions): DraftLook {
  return { color: typeof options.color === 'string' ? options.color : SKETCH_COLOR, shadows: options.disableShadow !== true };
}

const cssText = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const pixels = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= 100 ? v : undefined);

/**
 * How a finished sketch of `type` is drawn: the options' colour, and what their `appearance`
 * (Re:Earth's layer appearance: `marker`, `polyline`, `polygon`) says for its kind; a value of the
 * wrong kind (not a colour string, not a size from 0 to 100 px) is left out (docs/plugin-api.md, "Sketch").
 */
export function sketchLook(options: SketchOptions, type: SketchType): SketchLook {
  const look: SketchLook = { color: draftLook(options).color };
  const appearance =
    typeof options.appearance === 'object' && options.appearance !== null ? (options.appearance as Record<string, Record<string, unknown> | undefined>) : {};
  const kind = type === 'marker' ? 'marker' : type === 'polyline' ? 'polyline' : 'polygon';
  const a = appearance[kind];
  if (typeof a !== 'object' || a === null) return look;
  const set = <K extends keyof SketchLook>(key: K, value: SketchLook[K] | undefined) => value !== undefined && (look[key] = value);
  if (kind === 'marker') {
    set('pointColor', cssText(a.pointColor));
    set('pointSize', pixels(a.pointSize));
  } else {
    set('strokeColor', cssText(a.strokeColor));
    set('strokeWidth', pixels(a.strokeWidth));
    if (kind === 'polygon') set('fillColor', cssText(a.fillColor));
  }
  return look;
}

/** Two clicks closer than this (px) are the clicks of one double-click: one vertex. */
const SAME_SPOT_PX = 4;

/**
 * The sketch tool's rules (docs/contract.md §8): a click adds a vertex, a double-click finishes; `marker`
 * finishes on one click; `circle` and `rectangle` take two (centre and edge, or two corners); an
 * extruded shape then takes a move (up raises it) and a click for its height; a right-click aborts.
 * With no tool chosen, a double-click makes a marker, a polyline or a polygon from 1, 2 or 3+
 * clicks. While a shape is drawn its outline follows the pointer (a rubber band).
 */
export class SketchTool {
  tool: SketchType | undefined;
  options: SketchOptions = {};
  /** A `polyline` ends by itself at this many points (the measure tool's height takes two); none by default. */
  maxPoints: number | undefined;
  private points: (Place & { x: number; y: number })[] = [];
  private cursor: Place | undefined;
  /** Set once the base is done and an extruded shape waits for its height. */
  private lift: { x: number; y: number; metresPerPixel: number; height: number } | undefined;

  constructor(
    private readonly surface: SketchSurface,
    private readonly finish: (type: SketchType, points: Place[], extrudedHeight: number) => void,
  ) {}

  /** Whether a shape is being drawn (clicked points, or a height being set). */
  get drawing(): boolean {
    return this.points.length > 0 || this.lift !== undefined;
  }

  /** Forgets the shape being drawn. */
  reset(): void {
    this.points = [];
    this.cursor = undefined;
    this.lift = undefined;
    this.surface.showDraft(undefined);
  }

  handle(input: PointerInput): void {
    if (input.type === 'rightClick') {
      if (this.options.rightClickToAbort !== false) this.reset();
    } else if (input.type === 'click') {
      this.click(input.x, input.y);
    } else if (input.type === 'doubleClick') {
      this.finishShape();
    } else if (input.type === 'mouseMove' && (this.points.length > 0 || this.lift)) {
      if (this.lift) this.lift.height = Math.max(0, (this.lift.y - input.y) * this.lift.metresPerPixel);
      else this.cursor = this.surface.locationAt(input.x, input.y);
      this.draw();
    }
  }

  private click(x: number, y: number): void {
    // The height is set by a click away from where lifting began (not the rest of a double-click).
    if (this.lift) return Math.hypot(this.lift.x - x, this.lift.y - y) < SAME_SPOT_PX ? undefined : this.done(this.lift.height);
    const last = this.points.at(-1);
    if (last && Math.hypot(last.x - x, last.y - y) < SAME_SPOT_PX) return;
    const place = this.surface.locationAt(x, y);
    if (!place) return;
    this.points.push({ ...place, x, y });
    const tool = this.tool;
    if (tool === 'marker') return this.done(0);
    if (this.points.length === 2 && (tool === 'circle' || tool === 'rectangle')) return this.done(0);
    if (tool === 'polyline' && this.maxPoints !== undefined && this.points.length >= this.maxPoints) return this.done(0);
    if (this.points.length === 2 && (tool === 'extrudedCircle' || tool === 'extrudedRectangle')) return this.raise(x, y);
    this.draw();
  }

  /** Ends the shape being drawn as a double-click does (the measure tool's Enter), if it has enough points. */
  finishShape(): void {
    const n = this.points.length;
    const tool = this.tool;
    if (tool === undefined && n > 0) return this.done(0, n === 1 ? 'marker' : n === 2 ? 'polyline' : 'polygon');
    if ((tool === 'polyline' && n >= 2) || (tool === 'polygon' && n >= 3)) return this.done(0);
    if (tool === 'extrudedPolygon' && n >= 3 && !this.lift) {
      const last = this.points.at(-1)!;
      this.raise(last.x, last.y);
    }
  }

  /** The base is done: moving the pointer up from (x, y) now raises the shape. */
  private raise(x: number, y: number): void {
    const here = this.surface.locationAt(x, y);
    const below = this.surface.locationAt(x, y + 10);
    // Metres per pixel on the ground there: upward moves lift by as much as they would cross.
    const metresPerPixel = here && below ? Math.max(groundDistance(here, below) / 10, 0.01) : 10;
    this.cursor = undefined;
    this.lift = { x, y, metresPerPixel, height: 0 };
    this.draw();
  }

  private draw(): void {
    const type = this.tool ?? (this.points.length >= 3 ? 'polygon' : 'polyline');
    const shown: Place[] = this.cursor && !this.lift ? [...this.points, this.cursor] : this.points;
    this.surface.showDraft(draftOf(type, this.points, this.lift?.height ?? 0, draftLook(this.options), shown));
  }

  private done(extrudedHeight: number, type: SketchType | undefined = this.tool): void {
    const points = this.points.map(({ lng, lat, height }) => ({ lng, lat, height }));
    this.reset();
    if (type) this.finish(type, points, extrudedHeight);
  }
}
