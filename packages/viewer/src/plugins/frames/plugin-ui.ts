import type { FrameSize } from '@orbis/plugin-api';
import { cssSize, SandboxedFrame } from './sandboxed-frame.js';
import { t } from '../../ui/i18n.js';
import type { Extension } from './widget-area.js';
import type { WidgetArea } from '@orbis/scene';

/**
 * Shows plugins' own UI (`app.ui`): each widget's {@link SandboxedFrame} in its corner of the
 * viewer, each block's in its place in the infobox or story panel.
 */
export class PluginUi {
  private readonly frames = new Map<string, SandboxedFrame>();
  /** Each running block's element in the infobox or story panel, by label. */
  private readonly places = new Map<string, HTMLElement>();

  constructor(
    private readonly overlay: HTMLElement,
    private readonly areaOf: (source: string) => WidgetArea,
    private readonly onMessage: (source: string, message: unknown) => void,
    /** A widget's layout from its manifest: which way it stretches, and whether it starts stretched. */
    private readonly layoutOf: (source: string) => { extension: Extension; extended: boolean },
  ) {
    window.addEventListener('message', (event) => {
      for (const [source, frame] of this.frames) {
        if (frame.fromPlugin(event) && frame.received.admit()) this.onMessage(source, event.data);
      }
    });
  }

  /**
   * The corner element of an area (made on first use). The two top corners share one zone, and
   * the two bottom ones another, laid out as a wrapping row (plugin-widgets.css): where a left
   * and a right corner do not fit side by side (a phone), the right one moves under (or, at the
   * bottom, above) the left one instead of covering it.
   */
  area(name: WidgetArea): HTMLElement {
    let element = this.overlay.querySelector<HTMLElement>(`.orbis-area.${name}`);
    if (!element) {
      const edge = name.startsWith('top') ? 'top' : 'bottom';
      let zone = this.overlay.querySelector<HTMLElement>(`.orbis-zone.${edge}`);
      if (!zone) {
        zone = document.createElement('div');
        zone.className = `orbis-zone ${edge}`;
        this.overlay.append(zone);
      }
      element = document.createElement('div');
      element.className = `orbis-area ${name}`;
      zone.append(element);
    }
    return element;
  }

  /** What a popup of `source` sits beside: its shown widget frame, else the widget's corner. */
  widgetElement(source: string): HTMLElement {
    const element = this.frames.get(source)?.element;
    return element && !element.hidden ? element : this.area(this.areaOf(source));
  }

  /** A block's element: the frame its `app.ui.show` draws goes there, not in a corner. */
  placeIn(source: string, element: HTMLElement): void {
    this.places.set(source, element);
  }

  show(source: string, html: string, options: Record<string, unknown>): void {
    let frame = this.frames.get(source);
    const place = this.places.get(source);
    if (!frame) {
      frame = place
        ? new SandboxedFrame(source, t('plugins.frames.block', { source }), 'orbis-block', 'UI')
        : new SandboxedFrame(source, t('plugins.frames.widget', { source }), 'orbis-widget', 'UI');
      this.frames.set(source, frame);
      // Widgets of one corner stack instead of covering each other.
      (place ?? this.area(this.areaOf(source))).append(frame.element);
    }
    frame.show(html);
    // A block spans its panel's width unless it asks for less (Re:Earth's blocks fill the infobox's width).
    // A widget whose manifest says `extended` starts stretched, until a show or resize says otherwise.
    const layout = this.layoutOf(source);
    const extended = options.extended === true || (options.extended === undefined && !place && layout.extended);
    const across = extended && layout.extension === 'horizontally';
    frame.element.style.width = across || (place && options.width === undefined) ? '100%' : cssSize(options.width, 300);
    frame.element.style.height = cssSize(options.height, 200);
    this.stretch(source, frame.element, extended);
    frame.element.hidden = options.visible === false;
  }

  /**
   * `app.ui.resize`: an extended frame spans its zone's width, top or bottom (Re:Earth's extended
   * widget; plugin-widgets.css gives its corner the whole row), or the viewer's height for a widget
   * that stretches vertically, until a resize with `extended` false or a width (a height, for a
   * vertical one); an absent width or height keeps the frame's current one, as Re:Earth's
   * `resize(undefined, 500)`.
   */
  resize(source: string, width: FrameSize | undefined, height: FrameSize | undefined, extended: boolean | undefined): void {
    const element = this.frames.get(source)?.element;
    if (!element) return;
    const vertical = this.layoutOf(source).extension === 'vertically';
    // `extended` absent: a size along the stretch ends it (the frame takes that size), else the frame
    // stays as it is (`resize(undefined, 500)` changes the height of a horizontally extended frame only).
    const wasExtended = element.classList.contains('extended');
    const extend = extended ?? ((vertical ? height : width) === undefined && wasExtended);
    this.stretch(source, element, extend);
    if (extend && !vertical) element.style.width = '100%';
    else if (width !== undefined || (wasExtended && !vertical)) element.style.width = cssSize(width, 300);
    if (height !== undefined) element.style.height = cssSize(height, 200);
  }

  /** Marks a frame extended (plugin-widgets.css stretches it), the way its layout says. */
  private stretch(source: string, element: HTMLElement, extended: boolean): void {
    element.classList.toggle('extended', extended);
    element.classList.toggle('vertical', extended && this.layoutOf(source).extension === 'vertically');
  }

  /**
   * Which way the frame of `source` is stretched now (`show`'s and `resize`'s rules above), none when
   * it is not; before its first show, what its manifest says.
   */
  extended(source: string): Extension | undefined {
    const element = this.frames.get(source)?.element;
    const layout = this.layoutOf(source);
    const extended = element ? element.classList.contains('extended') : layout.extended;
    return extended ? layout.extension : undefined;
  }

  /** `app.ui.close`: the frame goes; a later `show` makes a new one. */
  close(source: string): void {
    this.frames.get(source)?.element.remove();
    this.frames.delete(source);
  }

  /** A block stopped: its frame and its place go. */
  unplace(source: string): void {
    this.close(source);
    this.places.get(source)?.remove();
    this.places.delete(source);
  }

  post(source: string, message: unknown): void {
    this.frames.get(source)?.post(message);
  }
}
