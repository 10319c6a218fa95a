import type { PointerInput } from '../../engine/engine.js';
import { draftOf, type EditSurface, SketchEditor } from '../../interaction/sketch-editor.js';
import type { Place } from '../../interaction/sketch-geometry.js';
import { SketchTool } from '../../interaction/sketch-tool.js';
import { addVertex, type DrawKind, removeVertex, SKETCH_OF } from './drawn-features.js';

/** The colour of the drawing tool's drafts and of a selected feature's vertices. */
export const DRAW_COLOR = '#ff5ca8';
const LOOK = { color: DRAW_COLOR, shadows: false };

/** A drawn feature as the tool edits it. */
export interface DrawnShape {
  featureId: string;
  kind: DrawKind;
  points: Place[];
  extrudedHeight: number;
}

/** What the tool tells the page: a new shape, a shape's new vertices, a feature picked on the globe. */
export interface DrawHooks {
  finished(kind: DrawKind, points: Place[], extrudedHeight: number): void;
  reshaped(featureId: string, points: Place[]): void;
  /** The drawn layer's feature under a viewer pixel, if any. */
  featureAt(x: number, y: number): string | undefined;
  picked(featureId: string | undefined): void;
}

/**
 * The editor's drawing tool (docs/viewer.md, "Drawing in the editor") on the sketch that plugins use: with a kind
 * chosen, the sketch tool draws it (a click adds a vertex, a double-click or Enter ends, Escape or
 * a right-click cancels; an extruded polygon then takes its height from an upward move and a
 * click). With none chosen, a click picks a drawn feature, and the picked one's vertices are
 * edited through the sketch editor: a drag moves one, a click beside the shape adds one where the
 * outline grows least, a right-click on one removes it.
 */
export class DrawTool {
  private readonly sketch: SketchTool;
  private readonly editor: SketchEditor;
  private current: DrawKind | undefined;
  private shape: DrawnShape | undefined;

  constructor(
    private readonly surface: EditSurface,
    private readonly hooks: DrawHooks,
  ) {
    this.sketch = new SketchTool(surface, (_type, points, height) => this.current && hooks.finished(this.current, points, height));
    this.sketch.options = { color: DRAW_COLOR, disableShadow: true };
    this.editor = new SketchEditor(surface, (edited) => this.shape && hooks.reshaped(this.shape.featureId, edited.points));
  }

  /** The kind being drawn, or undefined while picking and editing. */
  get kind(): DrawKind | undefined {
    return this.current;
  }

  /** Starts drawing `kind` (the shape being drawn dropped), or picks and edits with undefined. */
  start(kind: DrawKind | undefined): void {
    this.current = kind;
    this.sketch.tool = kind && SKETCH_OF[kind];
    this.sketch.reset();
    this.editor.reset();
    this.show();
  }

  /** The picked feature, whose vertices show and may be edited (undefined: none). */
  edit(shape: DrawnShape | undefined): void {
    this.shape = shape;
    this.editor.reset();
    this.editor.last = shape && {
      featureId: shape.featureId,
      type: SKETCH_OF[shape.kind],
      points: shape.points,
      extrudedHeight: shape.extrudedHeight,
      ...LOOK,
      look: { color: DRAW_COLOR },
    };
    if (!this.sketch.drawing) this.show();
  }

  /** Puts the tool away: nothing drawn, nothing shown. */
  stop(): void {
    this.start(undefined);
    this.edit(undefined);
    this.surface.showDraft(undefined);
  }

  handle(input: PointerInput): void {
    if (this.current) return this.sketch.handle(input);
    if (this.editor.handle(input)) return;
    const shape = this.shape;
    if (input.type === 'rightClick' && shape) {
      const points = removeVertex(shape.kind, shape.points, this.editor.vertexAt(input.x, input.y));
      if (points) this.hooks.reshaped(shape.featureId, points);
    } else if (input.type === 'click') {
      const hit = this.hooks.featureAt(input.x, input.y);
      if (hit !== undefined && hit !== shape?.featureId) return this.hooks.picked(hit);
      const place = shape && this.surface.locationAt(input.x, input.y);
      const points = place && addVertex(shape.kind, shape.points, place);
      if (points) this.hooks.reshaped(shape.featureId, points);
      else if (hit === undefined) this.hooks.picked(undefined);
    }
  }

  /** A key pressed while drawing: Enter ends the shape, Escape cancels it (or lets go of the picked feature). Whether the tool took it. */
  key(key: string): boolean {
    if (key === 'Enter' && this.sketch.drawing) this.sketch.finishShape();
    else if (key === 'Escape' && this.sketch.drawing) this.sketch.reset();
    else if (key === 'Escape' && this.shape) this.hooks.picked(undefined);
    else return false;
    return true;
  }

  /** The picked feature's vertices, as handles to grab. */
  private show(): void {
    const s = this.shape;
    this.surface.showDraft(s && !this.current ? draftOf(SKETCH_OF[s.kind], s.points, s.extrudedHeight, LOOK) : undefined);
  }
}
