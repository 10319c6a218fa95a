// app.spatialId (docs/contract.md §8): Re:Earth v2's Spatial ID (ZFXY) picker.
import type { ListenerOptions } from './common.js';

export interface SpatialIdPickSpaceOptions {
  /** The Spatial ID zoom level, an integer 0–25 (default: from the camera's height). */
  zoom?: number;
  /** The highest and lowest height a pick may have, in metres (defaults 2^24 and −2^24). */
  maxHeight?: number;
  minHeight?: number;
  /** The picked voxel's fill and outline, CSS colours. */
  color?: string;
  outlineColor?: string;
  /** The pick is reported, not drawn. */
  dataOnly?: boolean;
  /** A right-click ends picking (as `exitPickSpace`). */
  rightClickToExit?: boolean;
  /** Re:Earth's indicator colours are accepted and kept. */
  [option: string]: unknown;
}

/** A picked voxel, as the Spatial ID specification's Space describes it (what `@orbis/geo`'s `spatialIdSpace` returns). */
export interface SpatialIdSpace {
  /** Equals `zfxyStr`. */
  id: string;
  zfxy: { z: number; f: number; x: number; y: number };
  /** `/z/f/x/y`. */
  zfxyStr: string;
  tilehash: string;
  /** `H` and one digit 1–8 per zoom level. */
  hilbertTilehash: string;
  /** A decimal string (it outgrows 2^53). */
  hilbertIndex: string;
  zoom: number;
  /** The voxel centre's height in metres. */
  alt: number;
  center: { lng: number; lat: number; alt: number; height: number };
  /** The 8 corners `[lng, lat, height]`: the bottom four, then the top four. */
  vertices: [lng: number, lat: number, height: number][];
}

export interface SpatialIdEvents {
  spacePick: SpatialIdSpace;
}

/** `app.spatialId`: pick Spatial ID voxels on the globe. */
export interface SpatialId {
  /** Starts picking: sets the interaction mode to `spatialId`. @example app.spatialId.pickSpace({ zoom: 20, color: '#ffd200' }); */
  pickSpace(options?: SpatialIdPickSpaceOptions): void;
  /** Stops picking; the mode returns to `default`. @example app.spatialId.exitPickSpace(); */
  exitPickSpace(): void;
  /** @example app.spatialId.on('spacePick', (space) => console.log(space.zfxyStr, space.hilbertTilehash)); */
  on<E extends keyof SpatialIdEvents>(event: E, listener: (event: SpatialIdEvents[E]) => void, options?: ListenerOptions): () => void;
  /** @example app.spatialId.off('spacePick', onPick); */
  off<E extends keyof SpatialIdEvents>(event: E, listener: (event: SpatialIdEvents[E]) => void): void;
}
