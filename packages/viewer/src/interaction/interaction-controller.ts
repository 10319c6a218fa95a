import { spatialIdBounds, spatialIdFromLngLatHeight, spatialIdToString } from '@orbis/geo';
import type { Engine, PointerInput } from '../engine/engine.js';
import type { InteractionMode } from '../plugins/plugin-host.js';
import { spatialIdZoomFor } from './spatial-id-zoom.js';

/** The selection box's phases, as `app.viewer.interactionMode.selectionMode` names its events. */
export type MarqueePhase = 'marqueeStart' | 'marqueeMove' | 'marqueeEnd';
/** The selection box on screen, in viewer pixels. */
export interface MarqueeBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * What the mouse does in each interaction mode (SPEC §5): `default` moves the camera and a click
 * selects a feature; `move` only moves the camera; `selection` drags a box whose features are
 * selected; `spatialId` picks the Spatial ID voxel under a click and shows it as a box. The
 * results are on the viewer element for the page and tests: `data-selected` and `data-spatial-id`.
 */
export class InteractionController {
  mode: InteractionMode = 'default';
  private dragStart: { x: number; y: number } | undefined;
  private vertices: { lng: number; lat: number; x: number; y: number }[] = [];
  private sketches = 0;
  private readonly box: HTMLDivElement;
  private current: { layerId: string; featureId: string }[] = [];
  private readonly selectListeners = new Set<(features: { layerId: string; featureId: string }[]) => void>();
  private readonly marqueeListeners = new Set<(phase: MarqueePhase, box: MarqueeBox) => void>();

  constructor(
    private readonly engine: Engine,
    private readonly element: HTMLElement,
  ) {
    this.box = document.createElement('div');
    this.box.className = 'orbis-selection-box';
    this.box.hidden = true;
    Object.assign(this.box.style, { position: 'absolute', border: '1px dashed #ffd200', background: 'rgba(255,210,0,0.15)', pointerEvents: 'none', zIndex: '3' });
    element.append(this.box);
    engine.onPointer((input) => this.handle(input));
    // The infobox's close button clears the selection as an empty click does.
    element.addEventListener('orbis:clear-selection', () => this.select([]));
  }

  setMode(mode: InteractionMode): void {
    this.mode = mode;
    this.element.dataset.interactionMode = mode;
    this.engine.setNavigation(mode !== 'selection');
    if (mode !== 'spatialId') {
      this.engine.showBox(undefined);
      delete this.element.dataset.spatialId;
    }
    if (mode === 'move') this.select([]);
    if (mode !== 'sketch') {
      this.vertices = [];
      this.engine.showSketchDraft([]);
    }
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
    this.selectListeners.add(listener);
    return () => this.selectListeners.delete(listener);
  }

  /** Calls `listener` as the selection box starts, moves and ends (`selection` mode); returns the function that stops it. */
  onMarquee(listener: (phase: MarqueePhase, box: MarqueeBox) => void): () => void {
    this.marqueeListeners.add(listener);
    return () => this.marqueeListeners.delete(listener);
  }

  private marquee(phase: MarqueePhase, x: number, y: number): void {
    const start = this.dragStart!;
    const box = { x: Math.min(start.x, x), y: Math.min(start.y, y), width: Math.abs(x - start.x), height: Math.abs(y - start.y) };
    for (const listener of this.marqueeListeners) listener(phase, box);
  }

  private handle(input: PointerInput): void {
    switch (this.mode) {
      case 'default':
        if (input.type === 'click') {
          // What is drawn under the pointer (a polygon's inside too), else a point within 3 px.
          const hit = this.engine.featureAt(input.x, input.y) ?? this.engine.featuresInRect(input.x - 3, input.y - 3, input.x + 3, input.y + 3)[0];
          this.select(hit ? [hit] : []);
        }
        return;
      case 'selection':
        return this.drag(input);
      case 'spatialId':
        if (input.type === 'click') this.pickVoxel(input.x, input.y);
        return;
      case 'sketch':
        return this.sketch(input);
      default:
        return;
    }
  }

  private drag(input: PointerInput): void {
    if (input.type === 'mouseDown') {
      this.dragStart = { x: input.x, y: input.y };
      Object.assign(this.box.style, { left: `${input.x}px`, top: `${input.y}px`, width: '0px', height: '0px' });
      this.box.hidden = false;
      this.marquee('marqueeStart', input.x, input.y);
    } else if (input.type === 'mouseMove' && this.dragStart) {
      const { x, y } = this.dragStart;
      Object.assign(this.box.style, { left: `${Math.min(x, input.x)}px`, top: `${Math.min(y, input.y)}px`, width: `${Math.abs(input.x - x)}px`, height: `${Math.abs(input.y - y)}px` });
      this.marquee('marqueeMove', input.x, input.y);
    } else if (input.type === 'mouseUp' && this.dragStart) {
      this.marquee('marqueeEnd', input.x, input.y);
      this.select(this.engine.featuresInRect(this.dragStart.x, this.dragStart.y, input.x, input.y));
      this.dragStart = undefined;
      this.box.hidden = true;
    }
  }

  /**
   * Sketch: a click adds a vertex, a double-click finishes; one vertex makes a point, two a line,
   * three or more a polygon. The shape goes to the `sketch` layer.
   */
  private sketch(input: PointerInput): void {
    if (input.type === 'click') {
      const place = this.engine.locationAt(input.x, input.y, false);
      // The clicks of a double-click land on the same spot: one vertex.
      const last = this.vertices.at(-1);
      if (!place || (last && Math.hypot(last.x - input.x, last.y - input.y) < 4)) return;
      this.vertices.push({ lng: place.lng, lat: place.lat, x: input.x, y: input.y });
      this.engine.showSketchDraft(this.vertices);
    } else if (input.type === 'doubleClick' && this.vertices.length > 0) {
      const vertices = this.vertices.map(({ lng, lat }) => ({ lng, lat }));
      const kind = vertices.length === 1 ? 'point' : vertices.length === 2 ? 'line' : 'polygon';
      this.engine.addSketch({ kind, vertices });
      this.vertices = [];
      this.engine.showSketchDraft([]);
      this.sketches += 1;
      this.element.dataset.sketches = String(this.sketches);
      this.element.dataset.lastSketch = kind;
    }
  }

  private pickVoxel(x: number, y: number): void {
    const place = this.engine.locationAt(x, y, true) ?? this.engine.locationAt(x, y, false);
    if (!place || Math.abs(place.lat) > 85.05) return;
    const id = spatialIdFromLngLatHeight(place.lng, place.lat, Math.max(place.height, 0), spatialIdZoomFor(this.engine.getCamera().height));
    this.element.dataset.spatialId = spatialIdToString(id);
    this.engine.showBox(spatialIdBounds(id));
  }
}
