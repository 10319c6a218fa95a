import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Layer } from '@orbis/scene';
import { ModelService } from '../models/model-service.js';
import type { Project, Store } from '../store/store.js';

/** The demo's content model (docs/contract.md §10): the prefectural offices of `prefectures.csv`, as typed items. */
export const DEMO_MODEL = {
  key: 'offices',
  name: 'Prefectural offices',
  public: true,
  fields: [
    { key: 'prefecture', type: 'text', required: true },
    { key: 'office', type: 'text', name: 'Prefectural office' },
    { key: 'population', type: 'integer', name: 'Population (2020 census)' },
    { key: 'location', type: 'geometry' },
  ],
};

/** The model as a layer: a white dot at each office, over the prefectures' population markers. */
export const DEMO_MODEL_LAYER: Layer = {
  id: 'offices',
  title: 'Prefectural offices (content model)',
  type: 'geojson',
  model: DEMO_MODEL.key,
  visible: true,
  appearance: { marker: { style: 'point', pointColor: 'white', pointSize: 5 } },
  infobox: {
    title: '${office}',
    fields: [
      { label: 'Prefecture', value: '${prefecture}' },
      { label: 'Population (2020)', value: '${population}', format: 'number' },
    ],
  },
};

/** Creates the demo's model and its public items from the real CSV shipped in `demo-data` (source and licence in its README). */
export async function seedDemoModel(store: Store, project: Project, dataDir: string): Promise<void> {
  const models = new ModelService(store);
  const model = await models.create(project, DEMO_MODEL);
  const rows = parse(readFileSync(join(dataDir, 'prefectures.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
  async function* items() {
    for (const [i, row] of rows.entries()) {
      const values = {
        prefecture: row.prefecture,
        office: row.capital,
        population: Number(row.population),
        location: { type: 'Point', coordinates: [Number(row.lng), Number(row.lat)] },
      };
      yield { row: `prefectures.csv row ${i + 1}`, values };
    }
  }
  await models.importItems(project, model, items(), true, { type: 'admin' });
}
