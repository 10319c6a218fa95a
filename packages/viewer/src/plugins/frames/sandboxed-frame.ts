import { CSS_SIZE } from '../protocol/arg-schemas.js';
import { MAX_MESSAGES_PER_SECOND, MessageBudget } from '../transport/message-budget.js';

/** The document each plugin frame loads (served with a policy that allows inline script). */
export const PLUGIN_FRAME_URL = '/app/plugin-frame.html';

/**
 * Messages a frame holds for its plugin's HTML until that HTML says its listeners exist; past this
 * many, the oldest go (with one warning), so a frame that never gets ready cannot hold the page.
 */
export const MAX_QUEUED_FRAME_MESSAGES = 1000;

/** What the frame document (`plugin-frame.html`) answers once the plugin's HTML has loaded. */
interface ReadySignal {
  orbisPluginReady: number;
}

const isReady = (data: unknown): data is ReadySignal => typeof data === 'object' && data !== null && typeof (data as ReadySignal).orbisPluginReady === 'number';

/**
 * One plugin frame (`app.ui`, `app.modal`, `app.popup`), sandboxed the one way every plugin frame
 * is: `sandbox="allow-scripts"` (no same-origin), so its script runs in an opaque origin with no
 * access to the page, its cookies, storage or the plugins' sandboxes. It loads
 * {@link PLUGIN_FRAME_URL} and gets the plugin's HTML by postMessage: a `srcdoc` frame would
 * inherit the page's Content-Security-Policy, under which the plugin's inline scripts could not
 * run. Messages go both ways through postMessage only; those it sends are bounded by `received`.
 *
 * Messages posted to the frame are held, in order, until the frame document says the plugin's
 * HTML has loaded (its `load` fired, so its scripts have run and added their listeners), as
 * Re:Earth delivers them only once its frame has loaded: none is lost to a frame whose HTML
 * waits for a stylesheet or script from the network first.
 */
export class SandboxedFrame {
  readonly element: HTMLIFrameElement;
  /** Messages from the frame: at most {@link MAX_MESSAGES_PER_SECOND} a second pass. */
  readonly received: MessageBudget;
  private html = '';
  /** Counts `show`s: the ready signal of an earlier HTML does not open the queue for a later one. */
  private token = 0;
  /** Where the current HTML is: the frame document loading, the HTML sent to it, or ready. */
  private state: 'loading' | 'sent' | 'ready' = 'loading';
  /** Messages posted before the frame's HTML is ready: sent when it says it is. */
  private queue: unknown[] = [];
  private readonly warnFull: () => void;
  private warnedFull = false;

  /** `what` names the frame in the flood warning ("UI", "modal", "popup"). */
  constructor(source: string, title: string, className: string, what: string) {
    const element = document.createElement('iframe');
    element.setAttribute('sandbox', 'allow-scripts');
    element.setAttribute('referrerpolicy', 'no-referrer');
    element.dataset.plugin = source;
    // Screen readers name frames by their title (axe-core: frame-title).
    element.title = title;
    element.className = className;
    element.addEventListener('load', () => this.loaded());
    this.element = element;
    this.received = new MessageBudget(() =>
      console.warn(`[plugin ${source}] its ${what} sent more than ${MAX_MESSAGES_PER_SECOND} messages in a second: dropping messages`),
    );
    this.warnFull = () => console.warn(`[plugin ${source}] its ${what} is not ready and holds ${MAX_QUEUED_FRAME_MESSAGES} messages: dropping the oldest`);
  }

  /** Shows `html` in a fresh frame document (the last one has become the plugin's own). */
  show(html: string): void {
    this.html = html;
    this.token += 1;
    this.state = 'loading';
    this.element.src = PLUGIN_FRAME_URL;
  }

  post(message: unknown): void {
    if (this.state === 'ready') {
      this.element.contentWindow?.postMessage(message, '*');
      return;
    }
    if (this.queue.length >= MAX_QUEUED_FRAME_MESSAGES) {
      this.queue.shift();
      if (!this.warnedFull) this.warnFull();
      this.warnedFull = true;
    }
    this.queue.push(message);
  }

  /**
   * Whether a window message is one the plugin's HTML in this frame sent its plugin. The frame's
   * ready signal is taken here (it opens the queue) and is not the plugin's.
   */
  fromPlugin(event: MessageEvent): boolean {
    if (event.source === null || event.source !== this.element.contentWindow) return false;
    if (!isReady(event.data)) return true;
    if (event.data.orbisPluginReady === this.token && this.state === 'sent') this.ready();
    return false;
  }

  private loaded(): void {
    // Later loads are the HTML's own (its document.close, its navigations): they get nothing of ours.
    if (this.state !== 'loading') return;
    this.state = 'sent';
    this.element.contentWindow?.postMessage({ orbisPluginHtml: this.html, orbisFrameToken: this.token }, '*');
  }

  private ready(): void {
    this.state = 'ready';
    const queue = this.queue;
    this.queue = [];
    this.warnedFull = false;
    const target = this.element.contentWindow;
    for (const message of queue) target?.postMessage(message, '*');
  }
}

const clampPx = (px: number) => `${Math.min(Math.max(px, 20), 2000)}px`;

/**
 * A frame size option (checked by the `frameSize` argument kind) as the CSS its iframe gets: a
 * number, or a "px" string, is CSS pixels kept within 20 to 2000; another CSS length ("50%",
 * "20vh", "auto") is applied as given, as Re:Earth does; anything else is `fallback` pixels.
 */
export function cssSize(value: unknown, fallback: number): string {
  if (typeof value === 'number' && Number.isFinite(value)) return clampPx(value);
  if (typeof value !== 'string' || !CSS_SIZE.test(value)) return clampPx(fallback);
  return value.endsWith('px') ? clampPx(Number.parseFloat(value)) : value;
}
