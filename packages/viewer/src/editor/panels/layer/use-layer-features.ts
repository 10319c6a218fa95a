import { useEffect, useState } from 'preact/hooks';
import type { Engine } from '../../../engine/engine.js';

export type LayerFeaturesEngine = Pick<Engine, 'featureProperties' | 'onLayersChange' | 'onLayerProgress'>;

/**
 * The properties of a layer's features while a panel is open (`[]` while it is closed), read again
 * whenever the layer is drawn anew or has finished drawing its features: a load, or a restyle (a
 * plugin's override) that sends them again, may be under way when the panel draws, and the lists of
 * properties would otherwise stay empty until the next edit (docs/editor.md, "How the editor draws").
 */
export function useLayerFeatures(engine: LayerFeaturesEngine, layerId: string, open: boolean): Record<string, unknown>[] {
  const [, setReads] = useState(0);
  useEffect(() => {
    if (!open) return undefined;
    const readAgain = () => setReads((n) => n + 1);
    const stopLayers = engine.onLayersChange((change) => {
      if (change.loaded.includes(layerId)) readAgain();
    });
    // Only a finished draw: a large layer reports progress each frame, and its properties are many.
    const stopProgress = engine.onLayerProgress((p) => {
      if (p.layerId === layerId && p.loaded >= p.total) readAgain();
    });
    return () => {
      stopLayers();
      stopProgress();
    };
  }, [engine, layerId, open]);
  return open ? engine.featureProperties(layerId) : [];
}
