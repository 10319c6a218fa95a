import type { Engine, LayerProgress } from '../../engine/engine.js';
import { h } from '../dom.js';
import './layer-progress.css';
import { formatNumber, t } from '../i18n.js';

/**
 * A discreet line at the viewer's bottom while large layers load (docs/viewer.md, "Large
 * layers"): how many of their features are drawn, as a bar and as text. It goes when all are.
 */
export function mountLayerProgress(element: HTMLElement, engine: Pick<Engine, 'onLayerProgress'>): () => void {
  const bar = h('progress', { class: 'layer-progress-bar', max: '1', value: '0' }) as HTMLProgressElement;
  const text = h('span', { class: 'layer-progress-text' });
  const box = h('div', { class: 'layer-progress', role: 'status', 'data-testid': 'layer-progress', hidden: true }, bar, text);
  element.append(box);
  const layers = new Map<string, LayerProgress>();
  return engine.onLayerProgress((p) => {
    layers.set(p.layerId, p);
    let loaded = 0;
    let total = 0;
    for (const l of layers.values()) [loaded, total] = [loaded + l.loaded, total + l.total];
    const done = loaded >= total;
    box.hidden = done;
    if (done) layers.clear();
    bar.value = total ? loaded / total : 1;
    text.textContent = t('layers.loading', { loaded: formatNumber(loaded), total: formatNumber(total) });
  });
}
