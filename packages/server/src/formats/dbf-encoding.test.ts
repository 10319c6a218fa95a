import { describe, expect, it } from 'vitest';
import { dbfEncoding } from './dbf-encoding.js';

const dbfWithDriver = (id: number) => Object.assign(new Uint8Array(32), { 29: id });

describe('a shapefile text encoding', () => {
  it("is the .cpg's, in any of its spellings", () => {
    for (const cpg of ['CP932', '932', 'SJIS', 'Shift_JIS', ' cp932\n']) expect(dbfEncoding(cpg, dbfWithDriver(0)), cpg).toMatch(/^(shift_jis|sjis)$/i);
    expect(dbfEncoding('UTF-8', dbfWithDriver(0x13))).toBe('utf-8');
    expect(dbfEncoding('ANSI 1252', dbfWithDriver(0))).toBe('windows-1252');
  });

  it("else the language driver's, else UTF-8; undefined for an encoding nothing decodes", () => {
    expect(dbfEncoding(undefined, dbfWithDriver(0x13))).toBe('shift_jis');
    expect(dbfEncoding(undefined, dbfWithDriver(0))).toBe('utf-8');
    expect(dbfEncoding('KLINGON-9', dbfWithDriver(0))).toBeUndefined();
  });
});
