import DOMPurify from 'dompurify';

/**
 * HTML from data (story Markdown once rendered, a KML balloon, a CZML description), made safe to show in the page:
 * DOMPurify with a short allow-list, so no script, no event handler, no frame, no form, no `style`; links only
 * http(s), mailto or relative, and they open beside the page (`noopener`); images only by such URLs.
 */
const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'div',
  'span',
  'em',
  'strong',
  'b',
  'i',
  'u',
  's',
  'del',
  'small',
  'sub',
  'sup',
  'a',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'code',
  'pre',
  'img',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'start', 'align', 'colspan', 'rowspan', 'target', 'rel', 'loading'];
/** Absolute http(s) and mailto URLs, and relative ones (the page's own origin). */
const SAFE_URL = /^(?:https?:|mailto:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

let purifier: ReturnType<typeof DOMPurify> | undefined;
function instance(): ReturnType<typeof DOMPurify> {
  if (!purifier) {
    // An instance of its own: its hook must not reach the page's Trusted Types policy (html-policy.ts).
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
      if (node.tagName === 'IMG') node.setAttribute('loading', 'lazy');
    });
  }
  return purifier;
}

/** `html` sanitized, as nodes to append: it never passes through an HTML sink of the page. */
export function safeHtml(html: string): DocumentFragment {
  return instance().sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP: SAFE_URL, ALLOW_DATA_ATTR: false, RETURN_DOM_FRAGMENT: true });
}
