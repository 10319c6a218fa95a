import type { SketchEventProps, SketchOptions, SketchType, SpatialIdPickSpaceOptions, SpatialIdSpace } from '@orbis/plugin-api';
import { spatialIdBounds, spatialIdFromLngLatHeight, spatialIdSpace } from '@orbis/geo';
import type { Engine, PointerInput } from '../engine/engine.js';
import type { InteractionModeType as InteractionMode } from '@orbis/plugin-api';
import type { Place } from './sketch-geometry.js';
import { type EditableSketch, SketchEditor } from './sketch-editor.js';
import { sketchFeature } from './sketch-geometry.js';
import { draftLook, sketchLook, SketchTool } from './sketch-tool.js';
import { type Marquee, type MarqueePhase, SelectionBox } from './selection-box.js';
import { spatialIdZoomFor } from './spatial-id-zoom.js';

/** Heights a picked voxel may have by default: those whose floor has a Hilbert index at every zoom. */
const PICK_HEIGHT_LIMIT = 2 ** 24;

/**
 * What the mouse does in each interaction mode (docs/contract.md §5, §8): `default` moves the camera and a
 * click selects a feature; `move` only moves the camera; `selection` drags a box whose features
 * are selected; `sketch` draws with the sketch tool (sketch-tool.ts); `spatialId` picks the
 * Spatial ID voxel under a click and shows it as a box. The results are on the viewer element for
 * the page and tests: `data-selected`, `data-spatial-id`, `data-sketches`, `data-last-sketch`,
 * `data-last-sketch-edit` (the feature id of the last edited sketch).
 */
export class InteractionController {
  mode: InteractionMode = 'default';
  private sketches = 0;
  private readonly box: HTMLDivElement;
  private current: { layerId: string; featureId: string }[] = [];
  private readonly selectListeners = new Set<(features: { layerId: string; featureId: string }[]) => void>();
  private readonly marqueeListeners = new Set<(phase: MarqueePhase, marquee: Marquee) => void>();
  private readonly selectionBox: SelectionBox;
  private readonly sketchTool: SketchTool;
  private readonly sketchEditor: SketchEditor;
  private pickOptions: SpatialIdPickSpaceOptions = {};
  /** Takes every pointer input while set, whatever the mode (the built-in measure tool). */
  private captured: ((input: PointerInput) => void) | undefined;
  /** Clicks counted, so that a raster's values that arrive after a later click are dropped. */
  private clicks = 0;
  private readonly listeners = {
    sketch: new Set<(event: SketchEventProps) => void>(),
    sketchUpdate: new Set<(event: SketchEventProps) => void>(),
    tool: new Set<(tool: SketchType | undefined) => void>(),
    pick: new Set<(space: SpatialIdSpace) => void>(),
    mode: new Set<(mode: InteractionMode) => void>(),
  };

  constructor(
    private readonly engine: Engine,
    private readonly element: HTMLElement,
  ) {
    this.box = document.createElement('div');
    this.box.className = 'orbis-selection-box';
    this.box.hidden = true;
    Object.assign(this.box.style, {
      position: 'absolute',
      border: '1px dashed #ffd200',
      background: 'rgba(255,210,0,0.15)',
      pointerEvents: 'none',
      zIndex: '3',
    });
    element.append(this.box);
    this.selectionBox = new SelectionBox({
      featuresInRect: (x0, y0, x1, y1) => engine.featuresInRect(x0, y0, x1, y1),
      featureAt: (x, y) => this.featureAt(x, y),
      show: (box) => {
        this.box.hidden = !box;
        if (box) Object.assign(this.box.style, { left: `${box.x}px`, top: `${box.y}px`, width: `${box.width}px`, height: `${box.height}px` });
      },
      report: (phase, marquee) => {
        for (const listener of this.marqueeListeners) listener(phase, marquee);
      },
      select: (features) => this.select(features),
    });
    this.sketchTool = new SketchTool(
      { locationAt: (x, y) => engine.locationAt(x, y, false), showDraft: (draft) => engine.showSketchDraft(draft) },
      (type, points, height) => this.finishSketch(type, points, height),
    );
    this.sketchEditor = new SketchEditor(
      {
        locationAt: (x, y) => engine.locationAt(x, y, false),
        screenOf: (lng, lat, height) => engine.placeOnScreen(lng, lat, height),
        showDraft: (draft) => engine.showSketchDraft(draft),
        setNavigation: (enabled) => engine.setNavigation(enabled && this.mode !== 'selection'),
      },
      (sketch) => this.editedSketch(sketch),
    );
    engine.onPointer((input) => this.handle(input));
    // The infobox's close button clears the selection as an empty click does.
    element.addEventListener('orbis:clear-selection', () => this.select([]));
  }

