import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaseCounter, expectSane, fuzzRuns, fuzzTimeout, nestedIn, tooDeep } from '../../test/fuzz.js';
import { MAX_JSON_DEPTH } from '../../json-depth.js';
import { ADMIN_TOKEN, type Harness, startHarness } from '../../test/harness.js';

/** Any JSON value, with the keys a route knows mixed in so that fields of the wrong type get through to the checks. */
function bodyOf(keys: string[], field: fc.Arbitrary<unknown>, valid?: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const record = fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 12 })), field, { maxKeys: 5 });
  return fc.oneof(record, record, fc.jsonValue({ maxDepth: 4 }), ...(valid ? [valid] : []));
}

/** Field values of every kind: right-looking ones, wrong types, edge strings, nested junk. */
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('public', 'private', 'demo', 'a', 'x'.repeat(64), '', ' ', '\u0000', '\u202e', 'Name', true, false, null, 0, -1, 1e308),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.jsonValue({ maxDepth: 2 }),
  nestedIn(fc.constantFrom(1, 'x', null)),
);

/** A scene built from the right field names with values drawn from anywhere. */
const sceneBody = fc.record(
  {
    property: fc.oneof(
      fc.dictionary(fc.constantFrom('terrain', 'sky', 'globe', 'camera', 'x'), fc.dictionary(fc.string({ maxLength: 10 }), fieldValue, { maxKeys: 3 })),
      fieldValue,
    ),
    camera: fc.oneof(
      fc.record({ lng: fc.double(), lat: fc.double(), height: fc.double(), heading: fieldValue, pitch: fc.double(), roll: fc.double() }, { requiredKeys: [] }),
      fieldValue,
    ),
    layers: fc.array(
      fc.record(
        {
          id: fieldValue,
          title: fieldValue,
          type: fc.constantFrom('geojson', 'czml', '3dtiles', 'nope'),
          url: fc.constantFrom('https://example.com/a.json', 'javascript:alert(1)', '', 'x'),
          assetId: fieldValue,
          visible: fieldValue,
        },
        { requiredKeys: [] },
      ),
      { maxLength: 3 },
    ),
    widgets: fc.oneof(fc.array(fc.dictionary(fc.constantFrom('pluginId', 'extensionId', 'enabled', 'area'), fieldValue)), fieldValue),
    story: fc.oneof(fc.record({ pages: fc.array(fieldValue, { maxLength: 3 }) }), fieldValue),
  },
  { requiredKeys: [] },
);

/** A scene that passes the checks, with fields varied inside their ranges (and sometimes just past them). */
const validScene = fc.record({
  property: fc.constantFrom({}, { sky: { atmosphere: false } }, { globe: { baseColor: '#123456' } }),
  camera: fc.record({
    lng: fc.double({ min: -180, max: 180, noNaN: true }),
    lat: fc.double({ min: -90, max: 90, noNaN: true }),
    height: fc.double({ min: 0, max: 5e7, noNaN: true }),
    heading: fc.constant(0),
    pitch: fc.constant(-90),
    roll: fc.constant(0),
  }),
  layers: fc.array(
    fc.record({
      id: fc.constantFrom('a', 'b'),
      title: fc.string({ minLength: 1, maxLength: 10 }),
      type: fc.constantFrom('geojson', 'czml'),
      url: fc.constant('https://example.com/a.json'),
      visible: fc.boolean(),
    }),
    { maxLength: 2 },
  ),
  widgets: fc.constant([]),
  story: fc.constant({ pages: [] }),
});

/** A JSON-form plugin that installs, with a varied id and code. */
const validPlugin = fc.record({
  manifest: fc.record({
    id: fc.stringMatching(/^[a-zA-Z0-9_-]{1,12}$/),
    name: fc.string({ minLength: 1, maxLength: 10 }),
    version: fc.constant('1.0.0'),
    extensions: fc.constant([{ id: 'main', type: 'widget', name: 'Main' }]),
  }),
  files: fc.string({ maxLength: 40 }).map((code) => ({ 'main.js': code })),
});

