/**
 * The dBASE language driver ids (byte 29 of a `.dbf`) that name a code page, as ArcGIS writes
 * them, mapped to WHATWG encoding labels (what TextDecoder takes). 0 means "not said".
 */
const LANGUAGE_DRIVERS: Record<number, string> = {
  0x01: 'ibm437',
  0x02: 'ibm850',
  0x03: 'windows-1252',
  0x13: 'shift_jis',
  0x4d: 'gbk',
  0x4e: 'euc-kr',
  0x4f: 'big5',
  0x57: 'windows-1252',
  0x58: 'windows-1252',
  0x59: 'windows-1252',
  0x64: 'ibm852',
  0x65: 'ibm866',
  0x78: 'big5',
  0x79: 'euc-kr',
  0x7a: 'gbk',
  0x7b: 'shift_jis',
  0x7c: 'windows-874',
  0xc8: 'windows-1250',
  0xc9: 'windows-1251',
  0xca: 'windows-1254',
  0xcb: 'windows-1253',
};

/** `.cpg` spellings that are not WHATWG labels: Windows code page numbers and their aliases. */
const CODE_PAGES: Record<string, string> = {
  '932': 'shift_jis',
  cp932: 'shift_jis',
  '936': 'gbk',
  cp936: 'gbk',
  '949': 'euc-kr',
  '950': 'big5',
  '65001': 'utf-8',
  utf8: 'utf-8',
  '28591': 'iso-8859-1',
  '88591': 'iso-8859-1',
};

function decodable(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

/**
 * The TextDecoder label of a shapefile's text: its `.cpg` when it has one (`UTF-8`, `CP932`,
 * `932`, `SJIS` …), else its `.dbf`'s language driver, else UTF-8 (what GDAL writes by default
 * since 3.x, and a superset of ASCII). Undefined when the `.cpg` names an encoding no decoder
 * knows: the caller refuses the file rather than garble its text.
 */
export function dbfEncoding(cpg: string | undefined, dbf: Uint8Array): string | undefined {
  const said = cpg
    ?.trim()
    .replace(/^ANSI\s+/i, '')
    .toLowerCase();
  if (said) {
    const label = CODE_PAGES[said] ?? (/^\d+$/.test(said) ? `windows-${said}` : said);
    return decodable(label) ? label : undefined;
  }
  return LANGUAGE_DRIVERS[dbf[29] ?? 0] ?? 'utf-8';
}
