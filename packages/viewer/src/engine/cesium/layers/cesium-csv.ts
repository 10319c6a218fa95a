import { Cartesian3, Color, CustomDataSource } from 'cesium';
import type { CsvPoint } from '../../csv-points.js';
import { uniqueId } from '../vector/batch-builder.js';

/**
 * A small CSV layer (docs/contract.md §7) on CesiumJS's entities: one point entity per row parsed by
 * `csvPoints` (in the layer worker), with every other column as a property. Until an appearance
 * says otherwise, a point is a small white dot with a dark outline.
 */
export function csvDataSource(points: CsvPoint[], skipped: number, name: string): CustomDataSource {
  if (skipped > 0) console.warn(`[orbis] CSV layer "${name}": ${skipped} row(s) without a valid position were skipped`);
  const source = new CustomDataSource(name);
  source.entities.suspendEvents();
  const taken = new Set<string>();
  points.forEach((p, i) => {
    source.entities.add({
      // The id column's value (deduped as on the batched path), else the row's number.
      id: uniqueId(p.id, i, taken),
      name: typeof p.properties.name === 'string' ? p.properties.name : undefined,
      position: Cartesian3.fromDegrees(p.lng, p.lat, p.height ?? 0),
      properties: p.properties,
      point: { pixelSize: 8, color: Color.WHITE, outlineColor: Color.BLACK, outlineWidth: 1 },
    });
  });
  source.entities.resumeEvents();
  return source;
}
