import {
  BillboardCollection,
  Cartesian2,
  Cartesian3,
  ClassificationType,
  Color,
  ColorGeometryInstanceAttribute,
  GeometryInstance,
  GroundPolylineGeometry,
  GroundPolylinePrimitive,
  GroundPrimitive,
  HeightReference,
  LabelCollection,
  LabelStyle,
  PerInstanceColorAppearance,
  PointPrimitiveCollection,
  PolygonGeometry,
  PolygonHierarchy,
  PolygonOutlineGeometry,
  PolylineColorAppearance,
  PolylineGeometry,
  Primitive,
  type PrimitiveCollection,
  type Scene,
  ShowGeometryInstanceAttribute,
  SimplePolylineGeometry,
  WallGeometry,
  VerticalOrigin,
} from 'cesium';
import type { Marker, ShapePrimitive } from './drawn-batches.js';
import type { FeatureBatch, PointColumns, ShapePart } from '../../vector/vector-protocol.js';

/** What a picked primitive of the batched path carries as its `id`: its layer and feature index. */
export class VectorPick {
  constructor(
    readonly owner: object,
    readonly index: number,
  ) {}
}

/** A clustered or heat map layer's batches add no markers: the clusters' view or the heat map draws its points. */
export const NO_POINTS: PointColumns = {
  feature: new Uint32Array(0),
  positions: new Float64Array(0),
  color: new Uint8Array(0),
  outlineColor: new Uint8Array(0),
  size: new Float32Array(0),
  outlineWidth: new Float32Array(0),
  show: new Uint8Array(0),
  clamp: new Uint8Array(0),
  image: [],
  imageSize: new Float32Array(0),
  label: [],
  labelSize: new Float32Array(0),
  labelColor: new Uint8Array(0),
};

/** Polygons and lines per CesiumJS `Primitive`: small enough that unpacking one stays a short task on the page. */
export const SHAPES_PER_PRIMITIVE = 5_000;

const color = (c: ArrayLike<number>, at = 0) => Color.fromBytes(c[at], c[at + 1], c[at + 2], c[at + 3]);

/** Colours by their RGBA bytes: a layer has few, and CesiumJS copies the one it is given. */
class ColorCache {
  private readonly colors = new Map<number, Color>();
  get(c: ArrayLike<number>, at: number): Color {
    const key = ((c[at]! << 24) | (c[at + 1]! << 16) | (c[at + 2]! << 8) | c[at + 3]!) >>> 0;
    let color = this.colors.get(key);
    if (!color) this.colors.set(key, (color = Color.fromBytes(c[at], c[at + 1], c[at + 2], c[at + 3])));
    return color;
  }
}

/**
 * Adds one batch's points to `into` as collections of CesiumJS point primitives, billboards (image
 * markers) and labels, each point's `id` a VectorPick, a few at a time (`add(count)`), so that the
 * page can stop between them and keep its tasks short. `markers` holds each point's marker, in the
 * batch's point order, once added.
 */
export class PointAdder {
  readonly markers: Marker[];
  private next = 0;
  private readonly colors = new ColorCache();
  private readonly position = new Cartesian3();
  private points: PointPrimitiveCollection | undefined;
  private billboards: BillboardCollection | undefined;
  private labels: LabelCollection | undefined;

  constructor(
    private readonly into: PrimitiveCollection,
    private readonly scene: Scene,
    private readonly batch: FeatureBatch,
    private readonly picks: (index: number) => VectorPick,
  ) {
    this.markers = new Array(batch.points.feature.length);
  }

  /** Whether every point is added. */
  get done(): boolean {
    return this.next >= this.markers.length;
  }

  /** Adds at most `count` more points; returns whether every point is added. */
  add(count: number): boolean {
    const p = this.batch.points;
    const { into, scene, colors, position, markers } = this;
    const end = Math.min(markers.length, this.next + count);
    for (let i = this.next; i < end; i++) {
      Cartesian3.fromElements(p.positions[i * 3]!, p.positions[i * 3 + 1]!, p.positions[i * 3 + 2]!, position);
      const id = this.picks(p.feature[i]!);
      const show = p.show[i] === 1;
      const heightReference = p.clamp[i] ? HeightReference.CLAMP_TO_GROUND : HeightReference.NONE;
      const image = p.image[i];
      let offset: number;
      if (image) {
        this.billboards ??= into.add(new BillboardCollection({ scene })) as BillboardCollection;
        markers[i] = this.billboards.add({ position, image, scale: p.imageSize[i], verticalOrigin: VerticalOrigin.BOTTOM, heightReference, show, id });
        offset = 0;
      } else {
        this.points ??= into.add(new PointPrimitiveCollection()) as PointPrimitiveCollection;
        markers[i] = this.points.add({
          position,
          color: colors.get(p.color, i * 4),
          pixelSize: p.size[i],
          outlineColor: colors.get(p.outlineColor, i * 4),
          outlineWidth: p.outlineWidth[i],
          show,
          id,
        });
        offset = p.size[i]! / 2;
      }
      const text = p.label[i];
      if (text !== undefined && show) {
        this.labels ??= into.add(new LabelCollection({ scene })) as LabelCollection;
        this.labels.add({
          position,
          text,
          font: `${p.labelSize[i]}px sans-serif`,
          fillColor: colors.get(p.labelColor, i * 4),
          style: LabelStyle.FILL_AND_OUTLINE,
          outlineColor: Color.BLACK,
          outlineWidth: 3,
          verticalOrigin: VerticalOrigin.BOTTOM,
          pixelOffset: new Cartesian2(0, -(offset + 4)),
          heightReference,
          id,
        });
      }
    }
    this.next = end;
    return this.done;
  }
}

