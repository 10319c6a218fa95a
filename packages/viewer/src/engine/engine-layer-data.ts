import type { LayerData } from '@orbis/scene';
import type { CsvSettings } from './csv-points.js';

/** A layer's type settings: the scene's (docs/contract.md §7 `data`), and Re:Earth's `csv` of a plugin's layer (docs/contract.md §8). */
export type EngineLayerData = LayerData & CsvSettings;
