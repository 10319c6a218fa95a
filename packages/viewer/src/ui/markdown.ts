import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';

/**
 * Story text is Markdown written by a map maker and read by anyone who opens the published page,
 * so it is rendered by markdown-it with raw HTML off (it shows as text) and then sanitized by
 * DOMPurify with a short allow-list: two independent layers, so a bug in one does not let script
 * run. Links may only be http(s) or mailto; images only http(s) URLs (and the page's own origin).
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

const ALLOWED_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'em', 'strong', 's', 'del', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'start', 'align'];
/** Absolute http(s) and mailto URLs, and relative ones (the page's own origin). */
const SAFE_URL = /^(?:https?:|mailto:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

let hooked = false;
function purifier(): typeof DOMPurify {
  if (!hooked) {
    // Links in story text open beside the story, never replacing the page or reaching its window.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
      if (node.tagName === 'IMG') node.setAttribute('loading', 'lazy');
    });
    hooked = true;
  }
  return DOMPurify;
}

/** Markdown to HTML that is safe to assign to `innerHTML`: no script, no event handlers, no `javascript:` links. */
export function markdownToSafeHtml(text: string): string {
  return purifier().sanitize(md.render(text), {
    ALLOWED_TAGS,
    ALLOWED_ATTR: [...ALLOWED_ATTR, 'target', 'rel', 'loading'],
    ALLOWED_URI_REGEXP: SAFE_URL,
    ALLOW_DATA_ATTR: false,
  });
}

/** Renders Markdown into an element (replacing its content), safely. */
export function renderMarkdown(element: HTMLElement, text: string): void {
  element.innerHTML = markdownToSafeHtml(text);
}
