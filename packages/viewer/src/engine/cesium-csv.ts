import type { LayerData } from '@orbis/scene';
import { Cartesian3, Color, CustomDataSource, type Resource } from 'cesium';
import { csvPoints } from './csv-points.js';

/**
 * A CSV layer (SPEC §7): fetched as text, parsed by PapaParse (`csvPoints`), one point entity per
 * row with every other column as a property. Until an appearance says otherwise, a point is a
 * small white dot with a dark outline.
 */
export async function loadCsv(resource: Resource, name: string, data: LayerData | undefined): Promise<CustomDataSource> {
  const text = await resource.fetchText();
  if (text === undefined) throw new Error(`no CSV text at ${resource.url}`);
  const { points, skipped } = csvPoints(text, data);
  if (skipped > 0) console.warn(`[orbis] CSV layer "${name}": ${skipped} row(s) without a valid position were skipped`);
  const source = new CustomDataSource(name);
  source.entities.suspendEvents();
  points.forEach((p, i) => {
    source.entities.add({
      id: `${i + 1}`,
      name: typeof p.properties.name === 'string' ? p.properties.name : undefined,
      position: Cartesian3.fromDegrees(p.lng, p.lat, p.height ?? 0),
      properties: p.properties,
      point: { pixelSize: 8, color: Color.WHITE, outlineColor: Color.BLACK, outlineWidth: 1, },
    });
  });
  source.entities.resumeEvents();
  return source;
}
