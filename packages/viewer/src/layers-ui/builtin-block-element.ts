import type { BuiltinBlockId } from '../plugins/builtin-blocks.js';
import { h } from '../ui/dom.js';
import { renderMarkdown } from '../ui/markdown.js';
import type { BuiltinView, Padding } from './builtin-block-view.js';

/**
 * The view's content. Every text is set as text; Markdown goes through markdown-it (raw HTML off)
 * and DOMPurify; an image or video only from an http(s) address; a video player's frame is
 * sandboxed (its scripts run in the player's own origin, it cannot reach the page or navigate it)
 * and credentialless (no cookies of the player's site go with it).
 */
function content(view: BuiltinView): Node[] {
  switch (view.kind) {
    case 'properties':
      return view.rows.length === 0
        ? []
        : [h('dl', { class: 'orbis-infobox-fields' }, ...view.rows.flatMap((row) => [h('dt', {}, row.key), h('dd', {}, row.value)]))];
    case 'text':
      return [h('p', { class: 'orbis-builtin-text' }, view.text)];
    case 'image':
      return [h('img', { src: view.src, alt: '', loading: 'lazy', class: 'orbis-builtin-image' })];
    case 'markdown': {
      const body = h('div', { class: 'orbis-builtin-markdown' });
      renderMarkdown(body, view.source);
      return [body];
    }
    case 'link':
      return [
        view.href ? h('a', { href: view.href, target: '_blank', rel: 'noopener noreferrer' }, view.text) : h('p', { class: 'orbis-builtin-text' }, view.text),
      ];
    case 'video': {
      const video = view.video;
      if ('embed' in video) {
        return [
          h('iframe', {
            src: video.embed,
            class: 'orbis-builtin-video',
            sandbox: 'allow-scripts allow-same-origin allow-presentation allow-popups',
            // The page is cross-origin isolated (COEP `credentialless`, for the plugins' workers): a
            // player that sends no COEP header of its own loads only in a credentialless frame.
            credentialless: true,
            allow: 'fullscreen; picture-in-picture; encrypted-media',
            allowfullscreen: '',
            referrerpolicy: 'strict-origin-when-cross-origin',
            loading: 'lazy',
            title: video.embed,
          }),
        ];
      }
      if ('file' in video) return [h('video', { src: video.file, class: 'orbis-builtin-video', controls: true, preload: 'metadata', playsinline: '' })];
      return [h('a', { href: video.link, target: '_blank', rel: 'noopener noreferrer' }, video.link)];
    }
    case 'empty':
      return [];
  }
}

/** A built-in block drawn as an element of the infobox (`data-block` names it as Re:Earth does, `reearth/{id}`). */
export function builtinBlockElement(id: BuiltinBlockId, view: BuiltinView, padding: Padding | undefined): HTMLElement {
  const element = h('div', { class: 'orbis-builtin-block', 'data-block': `reearth/${id}`, 'data-kind': view.kind }, ...content(view));
  if (padding) element.style.padding = `${padding.top}px ${padding.right}px ${padding.bottom}px ${padding.left}px`;
  return element;
}
