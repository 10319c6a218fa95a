import { describe, expect, it } from 'vitest';
import { defaultScene } from './default-scene.js';
import type { Layer, Scene } from './scene-schema.js';
import { sceneProblem } from './scene-rules.js';

const points = (extra: Partial<Layer> = {}): Layer => ({
  id: 'p',
  title: 'Points',
  type: 'geojson',
  url: 'https://example.org/p.geojson',
  visible: true,
  ...extra,
});
const scene = (layers: Layer[], groups?: Scene['groups']): Scene => ({ ...defaultScene(), layers, ...(groups ? { groups } : {}) });

describe('docs/contract.md §18 layer fields: the rules across fields', () => {
  it('accepts groups, clusters, time and filters where they apply', () => {
    const layer = points({
      group: 'g1',
      cluster: { enabled: true, radius: 40, maxZoom: 14 },
      filters: [
        { property: 'capacity', type: 'range', label: 'Capacity' },
        { property: 'kind', type: 'choice' },
      ],
      data: { time: { property: 'start', endProperty: 'end' } },
    });
    expect(
      sceneProblem(
        scene(
          [layer, { ...points(), id: 'csv', type: 'csv', heatmap: { radius: 20, ramp: ['blue', 'red'] }, data: { time: { property: 't', duration: 3600 } } }],
          [{ id: 'g1', title: 'Shelters', visible: false, opacity: 0.5 }],
        ),
      ),
    ).toBeUndefined();
  });

  it('refuses a group the scene does not have, and two groups of one id', () => {
    expect(sceneProblem(scene([points({ group: 'nope' })]))).toEqual({ path: 'layers[0].group', message: 'names no group of scene.groups ("nope")' });
    expect(
      sceneProblem(
        scene(
          [],
          [
            { id: 'a', title: 'A' },
            { id: 'a', title: 'B' },
          ],
        ),
      )?.path,
    ).toBe('groups[1].id');
  });

  it('refuses clusters, heat maps, filters and time on layers whose features are not read whole', () => {
    const tiles: Layer = { id: 't', title: 'T', type: '3dtiles', url: 'https://example.org/tileset.json', visible: true };
    expect(sceneProblem(scene([{ ...tiles, cluster: { enabled: true } }]))?.path).toBe('layers[0].cluster');
    expect(sceneProblem(scene([{ ...tiles, heatmap: {} }]))?.path).toBe('layers[0].heatmap');
    expect(sceneProblem(scene([{ ...tiles, filters: [{ property: 'h', type: 'range' }] }]))?.path).toBe('layers[0].filters');
    expect(sceneProblem(scene([{ ...tiles, data: { time: { property: 't' } } }]))?.path).toBe('layers[0].data.time');
  });

  it('refuses a layer both clustered and a heat map, an end given twice, a filter repeated', () => {
    expect(sceneProblem(scene([points({ cluster: { enabled: true }, heatmap: {} })]))?.path).toBe('layers[0].heatmap');
    // A cluster switched off may stay beside a heat map (the editor keeps its settings).
    expect(sceneProblem(scene([points({ cluster: { enabled: false }, heatmap: {} })]))).toBeUndefined();
    expect(sceneProblem(scene([points({ data: { time: { property: 's', endProperty: 'e', duration: 60 } } })]))?.path).toBe('layers[0].data.time.duration');
    expect(
      sceneProblem(
        scene([
          points({
            filters: [
              { property: 'k', type: 'choice' },
              { property: 'k', type: 'choice', label: 'again' },
            ],
          }),
        ]),
      )?.path,
    ).toBe('layers[0].filters[1]');
  });

  it('refuses a story page time that is no date', () => {
    const page = { id: 'a', title: 'A', text: '', camera: defaultScene().camera };
    expect(sceneProblem({ ...defaultScene(), story: { pages: [{ ...page, time: '2026-01-02T00:00:00Z' }] } })).toBeUndefined();
    expect(sceneProblem({ ...defaultScene(), story: { pages: [{ ...page, time: '2026-13-01T00:00:00Z' }] } })?.path).toBe('story.pages[0].time');
  });
});
