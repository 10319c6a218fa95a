import MarkdownIt from 'markdown-it';
import { safeHtml } from './safe-html.js';

/**
 * Story text is Markdown written by a map maker and read by anyone who opens the published page,
 * so it is rendered by markdown-it with raw HTML off (it shows as text) and then sanitized by
 * DOMPurify ({@link safeHtml}): two independent layers, so a bug in one does not let script run.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

/** Renders Markdown into an element (replacing its content), safely. */
export function renderMarkdown(element: HTMLElement, text: string): void {
  element.replaceChildren(safeHtml(md.render(text)));
}
