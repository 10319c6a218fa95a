/** A heat map's colours (docs/contract.md §18 `heatmap.ramp`) when its layer gives none: clear, then blue to red. */
export const HEATMAP_RAMP = ['rgba(0,0,255,0)', 'rgba(0,0,255,0.6)', 'cyan', 'lime', 'yellow', 'red'] as const;
