import type { Engine } from '../../engine/engine.js';
import { h } from '../dom.js';
import './basemap-notice.css';
import { t } from '../i18n.js';

/**
 * A notice over the globe while a basemap's tiles cannot be loaded (no network, its server down):
 * without it the globe only turns its bare colour (docs/viewer.md, "Basemaps"). It goes when the
 * basemaps change, or when the reader closes it.
 */
export function mountBasemapNotice(element: HTMLElement, engine: Pick<Engine, 'onBasemapFailure'>): () => void {
  const text = h('span', {});
  const close = h('button', { type: 'button', class: 'basemap-notice-close', 'aria-label': t('common.dismiss') }, '×');
  const box = h('div', { class: 'basemap-notice', role: 'status', 'data-testid': 'basemap-notice', hidden: true }, text, close);
  close.addEventListener('click', () => (box.hidden = true));
  element.append(box);
  return engine.onBasemapFailure((failure) => {
    box.hidden = failure === undefined;
    if (failure) text.textContent = t('basemap.failed', { source: failure.source });
  });
}
