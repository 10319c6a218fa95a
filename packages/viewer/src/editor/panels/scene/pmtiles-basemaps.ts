import { PMTILES_CONTENT_TYPE } from '@orbis/scene';
import { attributionText, openPmtiles, type PmtilesSummary, summarizePmtiles } from '../../../engine/pmtiles-archive.js';
import { paintStreetTile } from '../../../engine/street-basemap/street-basemap-client.js';
import type { EditorState } from '../../state/editor-state.js';
import type { AssetRecord } from '../../api/management-api.js';
import { t } from '../../../ui/i18n.js';

/** What the basemap picker shows of an archive: why it cannot be a basemap, or its credit and a tile of it. */
export interface PmtilesBasemapInfo {
  /** Why the archive is no basemap, in the map maker's words. */
  refusal?: string;
  /** The archive's `attribution` as text. */
  credit?: string;
  /**
   * A tile of the archive as an image: a raster one's over the middle of its bounds at its least
   * zoom, a vector one's painted at its centre. The picker makes an object URL of it while it
   * shows it, and revokes it once it shows something else.
   */
  preview?: Blob;
}

/** The project's PMTiles archives: the files a `pmtiles` basemap may name. */
export function pmtilesAssets(state: EditorState): AssetRecord[] {
  return state.assets.filter((a) => a.contentType === PMTILES_CONTENT_TYPE);
}

/** The tile at `zoom` that holds a point (degrees), in the web Mercator tiling every PMTiles archive has. */
export function tileAt(lng: number, lat: number, zoom: number): { z: number; x: number; y: number } {
  const n = 2 ** zoom;
  const rad = (Math.min(85.0511, Math.max(-85.0511, lat)) * Math.PI) / 180;
  const clamp = (v: number) => Math.min(n - 1, Math.max(0, Math.floor(v)));
  return { z: zoom, x: clamp(((lng + 180) / 360) * n), y: clamp(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n) };
}

/** Reads each archive the picker is shown once (by HTTP Range, as the globe does), and keeps what it learnt. */
export class PmtilesBasemaps {
  private readonly known = new Map<string, Promise<PmtilesBasemapInfo>>();

  constructor(private readonly state: EditorState) {}

  info(asset: AssetRecord): Promise<PmtilesBasemapInfo> {
    let info = this.known.get(asset.id);
    if (!info) {
      // A failed read (the network, a 503) is not kept: the next time the picker shows, it reads again.
      info = this.read(asset).catch((err: Error) => {
        this.known.delete(asset.id);
        return { refusal: t('basemap.unreadable', { name: asset.name, message: err.message }) };
      });
      this.known.set(asset.id, info);
    }
    return info;
  }

  private async read(asset: AssetRecord): Promise<PmtilesBasemapInfo> {
    const archive = openPmtiles(this.state.assetFile(asset.id)!);
    const summary: PmtilesSummary = await summarizePmtiles(archive);
    const credit = summary.attribution && attributionText(summary.attribution);
    if (summary.vector) {
      // Streets at the centre the archive's maker chose: its least zoom would show a city as a speck.
      const [lng, lat, zoom] = summary.center;
      const { z, x, y } = tileAt(lng, lat, zoom);
      const png = await paintStreetTile(this.state.assetFile(asset.id)!, z, x, y, 'png');
      return { credit, preview: png ?? undefined };
    }
    if (!summary.imageType) return { refusal: t('basemap.unknownTiles', { name: asset.name }) };
    const [w, s, e, n] = summary.bounds;
    const { z, x, y } = tileAt((w + e) / 2, (s + n) / 2, summary.minZoom);
    const tile = await archive.getZxy(z, x, y);
    return { credit, preview: tile && new Blob([tile.data], { type: summary.imageType }) };
  }
}