/** Bodies as bytes on the wire: JSON text, broken JSON, prototype keys, deep nesting, odd content types. */
const wire = (json: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 6, arbitrary: json.map((v) => ({ type: 'application/json', text: JSON.stringify(v) ?? 'null' })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((text) => ({ type: 'application/json', text })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '{"__proto__":{"admin":true}}',
          '{"constructor":{"prototype":{"x":1}}}',
          '{"name":"a","name":"b"}',
          '[',
          '{"a":1}}',
          '\ufeff{}',
          '{"name":"\\ud800"}',
        )
        .map((text) => ({ type: 'application/json', text })),
    },
    { weight: 1, arbitrary: fc.nat({ max: 50_000 }).map((n) => ({ type: 'application/json', text: '['.repeat(n) + ']'.repeat(n) })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(json, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'application/xml', ''))
        .map(([v, type]) => ({ type, text: JSON.stringify(v) ?? '' })),
    },
  );

/** Everything the management API can show, to prove that a refused request changed nothing. */
async function state(h: Harness): Promise<string> {
  const parts = await Promise.all(
    ['/api/projects', '/api/projects/f/assets', '/api/projects/f/keys', '/api/projects/f/scene', '/api/projects/f/plugins', '/api/projects/f'].map(
      async (url) => (await h.server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).body,
    ),
  );
  return parts.join('\n');
}

describe('management request bodies, fuzzed', () => {
  let h: Harness;
  let assetId: string;
  const counter = new CaseCounter();
  beforeAll(async () => {
    h = await startHarness();
    await h.project('f', 'private');
    assetId = (await h.seed('f', [true]))[0]!.id;
  });
  afterAll(async () => {
    counter.report();
    await h.close();
  });

  const routes = () => [
    {
      method: 'POST',
      url: '/api/projects',
      body: bodyOf(
        ['alias', 'name', 'visibility'],
        fieldValue,
        fc.record({
          alias: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,8}$/),
          name: fc.string({ minLength: 1, maxLength: 20 }),
          visibility: fc.constantFrom('public', 'private'),
        }),
      ),
    },
    { method: 'PATCH', url: '/api/projects/f', body: bodyOf(['name', 'visibility'], fieldValue) },
    { method: 'PATCH', url: `/api/projects/f/assets/${assetId}`, body: bodyOf(['public', 'name'], fieldValue) },
    { method: 'POST', url: '/api/projects/f/keys', body: bodyOf(['name'], fieldValue) },
    { method: 'PUT', url: '/api/projects/f/scene', body: fc.oneof(sceneBody, sceneBody, fieldValue, validScene) },
    {
      method: 'POST',
      url: '/api/projects/f/plugins',
      body: bodyOf(
        ['manifest', 'files'],
        fc.oneof(
          fieldValue,
          fc.record(
            {
              id: fieldValue,
              name: fieldValue,
              version: fieldValue,
              extensions: fc.array(fc.dictionary(fc.constantFrom('id', 'type', 'name'), fieldValue), { maxLength: 2 }),
            },
            { requiredKeys: [] },
          ),
          fc.dictionary(fc.constantFrom('main.js', '../x.js', 'a'), fieldValue),
        ),
        validPlugin,
      ),
    },
  ];

  it(
    'answers every body with a result or a 4xx that names the problem, and a refusal changes nothing',
    async () => {
      const outcomes = new Map<string, Set<number>>();
      for (const route of routes()) {
        const seen = new Set<number>();
        outcomes.set(`${route.method} ${route.url}`, seen);
        await fc.assert(
          fc.asyncProperty(wire(route.body), async ({ type, text }) => {
            counter.add('management bodies');
            const before = await state(h);
            const res = await h.server.app.inject({
              method: route.method as 'POST',
              url: route.url,
              payload: text,
              headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(type ? { 'content-type': type } : {}) },
            });
            const what = `${route.method} ${route.url} ${type} ${text.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
            expectSane({ status: res.statusCode, body: res.body }, what);
            seen.add(res.statusCode);
            if (res.statusCode >= 400) expect(await state(h), what).toBe(before);
            if (type === 'application/json' && tooDeep(text))
              expect([res.statusCode, res.body], what).toEqual([400, expect.stringContaining(`deeper than ${MAX_JSON_DEPTH} levels`)]);
          }),
          { numRuns: fuzzRuns(200) },
        );
      }
      // Each route both accepted and refused some bodies: the generators reach past the first check.
      for (const [route, seen] of outcomes) {
        expect(
          [...seen].some((s) => s < 300),
          route,
        ).toBe(true);
        expect(
          [...seen].some((s) => s === 400),
          route,
        ).toBe(true);
      }
    },
    fuzzTimeout(120_000),
  );
});
