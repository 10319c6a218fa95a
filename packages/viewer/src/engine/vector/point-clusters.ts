import Supercluster from 'supercluster';
import type { ClusterOptions } from './vector-protocol.js';
import type { SourceFeature } from './geojson-features.js';

type Leaf = { type: 'Feature'; geometry: { type: 'Point' | 'MultiPoint'; coordinates: number[] | number[][] }; properties: { i: number } };

/**
 * A clustered layer's points in the layer worker (docs/contract.md §18 `cluster`): supercluster's
 * index over the features that are points (a MultiPoint's every point), queried by the page for
 * the view it shows. The page never holds a marker per point of a clustered layer.
 */
export class PointClusters {
  private readonly index: Supercluster<{ i: number }>;

  /** `hidden`: 1 for each feature whose points its appearance's `show` (a filter, say) hides: those are not counted. */
  constructor(features: readonly SourceFeature[], options: ClusterOptions, hidden?: Uint8Array) {
    const leaves: Leaf[] = [];
    features.forEach((f, i) => {
      if (hidden?.[i] === 1) return;
      const g = f.geometry;
      if ((g?.type === 'Point' || g?.type === 'MultiPoint') && Array.isArray(g.coordinates))
        leaves.push({ type: 'Feature', geometry: g as Leaf['geometry'], properties: { i } });
    });
    this.index = new Supercluster<{ i: number }>({ radius: options.radius, maxZoom: options.maxZoom, extent: 256 });
    this.index.load(leaves as Parameters<Supercluster<{ i: number }>['load']>[0]);
  }

  /** The clusters and lone points in a box (degrees) at a zoom, flat: lng, lat, count, key (a cluster's id, a lone point's feature index). */
  clusters(bbox: [number, number, number, number], zoom: number): Float64Array {
    const found = this.index.getClusters(bbox, zoom);
    const out = new Float64Array(found.length * 4);
    found.forEach((f, n) => {
      const [lng, lat] = f.geometry.coordinates as [number, number];
      const p = f.properties as { cluster?: boolean; cluster_id?: number; point_count?: number; i?: number };
      out.set([lng, lat, p.cluster ? p.point_count! : 1, p.cluster ? p.cluster_id! : p.i!], n * 4);
    });
    return out;
  }

  /** The zoom at which a cluster splits into smaller clusters or points. */
  expansionZoom(clusterId: number): number {
    return this.index.getClusterExpansionZoom(clusterId);
  }
}