function instanceAttributes(c: ArrayLike<number>, show: boolean) {
  return { color: ColorGeometryInstanceAttribute.fromColor(color(c)), show: new ShowGeometryInstanceAttribute(show) };
}

const degrees = (flat: number[]) => Cartesian3.fromDegreesArrayHeights(flat);
const hasHeight = (flat: number[]) => flat.some((v, i) => i % 3 === 2 && v !== 0);

/** Positions at one height: [lng, lat, height, …] with every height `height`. */
const atHeight = (flat: number[], height: number) => flat.map((v, i) => (i % 3 === 2 ? height : v));

/**
 * The outline of a polygon a tile cut, from its lines (ShapePart.outline), as CesiumJS draws a
 * polygon's own (PolygonOutlineGeometry): one-pixel lines, and for an extruded polygon the lines at
 * its foot and top and an upright at each corner, save at the ends of a line (they lie on the cut).
 */
function cutOutline(lines: number[][], extrudedHeight: number | undefined): SimplePolylineGeometry[] {
  if (extrudedHeight === undefined) return lines.map((line) => new SimplePolylineGeometry({ positions: degrees(line) }));
  const out: SimplePolylineGeometry[] = [];
  for (const line of lines) {
    for (const height of [0, extrudedHeight]) out.push(new SimplePolylineGeometry({ positions: degrees(atHeight(line, height)) }));
    const n = line.length / 3;
    const closed = line[0] === line[(n - 1) * 3] && line[1] === line[(n - 1) * 3 + 1];
    for (let i = closed ? 0 : 1; i < n - 1; i++) {
      const [lng, lat] = [line[i * 3]!, line[i * 3 + 1]!];
      out.push(new SimplePolylineGeometry({ positions: degrees([lng, lat, 0, lng, lat, extrudedHeight]) }));
    }
  }
  return out;
}

/**
 * The volume of an extruded polygon a tile cut, without walls along the cut: its top and bottom,
 * and walls along its outline's lines (ShapePart.outline) only. CesiumJS's extruded PolygonGeometry walls
 * every side, the cut's too, which a translucent fill shows inside the volume. A WallGeometry faces
 * the right of its line's direction; tile-clip.ts winds an outer ring clockwise on a north-up map
 * and holes the other way, so each line is walked backwards for its wall to face out of the volume
 * (an opaque closed appearance culls the inner faces, as it does an extruded polygon's; a
 * translucent one draws them too). Its bottom is a polygon at height 0 as well, which faces up, not
 * down: inside the volume, only a translucent fill shows it, with both faces alike.
 */
function cutVolume(hierarchy: PolygonHierarchy, lines: number[][], extrudedHeight: number): (PolygonGeometry | WallGeometry)[] {
  const [top, bottom] = [extrudedHeight, 0].map(
    (height) => new PolygonGeometry({ polygonHierarchy: hierarchy, height, vertexFormat: PerInstanceColorAppearance.VERTEX_FORMAT }),
  );
  const walls = lines.map((line) => {
    const n = line.length / 3;
    const backwards = Array.from({ length: n }, (_, i) => line.slice((n - 1 - i) * 3, (n - i) * 3)).flat();
    return new WallGeometry({
      positions: degrees(atHeight(backwards, 0)),
      minimumHeights: new Array<number>(n).fill(0),
      maximumHeights: new Array<number>(n).fill(extrudedHeight),
      vertexFormat: PerInstanceColorAppearance.VERTEX_FORMAT,
    });
  });
  return [top!, bottom!, ...walls];
}

/**
 * Adds one batch's lines and polygons to `into` as batched CesiumJS primitives: one `Primitive`
 * per kind and SHAPES_PER_PRIMITIVE parts, geometry built in CesiumJS's own workers, each
 * instance's colour and show per feature (its `id` a VectorPick). Ground-clamped parts go to
 * ground primitives. Returns the primitives made, each with the features it holds (to wait for
 * their `ready`, and to tell which features are drawn once it is). A feature with several
 * instances of one kind (a MultiPolygon, a cut outline) gets a pick per instance, `picks(index,
 * part)` with part 0, 1 …: a Primitive finds one instance's attributes by its id.
 */
