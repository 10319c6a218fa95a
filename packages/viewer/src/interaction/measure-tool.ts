import { geodesicArea, geodesicLength } from '@orbis/geo';
import type { SketchType } from '@orbis/plugin-api';
import type { PointerInput, SketchDraft } from '../engine/engine.js';
import { draftOf } from './sketch-editor.js';
import type { Place } from './sketch-geometry.js';
import { SketchTool } from './sketch-tool.js';

/** What the built-in measure tool measures (docs/viewer.md, "Measuring"). */
export type MeasureKind = 'distance' | 'area' | 'height';

/** The kinds, in the order the tools list them. */
export const MEASURE_KINDS: readonly MeasureKind[] = ['distance', 'area', 'height'];

/** What a measurement has found so far (metres, square metres), and where its label goes. */
export interface Measurement {
  kind: MeasureKind;
  /** The clicked places, on the terrain when there is terrain. */
  points: Place[];
  /** Along the ground: a line's length, an area's perimeter, a height's distance across. */
  length: number;
  /** An area's. */
  area?: number;
  /** A height's: the second place's height less the first's. */
  rise?: number;
  /** Where the result shows beside the shape: the last point (a line, a height) or the middle of the ring. */
  anchor: Place;
  /** Finished (and its heights sampled from the terrain's most detailed tiles), or still being drawn. */
  done: boolean;
}

/** What the tool needs from the page: places under the pointer on the terrain, a place to draw, the terrain's heights. */
export interface MeasureSurface {
  /** The place under a viewer pixel, on the terrain when there is terrain. */
  locationAt(x: number, y: number): Place | undefined;
  showDraft(draft: SketchDraft | undefined): void;
  /** The terrain's most detailed height at a place (0 on a globe without terrain), undefined where it cannot be told. */
  terrainHeight(lng: number, lat: number): Promise<number | undefined>;
}

/** The colour of measured shapes. */
export const MEASURE_COLOR = '#ffb300';
const SKETCH_OF: Record<MeasureKind, SketchType> = { distance: 'polyline', area: 'polygon', height: 'polyline' };

/** A measurement of `points` (a ring's closing point left out). */
export function measure(kind: MeasureKind, points: Place[], done: boolean): Measurement | undefined {
  if (points.length < 2) return undefined;
  const last = points.at(-1)!;
  if (kind === 'area') {
    const { area, perimeter } = geodesicArea(points);
    const middle = { lng: points.reduce((s, p) => s + p.lng, 0) / points.length, lat: points.reduce((s, p) => s + p.lat, 0) / points.length };
    return { kind, points, length: perimeter, area, anchor: { ...middle, height: Math.max(...points.map((p) => p.height)) }, done };
  }
  const length = geodesicLength(points);
  return { kind, points, length, ...(kind === 'height' ? { rise: last.height - points[0]!.height } : {}), anchor: last, done };
}

/**
 * The built-in measure tool, on the sketch tool that plugins draw with (sketch-tool.ts): a click adds a
 * point, a double-click or Enter ends (a height ends at its second point), Escape cancels. Points lie
 * on the terrain when there is terrain; a finished shape's heights are then sampled from the
 * terrain's most detailed tiles, and it stays drawn until the next one starts or the tool is put away.
 * Lengths and areas are geodesics on WGS84 (@orbis/geo). `report` hears each change, undefined when cleared.
 */
export class MeasureTool {
  private readonly sketch: SketchTool;
  private current: MeasureKind | undefined;
  /** Counts shapes, so that heights sampled for an earlier one are dropped. */
  private shapes = 0;

  constructor(
    private readonly surface: MeasureSurface,
    private readonly report: (measurement: Measurement | undefined) => void,
  ) {
    this.sketch = new SketchTool(
      { locationAt: (x, y) => surface.locationAt(x, y), showDraft: (draft) => this.drafted(draft) },
      (_type, points) => void this.finished(points),
    );
    this.sketch.options = { color: MEASURE_COLOR, disableShadow: true };
  }

  /** What is being measured, or undefined when the tool is put away. */
  get kind(): MeasureKind | undefined {
    return this.current;
  }

  /** Starts measuring `kind` (an earlier shape is cleared), or puts the tool away with undefined. */
  start(kind: MeasureKind | undefined): void {
    this.current = kind;
    this.sketch.tool = kind && SKETCH_OF[kind];
    this.sketch.maxPoints = kind === 'height' ? 2 : undefined;
    this.clear();
  }

  handle(input: PointerInput): void {
    if (!this.current) return;
    // A right-click cancels, as in the sketch tool; a new first click clears the last result.
    if (input.type === 'rightClick') return this.clear();
    if (input.type === 'click' && !this.sketch.drawing) this.clear();
    this.sketch.handle(input);
  }

  /** A key pressed while measuring: Enter ends the shape, Escape cancels it. Whether the tool took it. */
  key(key: string): boolean {
    if (!this.current) return false;
    if (key === 'Enter' && this.sketch.drawing) this.sketch.finishShape();
    else if (key === 'Escape') this.clear();
    else return false;
    return true;
  }

  private clear(): void {
    this.shapes += 1;
    this.sketch.reset();
    this.report(undefined);
  }

  /** The rubber band: drawn, and measured as it stands (the pointer's place as its last point). */
  private drafted(draft: SketchDraft | undefined): void {
    this.surface.showDraft(draft);
    if (!draft || !this.current) return;
    const outline = draft.ring?.slice(0, -1) ?? draft.line ?? [];
    const result = measure(
      this.current,
      outline.map(([lng, lat, height]) => ({ lng, lat, height })),
      false,
    );
    if (result) this.report(result);
  }

  private async finished(points: Place[]): Promise<void> {
    const kind = this.current;
    if (!kind) return;
    const shape = ++this.shapes;
    const show = (at: Place[]) => this.surface.showDraft(draftOf(SKETCH_OF[kind], at, 0, { color: MEASURE_COLOR, shadows: false }));
    show(points);
    this.report(measure(kind, points, false));
    const heights = await Promise.all(points.map((p) => this.surface.terrainHeight(p.lng, p.lat)));
    if (shape !== this.shapes) return;
    const sampled = points.map((p, i) => ({ ...p, height: heights[i] ?? p.height }));
    show(sampled);
    this.report(measure(kind, sampled, true));
  }
}
