// Runs in the tile worker: it imports its neighbours by their `.ts` names (see tile-worker.ts).
import type { Readable } from 'node:stream';
import type { Feature } from 'geojson';
import { elementsOf, jsonElements } from '../json-elements.ts';

/**
 * The features of a GeoJSON FeatureCollection, one at a time as its bytes arrive: a file too large
 * for one string (V8 stops near 512 MiB) is read whole. Anything in `features` that is not an
 * object with a geometry is skipped (`index` is each one's place in `features`); a document that is
 * not JSON, or has no `features` array, throws, and so does a feature spanning more than
 * `maxFeatureBytes`, as soon as its bytes pass that.
 */
export async function* featuresOf(bytes: Readable, maxFeatureBytes: number): AsyncGenerator<{ index: number; feature: Feature }> {
  const tooLarge = (index: number) =>
    new Error(`feature ${index + 1} of the file spans more than ${maxFeatureBytes} bytes: a missing bracket, or a file that is no GeoJSON`);
  for await (const { key, value } of jsonElements(bytes, '$.features', { maxElementBytes: maxFeatureBytes, tooLarge })) {
    const feature = asFeature(value);
    if (feature) yield { index: key, feature };
  }
}

/**
 * The features of a GeoJSON FeatureCollection already parsed, as `featuresOf` gives them: JSON.parse
 * reads a file many times faster than a streaming parser, for files that fit in one string. A
 * document without the `features` array throws, as it does read as a stream.
 */
export function* featuresOfDocument(doc: unknown): Generator<{ index: number; feature: Feature }> {
  for (const [index, value] of elementsOf(doc, '$.features').entries()) {
    const feature = asFeature(value);
    if (feature) yield { index, feature };
  }
}

function asFeature(value: unknown): Feature | undefined {
  const f = value as Partial<Feature> | null;
  if (!f || typeof f !== 'object' || !f.geometry || typeof f.geometry !== 'object') return undefined;
  return { type: 'Feature', properties: f.properties ?? {}, geometry: f.geometry, ...(f.id === undefined ? {} : { id: f.id }) };
}
