import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test/harness.js';

describe('ORBIS_PUBLIC_URL', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ ORBIS_PUBLIC_URL: 'https://maps.example.org/' });
    await h.project('pub');
    await h.seed('pub', [true, true]);
  });
  afterAll(() => h.close());

  it('is the base of every asset url and of the Link header', async () => {
    const res = await h.get('/api/p/pub/assets.json?limit=1');
    const body = await res.json();
    expect(body.results[0].url).toMatch(/^https:\/\/maps\.example\.org\/files\/pub\/[0-9A-Z]{26}\/asset-0\.geojson$/);
    expect(res.headers.get('link')).toMatch(/^<https:\/\/maps\.example\.org\/api\/p\/pub\/assets\.json\?page=2&limit=1>; rel="next"$/);
  });
});
