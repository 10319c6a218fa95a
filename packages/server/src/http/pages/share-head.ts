/** Escapes text for an HTML attribute value or element content. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** What the published page's `<head>` says about it to people and to link previews. */
export interface ShareHead {
  title: string;
  description: string;
  /** The page's absolute URL. */
  url: string;
  /** The absolute URL of the sharing PNG. */
  image: string;
}

/**
 * The `<title>` and OpenGraph tags of a published page (docs/contract.md §9), plus the Twitter card that
 * most chat apps also read. Every value is escaped.
 */
export function shareHeadTags(head: ShareHead): string {
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    head.description ? `<meta name="description" content="${escapeHtml(head.description)}">` : '',
    meta('og:type', 'website'),
    meta('og:title', head.title),
    head.description ? meta('og:description', head.description) : '',
    meta('og:url', head.url),
    meta('og:image', head.image),
    meta('og:image:type', 'image/png'),
    `<meta name="twitter:card" content="summary_large_image">`,
  ]
    .filter(Boolean)
    .join('');
}

/** Puts the tags in place of the page's own `<title>`. */
export function withShareHead(html: string, head: ShareHead): string {
  return html.replace(/<title>[^<]*<\/title>/, () => shareHeadTags(head));
}
