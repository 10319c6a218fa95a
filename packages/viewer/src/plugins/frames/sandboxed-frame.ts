import { CSS_SIZE } from '../protocol/arg-schemas.js';
import { MAX_MESSAGES_PER_SECOND, MessageBudget } from '../host/message-budget.js';

/** The document each plugin frame loads (served with a policy that allows inline script). */
export const PLUGIN_FRAME_URL = '/app/plugin-frame.html';

/**
 * One plugin frame (`app.ui`, `app.modal`, `app.popup`), sandboxed the one way every plugin frame
 * is: `sandbox="allow-scripts"` (no same-origin), so its script runs in an opaque origin with no
 * access to the page, its cookies, storage or the plugins' sandboxes. It loads
 * {@link PLUGIN_FRAME_URL} and gets the plugin's HTML by postMessage: a `srcdoc` frame would
 * inherit the page's Content-Security-Policy, under which the plugin's inline scripts could not
 * run. Messages go both ways through postMessage only; those it sends are bounded by `received`.
 */
export class SandboxedFrame {
  readonly element: HTMLIFrameElement;
  /** Messages from the frame: at most {@link MAX_MESSAGES_PER_SECOND} a second pass. */
  readonly received: MessageBudget;
  private html = '';
  /** Messages posted before the frame has shown its HTML: sent right after it. */
  private queue: unknown[] | undefined = [];

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
    this.received = new MessageBudget(() => console.warn(`[plugin ${source}] its ${what} sent more than ${MAX_MESSAGES_PER_SECOND} messages in a second: dropping messages`));
  }

  /** Shows `html` in a fresh frame document (the last one has become the plugin's own). */
  show(html: string): void {
    this.html = html;
    this.queue ??= [];
    this.element.src = PLUGIN_FRAME_URL;
  }

  post(message: unknown): void {
    if (this.queue) this.queue.push(message);
    else this.element.contentWindow?.postMessage(message, '*');
  }

  /** Whether a window message came from this frame. */
  sent(event: MessageEvent): boolean {
    return event.source !== null && event.source === this.element.contentWindow;
  }

  private loaded(): void {
    const queue = this.queue;
    // Later loads are the plugin's own navigations: they get nothing of ours.
    if (!queue) return;
    this.queue = undefined;
    const target = this.element.contentWindow;
    target?.postMessage({ orbisPluginHtml: this.html }, '*');
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
