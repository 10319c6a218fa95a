import type { PointerInput } from '../engine/engine.js';

/** The selection box's phases, as `app.viewer.interactionMode.selectionMode` names its events. */
export type MarqueePhase = 'marqueeStart' | 'marqueeMove' | 'marqueeEnd';
/** A rectangle on screen, in viewer pixels: `x`/`y` its top-left corner. */
export interface MarqueeBox {
  x: number;
  y: number;
  width: number;
  height: number;
}
type Picked = { layerId: string; featureId: string };

/** One phase of the selection box: the box, where the pointer is, and at the end what it picked. */
export interface Marquee {
  box: MarqueeBox;
  pointer: { x: number; y: number };
  /** Shift was held (Re:Earth's `pressedKey: "shift"`). */
  shift: boolean;
  /** `marqueeEnd` only: the features picked, and whether the pointer never moved while pressed. */
  end?: { features: Picked[]; isClick: boolean };
}

/** What the box needs of the page. */
export interface SelectionBoxParts {
  /** The features whose position shows inside a screen rectangle. */
  featuresInRect(x0: number, y0: number, x1: number, y1: number): Picked[];
  /** The feature a click at a pixel picks (as a click in the `default` mode does), if any. */
  featureAt(x: number, y: number): Picked | undefined;
  /** Draws the box on the page, or hides it with undefined. */
  show(box: MarqueeBox | undefined): void;
  /** Tells the listeners, then (at the end) selects what was picked. */
  report(phase: MarqueePhase, marquee: Marquee): void;
  select(features: Picked[]): void;
}

/**
 * The `selection` mode's box (docs/contract.md §8): a press starts it, moves drag it, the release picks the
 * features inside it — or, when the pointer never moved (Re:Earth's `isClick`), the feature under
 * the click — tells the listeners and selects them.
 */
export class SelectionBox {
  private start: { x: number; y: number } | undefined;
  private moved = false;

  constructor(private readonly parts: SelectionBoxParts) {}

  handle(input: PointerInput): void {
    const shift = input.shift === true;
    if (input.type === 'mouseDown') {
      this.start = { x: input.x, y: input.y };
      this.moved = false;
      this.parts.show(this.boxTo(input));
      this.parts.report('marqueeStart', { box: this.boxTo(input), pointer: { x: input.x, y: input.y }, shift });
    } else if (input.type === 'mouseMove' && this.start) {
      if (input.x !== this.start.x || input.y !== this.start.y) this.moved = true;
      this.parts.show(this.boxTo(input));
      this.parts.report('marqueeMove', { box: this.boxTo(input), pointer: { x: input.x, y: input.y }, shift });
    } else if (input.type === 'mouseUp' && this.start) {
      const isClick = !this.moved && input.x === this.start.x && input.y === this.start.y;
      const hit = isClick ? this.parts.featureAt(input.x, input.y) : undefined;
      const features = isClick ? (hit ? [hit] : []) : this.parts.featuresInRect(this.start.x, this.start.y, input.x, input.y);
      this.parts.report('marqueeEnd', { box: this.boxTo(input), pointer: { x: input.x, y: input.y }, shift, end: { features, isClick } });
      this.parts.select(features);
      this.start = undefined;
      this.parts.show(undefined);
    }
  }

  private boxTo({ x, y }: { x: number; y: number }): MarqueeBox {
    const start = this.start!;
    return { x: Math.min(start.x, x), y: Math.min(start.y, y), width: Math.abs(x - start.x), height: Math.abs(y - start.y) };
  }
}
