import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../json-depth.js';
import { ADMIN_TOKEN, type Harness, startHarness } from '../../test/harness.js';

/** A GeometryCollection holding one inside another, `levels` deep, a Point at the bottom. */
function nestedCollection(levels: number): unknown {
  let geometry: unknown = { type: 'Point', coordinates: [139.7, 35.6] };
  for (let i = 0; i < levels; i++) geometry = { type: 'GeometryCollection', geometries: [geometry] };
  return geometry;
}

/** `{"a":{"a":…}}`, `levels` deep. */
function nestedObject(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

describe('deeply nested JSON is a 400 naming the limit, never a 500 (issue 30)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.project('deep');
    expect(
      (await h.admin('POST', '/api/projects/deep/models', { key: 'sites', name: 'Sites', public: true, fields: [{ key: 'at', type: 'geometry' }] })).status,
    ).toBe(201);
  });
  afterAll(() => h.close());

  const refused = async (res: Response) => {
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('invalid_body');
    expect(error.message).toContain(`deeper than ${MAX_JSON_DEPTH} levels`);
  };

  it('an item whose GeometryCollection nests 1,000 levels', async () => {
    await refused(await h.admin('POST', '/api/projects/deep/models/sites/items', { public: true, fields: { at: nestedCollection(1000) } }));
    // A modest collection still goes in; nothing of the refused one does.
    expect((await h.admin('POST', '/api/projects/deep/models/sites/items', { public: true, fields: { at: nestedCollection(3) } })).status).toBe(201);
    const listing = (await (await h.admin('GET', '/api/projects/deep/models/sites/items')).json()) as { totalCount: number };
    expect(listing.totalCount).toBe(1);
  });

  it('an imported item nested as deep', async () => {
    await refused(await h.admin('POST', '/api/projects/deep/models/sites/import', [{ at: nestedCollection(3) }, { at: nestedCollection(1000) }]));
    const listing = (await (await h.admin('GET', '/api/projects/deep/models/sites/items')).json()) as { totalCount: number };
    expect(listing.totalCount).toBe(1);
  });

  it('a plugin manifest whose schema nests 5,000 levels', async () => {
    // Written out by hand: the test's own JSON.stringify would overflow on it.
    const schema = `${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}`;
    const body = `{"manifest":{"id":"deep","name":"Deep","version":"1.0.0","extensions":[{"id":"main","type":"widget","name":"Deep","schema":${schema}}]},"files":{"main.js":""}}`;
    await refused(
      await fetch(`${h.url}/api/projects/deep/plugins`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body,
      }),
    );
    expect(((await (await h.admin('GET', '/api/projects/deep/plugins')).json()) as unknown[]).length).toBe(0);
  });

  it('a scene nested 1,000 levels in a layer', async () => {
    const scene = { version: 1, layers: [{ id: 'l', type: 'geojson', url: 'https://example.org/a.geojson', data: nestedObject(1000) }] };
    await refused(await h.admin('PUT', '/api/projects/deep/scene', scene));
  });
});
