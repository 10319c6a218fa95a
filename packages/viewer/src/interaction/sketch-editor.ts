import type { SketchType } from '@orbis/plugin-api';
import { type PointerInput, type SketchDraft, type SketchLook, SKETCH_FLAT_RAISE } from '../engine/engine.js';
import { outline, type Place } from './sketch-geometry.js';

/** What the editor needs from the page: places and pixels, the draft, the camera's mouse. */
export interface EditSurface {
  locationAt(x: number, y: number): Place | undefined;
  /** Where a place shows on the viewer, or undefined while hidden. */
  screenOf(lng: number, lat: number, height: number): [number, number] | undefined;
  showDraft(draft: SketchDraft | undefined): void;
  setNavigation(enabled: boolean): void;
}

/** A drawn shape the editor may change: its clicked points and look, as the sketch tool finished it. */
export interface EditableSketch extends DraftLook {
  featureId: string;
  type: SketchType;
  points: Place[];
  extrudedHeight: number;
  /** How the finished shape is drawn (sketch-tool.ts's `sketchLook`). */
  look: SketchLook;
}

/** How a draft looks, from the sketch options (sketch-tool.ts's `draftLook`). */
export type DraftLook = Pick<SketchDraft, 'color' | 'shadows'>;

/** A press this close (px) to a control point grabs it. */
const GRAB_PX = 10;
/** A grabbed point moves once the pointer has moved this far (px): less is a click. */
const MOVE_PX = 3;

/** The draft (rubber band) of a shape of `type` through `points`. */
export function draftOf(type: SketchType, points: Place[], extrudedHeight: number, { color, shadows }: DraftLook, shown: Place[] = points): SketchDraft {
  return { points: points.map((p) => [p.lng, p.lat, p.height]), ...outline(type, shown), extrudedHeight, color, shadows };
}

/**
 * Editing the last drawn sketch in `sketch` mode (docs/contract.md §8's `update`): pressing on one of its
 * control points (the clicked points; a circle's centre and edge, a rectangle's corners) and
 * dragging moves that point, the camera holding still meanwhile; releasing gives the changed
 * shape to `edited`. A press that does not move stays a click for the sketch tool.
 */
export class SketchEditor {
  /** The shape that can be edited: the last one drawn (not `dataOnly`). */
  last: EditableSketch | undefined;
  private grab: { index: number; x: number; y: number; points: Place[]; moved: boolean } | undefined;
  /** The click that ends a drag is not a click on the globe. */
  private swallowClick = false;

  constructor(
    private readonly surface: EditSurface,
    private readonly edited: (sketch: EditableSketch) => void,
  ) {}

  /** Drops a drag in progress (the mode changed). */
  reset(): void {
    if (this.grab) this.surface.showDraft(undefined);
    this.grab = undefined;
    this.swallowClick = false;
  }

  /** Handles `input` if it is part of an edit; false leaves it to the sketch tool. */
  handle(input: PointerInput): boolean {
    if (input.type === 'mouseDown') return this.press(input.x, input.y);
    if (input.type === 'click' && this.swallowClick) {
      this.swallowClick = false;
      return true;
    }
    const grab = this.grab;
    if (!grab || !this.last) return false;
    if (input.type === 'mouseMove') {
      if (!grab.moved && Math.hypot(input.x - grab.x, input.y - grab.y) < MOVE_PX) return true;
      grab.moved = true;
      const place = this.surface.locationAt(input.x, input.y);
      if (place) grab.points[grab.index] = place;
      const { type, extrudedHeight } = this.last;
      this.surface.showDraft(draftOf(type, grab.points, extrudedHeight, this.last));
      return true;
    }
    if (input.type === 'mouseUp') {
      this.grab = undefined;
      this.surface.setNavigation(true);
      if (!grab.moved) return false;
      this.surface.showDraft(undefined);
      this.last = { ...this.last, points: grab.points };
      this.swallowClick = true;
      this.edited(this.last);
      return true;
    }
    return false;
  }

  /** The index of the editable shape's control point under the viewer pixel (x, y), or -1. */
  vertexAt(x: number, y: number): number {
    const last = this.last;
    if (!last) return -1;
    // A flat polygon shows raised (cesium-sketch.ts): its points are grabbed where they show, or on the ground.
    const raised = last.type !== 'marker' && last.type !== 'polyline' && last.extrudedHeight <= 0;
    let [index, nearest] = [-1, GRAB_PX];
    for (const [i, p] of last.points.entries()) {
      for (const height of raised ? [p.height, SKETCH_FLAT_RAISE] : [p.height]) {
        const at = this.surface.screenOf(p.lng, p.lat, height);
        const distance = at ? Math.hypot(at[0] - x, at[1] - y) : Infinity;
        if (distance <= nearest) [index, nearest] = [i, distance];
      }
    }
    return index;
  }

  private press(x: number, y: number): boolean {
    this.swallowClick = false;
    const last = this.last;
    if (!last) return false;
    const index = this.vertexAt(x, y);
    if (index < 0) return false;
    this.grab = { index, x, y, points: last.points.slice(), moved: false };
    this.surface.setNavigation(false);
    return true;
  }
}
