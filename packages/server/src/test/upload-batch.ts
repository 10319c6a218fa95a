import { createCipheriv, createHash } from 'node:crypto';

/** A seeded generator of numbers in [0, 1) (mulberry32), so that a failing run can be replayed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One file of a planned upload; names are unique across a run, so a listed name says which file it is. */
export interface PlannedFile {
  name: string;
  bytes: Buffer;
  sha256: string;
}

/** One multipart request: its files are recorded all together or not at all. */
export interface PlannedUpload {
  files: PlannedFile[];
  isPublic: boolean;
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Bytes that look random and follow from `random` alone: AES-CTR over zeros, keyed by it. */
function randomBytesFrom(random: () => number, size: number): Buffer {
  const keyAndIv = Buffer.alloc(32);
  for (let i = 0; i < 32; i++) keyAndIv[i] = Math.floor(random() * 256);
  const cipher = createCipheriv('aes-128-ctr', keyAndIv.subarray(0, 16), keyAndIv.subarray(16));
  return cipher.update(Buffer.alloc(size));
}

/** A file size: mostly small, some of a few MB so that they are mid-stream when a kill comes. */
function plannedSize(random: () => number): number {
  const r = random();
  if (r < 0.4) return 1 + Math.floor(random() * 64 * 1024);
  if (r < 0.7) return 64 * 1024 + Math.floor(random() * 960 * 1024);
  return 1024 * 1024 + Math.floor(random() * 3 * 1024 * 1024);
}

/** `count` uploads for one round, smallest first; about a quarter of them carry two or three files. */
export function planUploads(random: () => number, round: number, count: number): PlannedUpload[] {
  const uploads: PlannedUpload[] = [];
  for (let u = 0; u < count; u++) {
    const fileCount = random() < 0.25 ? 2 + Math.floor(random() * 2) : 1;
    const files: PlannedFile[] = [];
    for (let f = 0; f < fileCount; f++) {
      const bytes = randomBytesFrom(random, plannedSize(random));
      files.push({ name: `r${round}-u${u}-f${f}.bin`, bytes, sha256: sha256(bytes) });
    }
    uploads.push({ files, isPublic: random() < 0.5 });
  }
  // Smaller first: the early ones are answered before a kill, the big ones are mid-stream at it.
  return uploads.sort((a, b) => uploadBytes(a) - uploadBytes(b));
}

const CHUNK = 64 * 1024;

/** A piece of a body; `file` marks a file's own bytes, which are what a kill point counts. */
interface Piece {
  bytes: Buffer;
  file: boolean;
}

/** The pieces of a multipart/form-data body, the `public` field first or last. */
function multipartPieces(upload: PlannedUpload, boundary: string, publicLast: boolean): Piece[] {
  const markup = (text: string): Piece => ({ bytes: Buffer.from(text), file: false });
  const field = markup(`--${boundary}\r\nContent-Disposition: form-data; name="public"\r\n\r\n${upload.isPublic}\r\n`);
  const pieces: Piece[] = publicLast ? [] : [field];
  for (const file of upload.files) {
    pieces.push(
      markup(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` + 'Content-Type: application/octet-stream\r\n\r\n'),
    );
    for (let at = 0; at < file.bytes.length; at += CHUNK) pieces.push({ bytes: file.bytes.subarray(at, at + CHUNK), file: true });
    pieces.push(markup('\r\n'));
  }
  if (publicLast) pieces.push(field);
  pieces.push(markup(`--${boundary}--\r\n`));
  return pieces;
}

/** The bytes a planned upload sends, as far as `onBytes` counts them. */
export function uploadBytes(upload: PlannedUpload): number {
  return upload.files.reduce((n, f) => n + f.bytes.length, 0);
}

/** What came of one upload: the response's status and body, or the error that cut it. */
export type UploadOutcome = { status: number; body: unknown } | { error: string };

/**
 * POSTs an upload with a streamed (chunked) body; `onBytes` hears of each file chunk just before
 * it is handed to the connection, so a caller can act at a chosen point of the stream, and the
 * chunk waits for the promise it may return.
 */
export async function sendStreamedUpload(
  url: string,
  headers: Record<string, string>,
  upload: PlannedUpload,
  publicLast: boolean,
  onBytes: (n: number) => Promise<void> | void,
): Promise<UploadOutcome> {
  const boundary = `----orbis-crash-${Math.random().toString(16).slice(2)}`;
  const pieces = multipartPieces(upload, boundary, publicLast);
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const piece = pieces[next++];
      if (!piece) return controller.close();
      if (piece.file) await onBytes(piece.bytes.length);
      controller.enqueue(piece.bytes);
    },
  });
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // kept as text for the failure message
    }
    return { status: res.status, body: parsed };
  } catch (err) {
    return { error: String((err as Error).cause ?? err) };
  }
}