export function addShapes(into: PrimitiveCollection, shapes: ShapePart[], picks: (index: number, part: number) => VectorPick): ShapePrimitive[] {
  const made: ShapePrimitive[] = [];
  const groups = new Map<string, { instances: GeometryInstance[]; features: number[] }>();
  /** Per group key, the feature of its last instance and that instance's part (a feature's shapes come one after another). */
  const last = new Map<string, { feature: number; part: number }>();
  const put = (
    key: string,
    feature: number,
    geometry: ConstructorParameters<typeof GeometryInstance>[0]['geometry'],
    attributes: ReturnType<typeof instanceAttributes>,
  ) => {
    const before = last.get(key);
    const part = before?.feature === feature ? before.part + 1 : 0;
    last.set(key, { feature, part });
    const group = groups.get(key) ?? { instances: [], features: [] };
    group.instances.push(new GeometryInstance({ geometry, id: picks(feature, part), attributes }));
    group.features.push(feature);
    groups.set(key, group);
  };
  for (const s of shapes) {
    if (s.kind === 'line') {
      const positions = degrees(s.positions);
      const geometry = s.clamp
        ? new GroundPolylineGeometry({ positions, width: s.strokeWidth })
        : new PolylineGeometry({ positions, width: s.strokeWidth, arcType: 1 });
      // A translucent colour (one of a faded group's, say) draws in CesiumJS's translucent pass.
      put(s.clamp ? 'groundLine' : `line:${s.strokeColor[3] < 255}`, s.feature, geometry, instanceAttributes(s.strokeColor, s.show));
      continue;
    }
    const hierarchy = new PolygonHierarchy(
      degrees(s.positions),
      (s.holes ?? []).map((h) => new PolygonHierarchy(degrees(h))),
    );
    const extruded = s.extrudedHeight !== undefined;
    const options = {
      polygonHierarchy: hierarchy,
      perPositionHeight: !s.clamp && !extruded && hasHeight(s.positions),
      ...(extruded ? { extrudedHeight: s.extrudedHeight, height: 0 } : {}),
    };
    if (s.fill) {
      const translucent = s.fill[3] < 255;
      const key = s.clamp && !extruded ? 'groundFill' : `fill:${extruded}:${translucent}`;
      const fills =
        extruded && s.outline
          ? cutVolume(hierarchy, s.outline, s.extrudedHeight!)
          : [new PolygonGeometry({ ...options, vertexFormat: PerInstanceColorAppearance.VERTEX_FORMAT })];
      for (const geometry of fills) put(key, s.feature, geometry, instanceAttributes(s.fill, s.show));
    }
    if (!s.stroke || s.clamp) continue;
    const outlines = s.outline ? cutOutline(s.outline, s.extrudedHeight) : [new PolygonOutlineGeometry(options)];
    for (const geometry of outlines) put(`outline:${s.strokeColor[3] < 255}`, s.feature, geometry, instanceAttributes(s.strokeColor, s.show));
  }
  for (const [key, { instances, features }] of groups) {
    for (let i = 0; i < instances.length; i += SHAPES_PER_PRIMITIVE) {
      const geometryInstances = instances.slice(i, i + SHAPES_PER_PRIMITIVE);
      made.push({
        primitive: into.add(primitiveFor(key, geometryInstances)) as { ready: boolean },
        features: Uint32Array.from(features.slice(i, i + SHAPES_PER_PRIMITIVE)),
      });
    }
  }
  return made;
}

function primitiveFor(key: string, geometryInstances: GeometryInstance[]): object {
  // Instances are kept (releaseGeometryInstances: false is not needed for attributes) so that colour and show can change per feature.
  const [kind, first, second] = key.split(':');
  switch (kind) {
    case 'groundLine':
      return new GroundPolylinePrimitive({ geometryInstances, appearance: new PolylineColorAppearance() });
    case 'groundFill':
      return new GroundPrimitive({
        geometryInstances,
        appearance: new PerInstanceColorAppearance({ flat: true, translucent: true }),
        classificationType: ClassificationType.BOTH,
      });
    case 'line':
      return new Primitive({ geometryInstances, appearance: new PolylineColorAppearance({ translucent: first === 'true' }) });
    case 'outline':
      return new Primitive({
        geometryInstances,
        appearance: new PerInstanceColorAppearance({ flat: true, translucent: first === 'true', renderState: { lineWidth: 1 } }),
      });
    default: {
      // `fill:{extruded}:{translucent}`
      return new Primitive({
        geometryInstances,
        appearance: new PerInstanceColorAppearance({ flat: first !== 'true', translucent: second === 'true', closed: first === 'true' }),
      });
    }
  }
}
