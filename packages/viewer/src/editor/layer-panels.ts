import type { EngineFeatures } from '../engine/engine-features.js';
import type { EditorState } from './editor-state.js';

/** What a layer's panels read of the engine: its features' properties and geometry kinds, and swatch colours. */
export type PanelEngine = Pick<EngineFeatures, 'featureProperties' | 'geometryKinds' | 'expressionColor'>;
type Make = (state: EditorState, engine: PanelEngine, layerId: string) => HTMLElement;

/**
 * A per-layer panel made once per layer, then reused: the Map tab draws its layer rows again on
 * each change, and a panel being typed in must keep its field, its focus and its open state.
 */
export function onePerLayer(make: Make): Make {
  const panels = new WeakMap<EditorState, Map<string, HTMLElement>>();
  return (state, engine, layerId) => {
    let byId = panels.get(state);
    if (!byId) panels.set(state, (byId = new Map()));
    let panel = byId.get(layerId);
    if (!panel) byId.set(layerId, (panel = make(state, engine, layerId)));
    return panel;
  };
}
