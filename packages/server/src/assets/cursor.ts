import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

/**
 * Where a cursor points: after entry `afterId` of the listing `scope` names (a project's id for
 * its assets, `{projectId}/{modelId}` for a model's items; see `listing.ts` `cursorScope`). A
 * listing refuses a cursor made for another scope.
 */
export interface CursorPosition {
  scope: string;
  afterId: string;
}

/** A cursor that this service did not make, or that was altered. */
export class InvalidCursorError extends Error {
  constructor() {
    super('start_cursor is not a cursor this server made, or it was altered');
    this.name = 'InvalidCursorError';
  }
}

const VERSION = '1';
const MAC_BYTES = 16;

/**
 * Makes and checks opaque cursors: a position signed with HMAC-SHA256 under a secret that every
 * process of a deployment shares, so any process accepts any other's cursors. A cursor names an
 * asset id, not an index, so it stays valid as assets are added or deleted.
 */
export class CursorCodec {
  /** The secret as a key object, made once: createHmac would otherwise convert the text on every call. */
  private readonly key: KeyObject;

  constructor(secret: string) {
    if (secret === '') throw new TypeError('the cursor secret is empty');
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  encode(position: CursorPosition): string {
    const payload = Buffer.from(`${VERSION}|${position.scope}|${position.afterId}`).toString('base64url');
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /** The position a cursor names; throws InvalidCursorError for anything this codec did not make. */
  decode(cursor: string): CursorPosition {
    const dot = cursor.indexOf('.');
    if (dot <= 0 || cursor.length > 512) throw new InvalidCursorError();
    const payload = cursor.slice(0, dot);
    // Compare the tag as text: base64 decoding forgives padding, stray characters and spare bits,
    // so several spellings would decode to the same bytes and an altered cursor would pass.
    const given = Buffer.from(cursor.slice(dot + 1));
    const expected = Buffer.from(this.mac(payload).toString('base64url'));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new InvalidCursorError();
    const parts = Buffer.from(payload, 'base64url').toString('utf8').split('|');
    if (parts.length !== 3 || parts[0] !== VERSION) throw new InvalidCursorError();
    return { scope: parts[1]!, afterId: parts[2]! };
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, MAC_BYTES);
  }
}
