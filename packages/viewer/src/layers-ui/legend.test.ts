import { describe, expect, it } from 'vitest';
import { legendGroups } from './legend.js';

describe('legendGroups of rasters (docs/contract.md §17)', () => {
  it('gives a visible geotiff layer with a ramp one row per class of its breaks, or its colours low to high', () => {
    const depth = {
      id: 'd',
      title: 'Flood depth',
      visible: true,
      type: 'geotiff' as const,
      data: { ramp: ['#eff3ff', 'rgb(107,174,214)', 'navy'], breaks: [0.5, 2000] },
    };
    expect(legendGroups([depth])).toEqual([
      {
        layerId: 'd',
        title: 'Flood depth',
        rows: [
          { label: '< 0.5', colorExpression: "color('#eff3ff')" },
          { label: '0.5–2,000', colorExpression: "color('rgb(107,174,214)')" },
          { label: '≥ 2,000', colorExpression: "color('navy')" },
        ],
      },
    ]);
    expect(legendGroups([{ ...depth, data: { ramp: ['black', 'grey', 'white'] } }])[0]!.rows.map((r) => r.label)).toEqual(['low', '', 'high']);
    // Hidden, a hillshade, or no ramp: no legend.
    expect(
      legendGroups([
        { ...depth, visible: false },
        { ...depth, data: { ...depth.data, hillshade: true } },
        { ...depth, data: {} },
      ]),
    ).toEqual([]);
  });
});
