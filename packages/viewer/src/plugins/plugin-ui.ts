/** Where a widget sits over the viewer. */
export type WidgetArea = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

/**
 * Shows plugins' own UI: each in an iframe with `srcdoc` and `sandbox="allow-scripts"` (no
 * same-origin), so its script runs in an opaque origin with no access to the page, its cookies,
 * storage or the plugins' sandboxes. Messages go both ways through postMessage only.
 */
export class PluginUi {
  private readonly frames = new Map<string, HTMLIFrameElement>();

  constructor(
    private readonly overlay: HTMLElement,
    private readonly areaOf: (source: string) => WidgetArea,
    private readonly onMessage: (source: string, message: unknown) => void,
  ) {
    window.addEventListener('message', (event) => {
      for (const [source, frame] of this.frames) {
        if (event.source === frame.contentWindow) this.onMessage(source, event.data);
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
      frame = document.createElement('iframe');
      frame.setAttribute('sandbox', 'allow-scripts');
      frame.setAttribute('referrerpolicy', 'no-referrer');
      frame.dataset.plugin = source;
      frame.className = 'orbis-widget';
      // Widgets of one corner stack instead of covering each other.
      this.area(this.areaOf(source)).append(frame);
      this.frames.set(source, frame);
    }
    frame.srcdoc = html;
    frame.style.width = `${clampSize(options.width, 300)}px`;
    frame.style.height = `${clampSize(options.height, 200)}px`;
    frame.hidden = options.visible === false;
  }

  post(source: string, message: unknown): void {
    this.frames.get(source)?.contentWindow?.postMessage(message, '*');
  }
}

function clampSize(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(Math.max(value, 20), 2000) : fallback;
}
