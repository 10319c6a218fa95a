import type { ListedAsset } from '../store/store.js';

/**
 * Stands in a stored fragment for `{publicUrl}/files/{alias}`, which is left out because
 * ORBIS_PUBLIC_URL may change between starts. U+0001 never appears raw in JSON text (it is always
 * escaped), and unlike U+0000 both SQLite and PostgreSQL keep it in a text column.
 */
export const ORIGIN_MARK = '\u0001';

/** The asset fields a record shows: its public flag and where its bytes are stay out. */
export type RecordFields = Pick<ListedAsset, 'id' | 'name' | 'contentType' | 'size' | 'files' | 'createdAt' | 'updatedAt'>;

/** The inside of a JSON string literal: what JSON.stringify writes between the quotes. */
function jsonInner(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

function markedUrl(assetId: string, path: string): string {
  return `"${ORIGIN_MARK}/${assetId}/${jsonInner(encodePath(path))}"`;
}

/**
 * An asset's public record as JSON text, made once when the asset is written so that a listing
 * only joins stored texts: the same keys in the same order as `assetRecord` (docs/contract.md §2), with
 * ORIGIN_MARK where each URL's origin and project go.
 */
export function recordFragment(asset: RecordFields): string {
  let text =
    `{"type":"asset","id":${JSON.stringify(asset.id)},"name":${JSON.stringify(asset.name)},"url":${markedUrl(asset.id, asset.name)}` +
    `,"contentType":${JSON.stringify(asset.contentType)},"size":${asset.size},"createdAt":${JSON.stringify(asset.createdAt)}` +
    `,"updatedAt":${JSON.stringify(asset.updatedAt)}`;
  if (asset.files) text += `,"files":[${asset.files.map((f) => markedUrl(asset.id, f.path)).join(',')}]`;
  return `${text}}`;
}

/**
 * Turns stored fragments (one, or several joined) into final JSON for one project: each mark
 * becomes the project's files URL. `origin` is the JSON-escaped `{publicUrl}/files/{alias}`
 * from `fragmentOrigin`.
 */
export function spliceOrigin(fragments: string, origin: string): string {
  // Split and join, not replaceAll: a replacement string would read `$&`, `$'` and `$$` (legal
  // in a URL) as patterns, and a replacer function costs a call per URL (two per asset).
  return fragments.split(ORIGIN_MARK).join(origin);
}

/** What ORIGIN_MARK stands for in a project's records, escaped for use inside a JSON string. */
export function fragmentOrigin(publicUrl: string, projectAlias: string): string {
  return jsonInner(`${publicUrl}/files/${encodeURIComponent(projectAlias)}`);
}

/** A record fragment with the management API's `public` flag as its last key. */
export function withPublicFlag(fragment: string, isPublic: boolean): string {
  return `${fragment.slice(0, -1)},"public":${isPublic}}`;
}

/** A `/`-separated path with each segment URL-encoded. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
