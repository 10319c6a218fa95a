// `app.modal` and `app.popup`: a plugin's frames besides its widget (docs/contract.md §8), sandboxed as `app.ui`'s.
import type { FrameSize, ListenerOptions } from './common.js';

/** `app.modal.show` and `update` options. */
export interface ModalOptions {
  /** Default 400 (pixels). */
  width?: FrameSize;
  /** Default 300 (pixels). */
  height?: FrameSize;
  /** The CSS colour over the viewer behind the modal; default a translucent black. */
  background?: string;
  /** A click on the background closes the modal (and fires `close`). Default false. */
  clickBgToClose?: boolean;
}

/** Where a popup sits beside the plugin's widget, as Re:Earth places it. */
export type PopupPosition =
  'top' | 'top-start' | 'top-end' | 'right' | 'right-start' | 'right-end' | 'bottom' | 'bottom-start' | 'bottom-end' | 'left' | 'left-start' | 'left-end';

/**
 * How far a popup sits from what it is placed beside, in CSS pixels, as Re:Earth takes it: a number
 * is the gap (`mainAxis`); the object form also slides the popup along that side (`crossAxis`,
 * rightwards beside the top or bottom, downwards beside the left or right) and, for a `-start` or
 * `-end` position, `alignmentAxis` replaces `crossAxis` and moves away from the aligned edge.
 * Every field defaults to 0 in the object form.
 */
export type PopupOffset = number | { mainAxis?: number; crossAxis?: number; alignmentAxis?: number | null };

/** `app.popup.show` and `update` options. */
export interface PopupOptions {
  /** Default 200 (pixels). */
  width?: FrameSize;
  /** Default 150 (pixels). */
  height?: FrameSize;
  /** Beside the widget; default `bottom`. Ignored with `anchor`. */
  position?: PopupPosition;
  /** The gap in CSS pixels between the popup and what it sits beside (default 8), or Re:Earth's object form. */
  offset?: PopupOffset;
  /**
   * Orbis's addition: pins the popup next to this place (degrees, metres) as the camera moves; it
   * hides while the place is behind the globe or out of view. `lng` -180..180, `lat` -90..90.
   */
  anchor?: { lng: number; lat: number; height?: number };
}

/** `app.modal`'s and `app.popup`'s events. */
export interface FrameEvents {
  /** A message from the frame (`parent.postMessage(m, "*")`); `app.extension.on("message")` hears it too. */
  message: any;
  /** The frame was closed: `close()`, or a click on a modal's background with `clickBgToClose`. */
  close: void;
}

/** A dialog over the viewer, one per extension. */
export interface Modal {
  /** Shows (or replaces) the modal. @example app.modal.show('<h1>Welcome</h1>', { width: 320, height: 200, clickBgToClose: true }); */
  show(html: string, options?: ModalOptions): void;
  /** Changes the shown modal's size or background. @example app.modal.update({ height: 400 }); */
  update(options: ModalOptions): void;
  /** @example app.modal.postMessage({ page: 2 }); */
  postMessage(message: unknown): void;
  /** @example app.modal.close(); */
  close(): void;
  /**
   * @example app.modal.on('message', (m) => m === 'done' && app.modal.close());
   * @example app.modal.on('close', () => console.log('modal closed'));
   */
  on<E extends keyof FrameEvents>(event: E, listener: (event: FrameEvents[E]) => void, options?: ListenerOptions): () => void;
  /** @example app.modal.off('message', onMessage); */
  off<E extends keyof FrameEvents>(event: E, listener: (event: FrameEvents[E]) => void): void;
}

/** A small frame beside the widget, or pinned to a place on the globe; one per extension. */
export interface Popup {
  /**
   * @example app.popup.show('<p>Hi</p>', { width: 160, height: 60, position: 'left-start' });
   * @example app.popup.show('<p>Tokyo</p>', { anchor: { lng: 139.77, lat: 35.68 } });
   * @example app.popup.show('<p>Hi</p>', { position: 'right-start', offset: { mainAxis: 4, alignmentAxis: 12 } });
   */
  show(html: string, options?: PopupOptions): void;
  /** @example app.popup.update({ anchor: { lng: 135.5, lat: 34.7, height: 100 } }); */
  update(options: PopupOptions): void;
  /** @example app.popup.postMessage({ name: 'Tokyo' }); */
  postMessage(message: unknown): void;
  /** @example app.popup.close(); */
  close(): void;
  /** @example app.popup.on('close', () => console.log('popup closed')); */
  on<E extends keyof FrameEvents>(event: E, listener: (event: FrameEvents[E]) => void, options?: ListenerOptions): () => void;
  /** @example app.popup.off('close', onClose); */
  off<E extends keyof FrameEvents>(event: E, listener: (event: FrameEvents[E]) => void): void;
}
