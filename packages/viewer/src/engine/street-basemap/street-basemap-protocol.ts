/** Where the worker reads an archive: its file's absolute URL and the headers that read it (the editor's token). */
export interface ArchiveRef {
  url: string;
  headers?: Record<string, string>;
}

/** The page asks the street basemap's worker for one painted tile, as an ImageBitmap for the globe or a PNG Blob for the editor's preview. */
export interface StreetTileRequest {
  id: number;
  archive: ArchiveRef;
  z: number;
  x: number;
  y: number;
  as: 'bitmap' | 'png';
}

/** The worker's answer: the tile, nothing where the archive has no tile to draw it from, or why it failed. */
export type StreetTileReply = { id: number; image: ImageBitmap | Blob } | { id: number; absent: true } | { id: number; error: string };
