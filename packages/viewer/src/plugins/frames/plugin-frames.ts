import { t } from '../../ui/i18n.js';
import type { PopupOffset } from '@orbis/plugin-api';
import type { FrameKind } from '../viewer-services.js';
import { cssSize, SandboxedFrame } from './sandboxed-frame.js';

/** What the frames need of the page: the widget a popup sits beside, the globe's projection, frames drawn. */
export interface FramePage {
  overlay: HTMLElement;
  /** Where modals go: a layer over everything the page puts on the viewer (infobox, story sheet), as a modal is. */
  modalLayer: HTMLElement;
  widgetElement(source: string): HTMLElement;
  /** A place (degrees, metres) on the viewer in pixels, or undefined while hidden (engine.placeOnScreen). */
  placeOnScreen(lng: number, lat: number, height: number): [number, number] | undefined;
  /** Calls `listener` after each frame the viewer draws; returns the function that stops it. */
  onFrame(listener: () => void): () => void;
  onMessage(kind: FrameKind, source: string, message: unknown): void;
  /** The page closed a frame itself (a click on a modal's background). */
  onClosed(kind: FrameKind, source: string): void;
}

interface Shown {
  kind: FrameKind;
  source: string;
  frame: SandboxedFrame;
  /** What is placed: the modal's backdrop, or the popup's box (its frame and, when anchored, an arrow to the place). */
  box: HTMLElement;
  options: Record<string, unknown>;
}

const SIZES = { modal: [400, 300], popup: [200, 150] } as const;

/**
 * `app.modal` and `app.popup`: at most one of each per extension, each a {@link SandboxedFrame}.
 * A modal sits in the middle of the viewer over a backdrop; a popup beside its widget, as
 * Re:Earth places it (`position`, `offset`), or pinned above a place (`anchor`), followed on every
 * frame the viewer draws and hidden while the place is behind the globe or out of view.
 */
export class PluginFrames {
  private readonly shown = new Map<string, Shown>();
  private stopFollowing: (() => void) | undefined;

  constructor(private readonly page: FramePage) {
    window.addEventListener('message', (event) => {
      for (const entry of this.shown.values()) {
        if (entry.frame.fromPlugin(event) && entry.frame.received.admit()) page.onMessage(entry.kind, entry.source, event.data);
      }
    });
  }

  show(kind: FrameKind, source: string, html: string, options: Record<string, unknown>): void {
    let entry = this.shown.get(`${kind}:${source}`);
    if (!entry) {
      const frame = new SandboxedFrame(source, t(`plugins.frames.${kind}`, { source }), `orbis-${kind}`, kind);
      const box = document.createElement('div');
      box.className = `orbis-${kind}-${kind === 'modal' ? 'backdrop' : 'box'}`;
      box.append(frame.element);
      if (kind === 'modal') {
        box.addEventListener('click', (event) => {
          if (event.target === box && entry?.options.clickBgToClose === true && this.close(kind, source)) this.page.onClosed(kind, source);
        });
      }
      entry = { kind, source, frame, box, options: {} };
      this.shown.set(`${kind}:${source}`, entry);
      (kind === 'modal' ? this.page.modalLayer : this.page.overlay).append(box);
    }
    entry.options = options;
    entry.frame.show(html);
    this.layout(entry);
  }

  /** Merges `options` into the shown frame's; nothing shown, nothing happens. */
  update(kind: FrameKind, source: string, options: Record<string, unknown>): void {
    const entry = this.shown.get(`${kind}:${source}`);
    if (!entry) return;
    entry.options = { ...entry.options, ...options };
    // A popup given an anchor no longer sits by its widget, and the reverse.
    if (options.position !== undefined) delete entry.options.anchor;
    this.layout(entry);
  }

  post(kind: FrameKind, source: string, message: unknown): void {
    this.shown.get(`${kind}:${source}`)?.frame.post(message);
  }

  /** Removes the frame; answers whether one was shown. */
  close(kind: FrameKind, source: string): boolean {
    const entry = this.shown.get(`${kind}:${source}`);
    if (!entry) return false;
    entry.box.remove();
    this.shown.delete(`${kind}:${source}`);
    this.follow();
    return true;
  }

  /** Removes every frame and stops following the camera. */
  dispose(): void {
    for (const entry of [...this.shown.values()]) this.close(entry.kind, entry.source);
  }

