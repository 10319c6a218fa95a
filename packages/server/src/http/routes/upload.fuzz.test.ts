import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaseCounter, expectSane, fuzzRuns, fuzzTimeout } from '../../test/fuzz.js';
import { ADMIN_TOKEN, type Harness, startHarness } from '../../test/harness.js';

const BOUNDARY = 'fuzz-boundary-7f3a';

/** File names of every sort: ordinary, empty, dots, paths, control and bidi characters, quotes, huge, any unicode. */
const fileName = fc.oneof(
  fc.constantFrom(
    'wards.geojson',
    'a.czml',
    'ünïcödé 東京.kml',
    '',
    '.',
    '..',
    '../../etc/passwd',
    'a/b.json',
    'a\\b.json',
    'x\u0000y',
    'x\u202eb.exe',
    'q"uote.json',
    'semi;colon.json',
    'x\r\ny.json',
    ' ',
    'CON',
    '.hidden',
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 15 }),
  fc.nat({ max: 6000 }).map((n) => 'n'.repeat(n) + '.json'),
);

type Part = { kind: 'file'; field: string; name: string; type: string; content: Uint8Array } | { kind: 'field'; field: string; value: string };

const part: fc.Arbitrary<Part> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('file' as const),
      field: fc.constantFrom('file', 'file', 'file', 'upload', ''),
      name: fileName,
      type: fc.constantFrom('application/octet-stream', 'application/geo+json', 'text/html', '', 'x/y; z'),
      content: fc.uint8Array({ maxLength: 3000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('field' as const),
      field: fc.constantFrom('public', 'public', 'name', ''),
      value: fc.constantFrom('true', 'false', 'TRUE', '1', '', 'yes', 'true\r\n'),
    }),
  },
);

/** A multipart body; names are written as they come, quotes and line breaks included, as a hostile client would. */
function multipart(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.kind === 'file' ? `form-data; name="${p.field}"; filename="${p.name}"` : `form-data; name="${p.field}"`;
    const type = p.kind === 'file' && p.type ? `\r\nContent-Type: ${p.type}` : '';
    chunks.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      Buffer.from(p.kind === 'file' ? p.content : p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** The body as sent: whole, cut anywhere, with bytes flipped, or plain garbage. */
const body = fc.oneof(
  { weight: 5, arbitrary: fc.array(part, { minLength: 0, maxLength: 6 }).map(multipart) },
  { weight: 1, arbitrary: fc.array(part, { minLength: 40, maxLength: 80 }).map(multipart) },
  { weight: 2, arbitrary: fc.tuple(fc.array(part, { minLength: 1, maxLength: 4 }).map(multipart), fc.nat()).map(([b, at]) => b.subarray(0, at % b.length)) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.array(part, { minLength: 1, maxLength: 4 }).map(multipart), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 255 })), { minLength: 1, maxLength: 4 }))
      .map(([b, flips]) => {
        const copy = Buffer.from(b);
        for (const [at, byte] of flips) copy[at % copy.length] = byte;
        return copy;
      }),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 500 }).map((b) => Buffer.from(b)) },
);

describe('multipart uploads, fuzzed', () => {
  let h: Harness;
  let projectId: string;
  const counter = new CaseCounter();
  beforeAll(async () => {
    h = await startHarness({ ORBIS_MAX_UPLOAD_MB: '1' });
    projectId = (await h.project('u', 'public')).id;
  });
  afterAll(async () => {
    counter.report();
    await h.close();
  });

  const count = () => h.server.ctx.store.countAssets({ projectId, publicOnly: false });

  it(
    'stores every file of an accepted upload and nothing of a refused one',
    async () => {
      const statuses = new Set<number>();
      await fc.assert(
        fc.asyncProperty(
          body,
          fc.constantFrom(
            `multipart/form-data; boundary=${BOUNDARY}`,
            `multipart/form-data; boundary="${BOUNDARY}"`,
            'multipart/form-data',
            'application/octet-stream',
          ),
          async (payload, type) => {
            counter.add('multipart uploads');
            const [assetsBefore, filesBefore] = [await count(), await h.storedKeys()];
            const res = await h.server.app.inject({
              method: 'POST',
              url: '/api/projects/u/assets',
              payload,
              headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': type },
            });
            const what = `${type} ${JSON.stringify(payload.toString('latin1').slice(0, 400))} → ${res.statusCode} ${res.body.slice(0, 200)}`;
            const answer = expectSane({ status: res.statusCode, body: res.body }, what);
            statuses.add(res.statusCode);
            const files = await h.storedKeys();
            if (res.statusCode === 201) {
              const records = [answer].flat() as { id: string; size: number; name: string }[];
              expect(await count(), what).toBe(assetsBefore + records.length);
              expect(files.length, what).toBe(filesBefore.length + records.length);
              for (const r of records) {
                expect(r.name.length, what).toBeGreaterThan(0);
                expect(/[\u0000-\u001f\u007f/\\]/.test(r.name), what).toBe(false);
              }
            } else {
              expect(await count(), what).toBe(assetsBefore);
              expect(files, what).toEqual(filesBefore);
            }
          },
        ),
        { numRuns: fuzzRuns(400) },
      );
      expect([...statuses].sort()).toEqual([201, 400]);
    },
    fuzzTimeout(120_000),
  );
});
