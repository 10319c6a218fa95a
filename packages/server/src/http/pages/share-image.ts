import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { InputError } from '../../input-error.js';
import type { Storage } from '../../storage/storage.js';
import type { Project, Store } from '../../store/store.js';
import { objectBody } from '../transport/json-body.js';

/** The largest sharing image the editor may send (a 1200×630 globe PNG is well under 2 MiB). */
export const SHARE_IMAGE_MAX_BYTES = 4 * 1024 * 1024;
/** The publish route's body limit: the image's base64 text and its JSON wrapper. */
export const PUBLISH_BODY_LIMIT = Math.ceil((SHARE_IMAGE_MAX_BYTES * 4) / 3) + 1024;
/** The image of a page published through the API alone (no editor to capture the globe). */
export const DEFAULT_SHARE_IMAGE = fileURLToPath(new URL('../../../static/og-default.png', import.meta.url));

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

const storageKey = (project: Project) => `${project.id}/share/og.png`;
/** Meta key holding the version (publish time) of a project's captured image, '' when it has none. */
const metaKey = (project: Project) => `share-image:${project.id}`;

/**
 * The PNG that a publish request carries: `{"image": "data:image/png;base64,…"}`, or nothing
 * (an empty body, `{}`). Anything else is a 400 naming `image`.
 */
export function publishImage(body: unknown): Buffer | undefined {
  const fields = objectBody(body, ['image'], true);
  if (fields.image === undefined) return undefined;
  const match = typeof fields.image === 'string' ? DATA_URL.exec(fields.image) : null;
  if (!match) throw new InputError('image', '"image" must be a PNG as a data URL (data:image/png;base64,…)');
  const bytes = Buffer.from(match[1]!, 'base64');
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new InputError('image', '"image" is not a PNG file');
  if (bytes.length > SHARE_IMAGE_MAX_BYTES) throw new InputError('image', `"image" is larger than ${SHARE_IMAGE_MAX_BYTES / 1024 / 1024} MiB`);
  return bytes;
}

/** Keeps the captured image of a publish, or forgets the previous one when the publish had none. */
export async function saveShareImage(store: Store, storage: Storage, project: Project, png: Buffer | undefined, version: string): Promise<void> {
  if (png) {
    await storage.put(storageKey(project), Readable.from([png]));
    await store.setMeta(metaKey(project), version);
  } else {
    await store.setMeta(metaKey(project), '');
    await storage.deletePrefix(`${project.id}/share`);
  }
}

/** The version of the project's captured image, or undefined when the default image stands. */
export async function shareImageVersion(store: Store, project: Project): Promise<string | undefined> {
  return (await store.getMeta(metaKey(project))) || undefined;
}

/** The captured image's bytes. */
export function readShareImage(storage: Storage, project: Project): Promise<Readable> {
  return storage.read(storageKey(project));
}