  private layout(entry: Shown): void {
    const [width, height] = SIZES[entry.kind];
    const style = entry.frame.element.style;
    // A popup's box is placed in the viewer and would otherwise shrink to its frame, so the size goes
    // on the box and the frame fills it: a relative size ("50%") is then of the viewer, as a modal's is.
    const sized = entry.kind === 'popup' ? entry.box.style : style;
    if (sized !== style) [style.width, style.height] = ['100%', '100%'];
    sized.width = cssSize(entry.options.width, width);
    sized.height = cssSize(entry.options.height, height);
    if (entry.kind === 'modal') {
      entry.box.style.background = typeof entry.options.background === 'string' ? entry.options.background : '';
      return;
    }
    this.follow();
    this.place(entry);
  }

  /** Follows the camera while any popup is anchored, and only then. */
  private follow(): void {
    const anchored = [...this.shown.values()].some((e) => e.options.anchor !== undefined);
    if (anchored && !this.stopFollowing) {
      this.stopFollowing = this.page.onFrame(() => {
        for (const entry of this.shown.values()) if (entry.options.anchor !== undefined) this.place(entry);
      });
    } else if (!anchored && this.stopFollowing) {
      this.stopFollowing();
      this.stopFollowing = undefined;
    }
  }

  private place(entry: Shown): void {
    const element = entry.frame.element;
    const box = entry.box;
    const overlay = this.page.overlay.getBoundingClientRect();
    // Sizes are read once the frame shows: a hidden one measures 0.
    const size = () => [element.offsetWidth, element.offsetHeight] as const;
    const offset = (entry.options.offset as PopupOffset | undefined) ?? DEFAULT_GAP;
    const anchor = entry.options.anchor as { lng: number; lat: number; height?: number } | undefined;
    let left: number;
    let top: number;
    let w: number;
    let h: number;
    if (anchor) {
      const at = this.page.placeOnScreen(anchor.lng, anchor.lat, anchor.height ?? 0);
      box.hidden = at === undefined;
      box.classList.add('anchored');
      element.dataset.anchored = at ? `${Math.round(at[0])},${Math.round(at[1])}` : 'hidden';
      if (!at) return;
      [w, h] = size();
      // Centred above the place (placed as Re:Earth's `top`), its bottom the offset's gap over it.
      const [gap, slide] = axes(offset, 'top');
      left = at[0] - w / 2 + slide;
      top = at[1] - h - gap;
    } else {
      box.hidden = false;
      box.classList.remove('anchored');
      delete element.dataset.anchored;
      [w, h] = size();
      const r = this.page.widgetElement(entry.source).getBoundingClientRect();
      const widget = { left: r.left - overlay.left, top: r.top - overlay.top, right: r.right - overlay.left, bottom: r.bottom - overlay.top };
      [left, top] = beside(widget, w, h, String(entry.options.position ?? 'bottom'), offset);
    }
    // Kept inside the viewer.
    box.style.left = `${Math.max(0, Math.min(left, overlay.width - w))}px`;
    box.style.top = `${Math.max(0, Math.min(top, overlay.height - h))}px`;
  }
}

/** The gap between a popup and what it sits beside when the plugin gives no `offset`. */
const DEFAULT_GAP = 8;

/**
 * A popup offset as Re:Earth applies it (its popups are placed by floating-ui, whose `offset`
 * this is): `[gap, slide]` in pixels, the gap away from the side and the slide along it (towards
 * the right beside the top or bottom, downwards beside the left or right). A number is the gap
 * alone; in the object form every axis defaults to 0 and a numeric `alignmentAxis` replaces
 * `crossAxis` for a `-start` or `-end` position, pointing away from the aligned edge.
 */
export function axes(offset: PopupOffset, position: string): [gap: number, slide: number] {
  if (typeof offset === 'number') return [offset, 0];
  const align = position.split('-')[1];
  const alignment = offset.alignmentAxis;
  if (align && typeof alignment === 'number') return [offset.mainAxis ?? 0, align === 'end' ? -alignment : alignment];
  return [offset.mainAxis ?? 0, offset.crossAxis ?? 0];
}

/** The top-left corner of a `w`×`h` box placed beside `r` at `position` (`side[-start|-end]`), `offset` away. */
export function beside(
  r: { left: number; top: number; right: number; bottom: number },
  w: number,
  h: number,
  position: string,
  offset: PopupOffset,
): [number, number] {
  const [side, align] = position.split('-') as [string, string | undefined];
  const [gap, slide] = axes(offset, position);
  if (side === 'top' || side === 'bottom') {
    const left = align === 'start' ? r.left : align === 'end' ? r.right - w : (r.left + r.right - w) / 2;
    return [left + slide, side === 'top' ? r.top - gap - h : r.bottom + gap];
  }
  const top = align === 'start' ? r.top : align === 'end' ? r.bottom - h : (r.top + r.bottom - h) / 2;
  return [side === 'left' ? r.left - gap - w : r.right + gap, top + slide];
}
