import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CursorCodec, InvalidCursorError } from './cursor.js';

describe('CursorCodec', () => {
  const codec = new CursorCodec('a-secret-of-enough-length');

  it('round-trips a position and stays opaque', () => {
    const cursor = codec.encode({ scope: 'P', afterId: '01JDA8AAAAAAAAAAAAAAAAAAAA' });
    expect(cursor).not.toContain('01JDA8');
    expect(codec.decode(cursor)).toEqual({ scope: 'P', afterId: '01JDA8AAAAAAAAAAAAAAAAAAAA' });
  });

  it('is accepted by another codec with the same secret and refused under another', () => {
    const cursor = codec.encode({ scope: 'P', afterId: 'X' });
    expect(new CursorCodec('a-secret-of-enough-length').decode(cursor)).toEqual({ scope: 'P', afterId: 'X' });
    expect(() => new CursorCodec('another-secret-entirely').decode(cursor)).toThrow(InvalidCursorError);
  });

  it('signs with HMAC-SHA256 under the secret as UTF-8 text, as cursors already handed out were signed', () => {
    const secret = 'sécret-ü-of-enough-length';
    const payload = Buffer.from('1|P|01JDA8AAAAAAAAAAAAAAAAAAAA').toString('base64url');
    const tag = createHmac('sha256', secret).update(payload).digest().subarray(0, 16).toString('base64url');
    expect(new CursorCodec(secret).decode(`${payload}.${tag}`)).toEqual({ scope: 'P', afterId: '01JDA8AAAAAAAAAAAAAAAAAAAA' });
    expect(new CursorCodec(secret).encode({ scope: 'P', afterId: '01JDA8AAAAAAAAAAAAAAAAAAAA' })).toBe(`${payload}.${tag}`);
  });

  it('refuses altered and made-up cursors', () => {
    const cursor = codec.encode({ scope: 'P', afterId: 'X' });
    const [payload, mac] = cursor.split('.') as [string, string];
    const forged = Buffer.from('1|P|Y').toString('base64url');
    for (const bad of [
      '',
      'abc',
      `${forged}.${mac}`,
      `${payload}.${mac.slice(0, -1)}`,
      `${payload}.${mac}x`,
      `${payload}x.${mac}`,
      `.${mac}`,
      'x'.repeat(5000),
    ]) {
      expect(() => codec.decode(bad), bad).toThrow(InvalidCursorError);
    }
  });

  it('refuses every other spelling of a valid tag', () => {
    const cursor = codec.encode({ scope: 'P', afterId: '01JDA8AAAAAAAAAAAAAAAAAAAA' });
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = cursor.at(-1)!;
    for (const c of alphabet) {
      if (c === last) continue;
      expect(() => codec.decode(cursor.slice(0, -1) + c), c).toThrow(InvalidCursorError);
    }
    for (const suffix of ['=', '==', '!', ' ', '%20']) {
      expect(() => codec.decode(cursor + suffix), suffix).toThrow(InvalidCursorError);
    }
    const [payload, mac] = cursor.split('.') as [string, string];
    expect(() => codec.decode(`${payload}.${mac.slice(0, 5)} ${mac.slice(5)}`)).toThrow(InvalidCursorError);
    expect(() => codec.decode(`${payload}==.${mac}`)).toThrow(InvalidCursorError);
  });

  it('refuses an empty secret', () => {
    expect(() => new CursorCodec('')).toThrow(/empty/);
  });
});
