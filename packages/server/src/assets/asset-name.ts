/** The longest asset name, in UTF-8 bytes, as most file systems allow. */
export const MAX_NAME_BYTES = 255;

/** A name that is not acceptable, with the reason. */
export class AssetNameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AssetNameError';
  }
}

/**
 * A safe display name for an asset: the last path segment of what the client sent, without
 * control characters, trimmed, NFC. Throws AssetNameError when nothing usable is left or it is too long.
 */
export function cleanAssetName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  // C0 and C1 controls, and the bidirectional overrides that make "txt.exe" read as "exe.txt".
  const name = base
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    // A lone surrogate has no UTF-8 form and breaks encodeURIComponent: U+FFFD, as the databases would store it.
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .trim()
    .normalize('NFC');
  if (name === '' || name === '.' || name === '..') {
    throw new AssetNameError(`file name "${raw.slice(0, 80)}" has no usable name`);
  }
  if (Buffer.byteLength(name) > MAX_NAME_BYTES) {
    throw new AssetNameError(`file name is longer than ${MAX_NAME_BYTES} bytes`);
  }
  return name;
}