  setMode(mode: InteractionMode): void {
    const before = this.mode;
    this.mode = mode;
    this.element.dataset.interactionMode = mode;
    this.engine.setNavigation(mode !== 'selection');
    if (mode !== 'spatialId') {
      this.engine.showBox(undefined);
      delete this.element.dataset.spatialId;
    }
    if (mode === 'move') this.select([]);
    if (mode !== 'sketch') {
      this.sketchTool.reset();
      this.sketchEditor.reset();
      if (this.sketchTool.tool !== undefined) this.setSketchTool(undefined);
    }
    if (mode !== before) for (const listener of this.listeners.mode) listener(mode);
  }

  /** The sketch tool and its options (`app.sketch.tool`, `options`). */
  get sketch(): { tool: SketchType | undefined; options: SketchOptions } {
    return { tool: this.sketchTool.tool, options: { ...this.sketchTool.options } };
  }

  /** Picks a sketch tool (or none) and tells the listeners; the shape being drawn is dropped. */
  setSketchTool(tool: SketchType | undefined): void {
    this.sketchTool.reset();
    if (this.sketchTool.tool === tool) return;
    this.sketchTool.tool = tool;
    for (const listener of this.listeners.tool) listener(tool);
  }

  overrideSketchOptions(options: SketchOptions): void {
    this.sketchTool.options = { ...this.sketchTool.options, ...options };
  }

  /** Options of picking in `spatialId` mode (`app.spatialId.pickSpace`). */
  setPickOptions(options: SpatialIdPickSpaceOptions): void {
    this.pickOptions = { ...options };
  }

  onSketch(listener: (event: SketchEventProps) => void): () => void {
    return this.listen(this.listeners.sketch, listener);
  }

  /** Calls `listener` when the last drawn sketch was edited (dragged), with the `create` payload's shape. */
  onSketchUpdate(listener: (event: SketchEventProps) => void): () => void {
    return this.listen(this.listeners.sketchUpdate, listener);
  }

  onSketchTool(listener: (tool: SketchType | undefined) => void): () => void {
    return this.listen(this.listeners.tool, listener);
  }

  onSpacePick(listener: (space: SpatialIdSpace) => void): () => void {
    return this.listen(this.listeners.pick, listener);
  }

  /** Calls `listener` when the mode changes (a plugin's call, or picking ended by a right-click). */
  onModeChange(listener: (mode: InteractionMode) => void): () => void {
    return this.listen(this.listeners.mode, listener);
  }

  /** The selected features (a click in `default`, a box in `selection`, or a plugin's `layers.select`). */
  get selected(): { layerId: string; featureId: string }[] {
    return this.current.slice();
  }

  /** Selects features (an empty list clears) and tells the listeners. */
  select(features: { layerId: string; featureId: string }[]): void {
    this.current = features.slice();
    this.engine.highlightFeatures(features);
    this.element.dataset.selected = JSON.stringify(features);
    for (const listener of this.selectListeners) listener(this.selected);
  }

  /** Calls `listener` after each selection; returns the function that stops it. */
  onSelect(listener: (features: { layerId: string; featureId: string }[]) => void): () => void {
    return this.listen(this.selectListeners, listener);
  }

  private listen<T>(set: Set<T>, listener: T): () => void {
    set.add(listener);
    return () => set.delete(listener);
  }

  /** Calls `listener` as the selection box starts, moves and ends (`selection` mode); returns the function that stops it. */
  onMarquee(listener: (phase: MarqueePhase, marquee: Marquee) => void): () => void {
    return this.listen(this.marqueeListeners, listener);
  }

  /** What a click picks: what is drawn under the pointer (a polygon's inside too), else a point within 3 px. */
  private featureAt(x: number, y: number): { layerId: string; featureId: string } | undefined {
    return this.engine.featureAt(x, y) ?? this.engine.featuresInRect(x - 3, y - 3, x + 3, y + 3)[0];
  }

