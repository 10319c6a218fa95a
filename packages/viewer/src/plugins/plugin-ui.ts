import { MAX_MESSAGES_PER_SECOND, MessageBudget } from './message-budget.js';

/** Where a widget sits over the viewer. */
export type WidgetArea = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

/** The document each plugin UI frame loads (served with a policy that allows inline script). */
export const PLUGIN_FRAME_URL = '/app/plugin-frame.html';

/** Messages one UI frame may send its plugin per second; a flood beyond is dropped, said once. */
export const MAX_UI_MESSAGES_PER_SECOND = MAX_MESSAGES_PER_SECOND;

interface Frame {
  element: HTMLIFrameElement;
  html: string;
  /** Messages posted before the frame has shown its HTML: sent right after it. */
  queue: unknown[] | undefined;
  received: MessageBudget;
}

/**
 * Shows plugins' own UI: each in an iframe with `sandbox="allow-scripts"` (no same-origin), so
 * its script runs in an opaque origin with no access to the page, its cookies, storage or the
 * plugins' sandboxes. The frame loads {@link PLUGIN_FRAME_URL} and gets the plugin's HTML by
 * postMessage: a `srcdoc` frame would inherit the page's Content-Security-Policy, under which
 * the plugin's inline scripts could not run. Messages go both ways through postMessage only.
 */
export class PluginUi {
  private readonly frames = new Map<string, Frame>();

  constructor(
    private readonly overlay: HTMLElement,
    private readonly areaOf: (source: string) => WidgetArea,
    private readonly onMessage: (source: string, message: unknown) => void,
  ) {
    window.addEventListener('message', (event) => {
      for (const [source, frame] of this.frames) {
        if (event.source === frame.element.contentWindow && frame.received.admit()) this.onMessage(source, event.data);
      }
    });
  }

  private area(name: WidgetArea): HTMLElement {
    let element = this.overlay.querySelector<HTMLElement>(`.orbis-area.${name}`);
    if (!element) {
      element = document.createElement('div');
      element.className = `orbis-area ${name}`;
      this.overlay.append(element);
    }
    return element;
  }

  show(source: string, html: string, options: Record<string, unknown>): void {
    let frame = this.frames.get(source);
    if (!frame) {
      const element = document.createElement('iframe');
      element.setAttribute('sandbox', 'allow-scripts');
      element.setAttribute('referrerpolicy', 'no-referrer');
      element.dataset.plugin = source;
      // Screen readers name frames by their title (axe-core: frame-title).
      element.title = `Plugin widget ${source}`;
      element.className = 'orbis-widget';
      const created: Frame = { element, html, queue: [], received: new MessageBudget(() => console.warn(`[plugin ${source}] its UI sent more than ${MAX_UI_MESSAGES_PER_SECOND} messages in a second: dropping messages`)) };
      element.addEventListener('load', () => this.loaded(created));
      frame = created;
      this.frames.set(source, frame);
      // Widgets of one corner stack instead of covering each other.
      this.area(this.areaOf(source)).append(element);
    }
    frame.html = html;
    frame.queue ??= [];
    // A fresh frame document for each show: the last one has become the plugin's own.
    frame.element.src = PLUGIN_FRAME_URL;
    frame.element.style.width = `${clampSize(options.width, 300)}px`;
    frame.element.style.height = `${clampSize(options.height, 200)}px`;
    frame.element.hidden = options.visible === false;
  }

  /** `app.ui.resize`: an extended frame spans its area's width (Re:Earth's extended widget). */
  resize(source: string, width: number, height: number, extended: boolean): void {
    const element = this.frames.get(source)?.element;
    if (!element) return;
    element.style.width = extended ? '100%' : `${clampSize(width, 300)}px`;
    element.style.height = `${clampSize(height, 200)}px`;
    element.classList.toggle('extended', extended);
  }

  /** `app.ui.close`: the frame goes; a later `show` makes a new one. */
  close(source: string): void {
    this.frames.get(source)?.element.remove();
    this.frames.delete(source);
  }

  post(source: string, message: unknown): void {
    const frame = this.frames.get(source);
    if (!frame) return;
    if (frame.queue) frame.queue.push(message);
    else frame.element.contentWindow?.postMessage(message, '*');
  }

  private loaded(frame: Frame): void {
    const queue = frame.queue;
    // Later loads are the plugin's own navigations: they get nothing of ours.
    if (!queue) return;
    frame.queue = undefined;
    const target = frame.element.contentWindow;
    target?.postMessage({ orbisPluginHtml: frame.html }, '*');
    for (const message of queue) target?.postMessage(message, '*');
  }
}

function clampSize(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(value, 20), 2000) : fallback;
}
