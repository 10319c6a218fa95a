import {
  type Bbox,
  Labeler,
  type LabelRule,
  type PaintRule,
  PmtilesSource,
  type PreparedTile,
  TileCache,
  type TileSource,
  type TileTransform,
  View,
  paint,
} from 'protomaps-leaflet';
import type { PMTiles } from 'pmtiles';
import { summarizePmtiles } from '../pmtiles-archive.js';
import { type VectorSchema, schemaOf, toStreetLayers } from './openmaptiles-schema.js';
import { STREET_BACKGROUND, streetLabelRules, streetPaintRules } from './street-style.js';

/** The size of a painted tile in pixels, as CesiumJS's web Mercator imagery asks for them. */
export const TILE_SIZE = 256;

/** Levels painted past an archive's deepest one, from its deepest tiles, so streets stay in sight closer in. */
export const OVERZOOM_LEVELS = 4;

/** The deepest level painted at all: the label index of protomaps-leaflet measures the world in 32-bit pixels (256 << 22). */
export const MAX_PAINTED_LEVEL = 22;

type Point = Parameters<typeof paint>[6];
type Context = CanvasRenderingContext2D;

/**
 * Paints the tiles of a vector PMTiles archive as a street basemap (docs/contract.md §14) with
 * protomaps-leaflet's painter and Protomaps' light style: each tile's features decoded once and
 * kept (a few dozen tiles), a tile past the archive's deepest level drawn from its ancestor there,
 * and only labels that lie wholly inside the tile, so none is cut at a tile's edge.
 */
export class StreetPainter {
  private readonly view: View;
  private readonly absent = new Set<string>();
  private readonly paintRules: PaintRule[] = streetPaintRules();
  private readonly labelRules: LabelRule[];

  /** `schema` is what the archive's metadata says; without it each tile's layer names tell. */
  constructor(archive: Pick<PMTiles, 'getZxy'>, maxZoom: number, schema: VectorSchema | undefined, lang: string) {
    this.labelRules = streetLabelRules(lang);
    // A tile the archive lacks is told apart from an empty one: the globe shows the level above there.
    const reader = {
      getZxy: async (z: number, x: number, y: number, signal?: AbortSignal) => {
        const tile = await archive.getZxy(z, x, y, signal);
        if (!tile) this.absent.add(`${z}/${x}/${y}`);
        return tile;
      },
    };
    // No cancelling of other levels' reads: CesiumJS asks for several levels at once.
    const decoded = new PmtilesSource(reader as unknown as ConstructorParameters<typeof PmtilesSource>[0], false);
    const source: TileSource = {
      get: async (c, size) => {
        const layers = await decoded.get(c, size);
        return toStreetLayers(layers, schema ?? schemaOf(layers.keys()));
      },
    };
    this.view = new View(new TileCache(source, TILE_SIZE), maxZoom, 0);
  }

  /** Which tile of the archive a tile of the globe is drawn from, at what scale and where (overzoom past the deepest level). */
  dataTileOf(z: number, x: number, y: number): TileTransform {
    return this.view.dataTileForDisplayTile({ z, x, y });
  }

  /** Paints tile z/x/y into `canvas` (TILE_SIZE square); false where the archive has no tile to draw it from. */
  async paint(z: number, x: number, y: number, canvas: OffscreenCanvas): Promise<boolean> {
    const prepared: PreparedTile = await this.view.getDisplayTile({ z, x, y });
    const { dataTile } = prepared;
    if (this.absent.has(`${dataTile.z}/${dataTile.x}/${dataTile.y}`)) return false;
    const ctx = canvas.getContext('2d') as unknown as Context;
    ctx.fillStyle = STREET_BACKGROUND;
    ctx.fillRect(0, 0, TILE_SIZE, TILE_SIZE);
    const tiles = new Map([['', [prepared]]]);
    const origin = { x: x * TILE_SIZE, y: y * TILE_SIZE } as Point;
    const bbox: Bbox = { minX: origin.x, minY: origin.y, maxX: origin.x + TILE_SIZE, maxY: origin.y + TILE_SIZE };
    paint(ctx, z, tiles, null, this.paintRules, bbox, origin, false);
    const labeler = new Labeler(z, ctx, this.labelRules, 16);
    labeler.add(tiles);
    for (const label of labeler.index.searchBbox(bbox, Infinity)) {
      if (!label.bboxes.every((b) => inside(b, bbox))) continue;
      ctx.save();
      ctx.translate(label.anchor.x - origin.x, label.anchor.y - origin.y);
      label.draw(ctx);
      ctx.restore();
    }
    return true;
  }
}

/** A painter of a vector archive, its levels and schema read from its header and metadata; labels in `lang` where names in it exist. */
export async function openStreetPainter(archive: PMTiles, lang: string): Promise<StreetPainter> {
  const summary = await summarizePmtiles(archive);
  return new StreetPainter(archive, summary.maxZoom, summary.vectorLayers && schemaOf(summary.vectorLayers), lang);
}

/** Whether box `a` lies wholly inside box `b`. */
export function inside(a: Bbox, b: Bbox): boolean {
  return a.minX >= b.minX && a.minY >= b.minY && a.maxX <= b.maxX && a.maxY <= b.maxY;
}