  /**
   * Gives every pointer input to `handler`, none to the mode, until called with undefined: the page's
   * own tools (the measure tool, docs/viewer.md) take the mouse without changing the mode plugins see.
   */
  capturePointer(handler: ((input: PointerInput) => void) | undefined): void {
    this.captured = handler;
  }

  private handle(input: PointerInput): void {
    if (this.captured) return this.captured(input);
    // Shift-held input (engine/cesium/cesium-pointer.ts) is the selection box's only, as on Re:Earth.
    if (input.shift && this.mode !== 'selection') return;
    switch (this.mode) {
      case 'default':
        if (input.type === 'click') {
          const hit = this.featureAt(input.x, input.y);
          this.select(hit ? [hit] : []);
          // No feature there: a raster layer's pixel, once the server has told its values (unless another click came first).
          const click = ++this.clicks;
          if (!hit) void this.engine.rasterAt(input.x, input.y).then((pixel) => pixel && click === this.clicks && this.select([pixel]));
        }
        return;
      case 'selection':
        return this.selectionBox.handle(input);
      case 'spatialId':
        if (input.type === 'click') this.pickVoxel(input.x, input.y);
        else if (input.type === 'rightClick' && this.pickOptions.rightClickToExit) this.setMode('default');
        return;
      case 'sketch':
        // Dragging a control point of the last drawn shape edits it; the tool has everything else.
        if (!this.sketchTool.drawing && this.sketchEditor.handle(input)) return;
        return this.sketchTool.handle(input);
      default:
        return;
    }
  }

  /** A finished shape: drawn on the `sketch` layer (unless `dataOnly`) and told to the listeners. */
  private finishSketch(type: SketchType, points: Place[], extrudedHeight: number): void {
    this.sketches += 1;
    const featureId = `sketch-${this.sketches}`;
    const feature = sketchFeature(featureId, type, points, extrudedHeight);
    const options = this.sketchTool.options;
    const look = sketchLook(options, type);
    if (!options.dataOnly) this.engine.addSketch(feature, look);
    if (!options.dataOnly) this.sketchEditor.last = { featureId, type, points, extrudedHeight, ...draftLook(options), look };
    this.element.dataset.sketches = String(this.sketches);
    this.element.dataset.lastSketch = type;
    const event: SketchEventProps = options.dataOnly ? { featureId, feature } : { layerId: 'sketch', featureId, feature };
    for (const listener of this.listeners.sketch) listener(event);
    // Re:Earth's `autoResetInteractionMode`: one shape, then back to the default mode (its tool put away).
    if (options.autoResetInteractionMode === true) this.setMode('default');
  }

  /** An edited sketch: drawn again in place of its earlier self and told to the `update` listeners. */
  private editedSketch({ featureId, type, points, extrudedHeight, look }: EditableSketch): void {
    const feature = sketchFeature(featureId, type, points, extrudedHeight);
    this.engine.addSketch(feature, look);
    this.element.dataset.lastSketchEdit = featureId;
    const event: SketchEventProps = { layerId: 'sketch', featureId, feature };
    for (const listener of this.listeners.sketchUpdate) listener(event);
  }

  private pickVoxel(x: number, y: number): void {
    const place = this.engine.locationAt(x, y, true) ?? this.engine.locationAt(x, y, false);
    if (!place || Math.abs(place.lat) > 85.05) return;
    const o = this.pickOptions;
    const zoom = o.zoom ?? spatialIdZoomFor(this.engine.getCamera().height);
    const height = Math.min(o.maxHeight ?? PICK_HEIGHT_LIMIT - 1, PICK_HEIGHT_LIMIT - 1, Math.max(o.minHeight ?? 0, -PICK_HEIGHT_LIMIT, place.height));
    const id = spatialIdFromLngLatHeight(place.lng, place.lat, height, zoom);
    const space = spatialIdSpace(id);
    this.element.dataset.spatialId = space.zfxyStr;
    if (!o.dataOnly) this.engine.showBox(spatialIdBounds(id), { color: o.color, outlineColor: o.outlineColor });
    for (const listener of this.listeners.pick) listener(space);
  }
}
