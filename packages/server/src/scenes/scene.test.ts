import { describe, expect, it } from 'vitest';
import { InputError } from '../input-error.js';
import { defaultScene, validateScene } from './scene.js';

const good = () => ({
  ...defaultScene(),
  property: { terrain: { enabled: false }, tiles: [{ type: 'default', opacity: 0.8 }], sky: { atmosphere: true }, globe: { baseColor: '#224466' } },
  layers: [
    { id: 'l1', title: 'Wards', type: 'geojson', assetId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', visible: true },
    { id: 'l2', title: 'Tiles', type: '3dtiles', url: 'https://example.org/tileset.json', visible: false },
  ],
  story: { pages: [{ id: 'p1', title: 'Start', text: '', camera: defaultScene().camera }] },
});

function errorOf(doc: unknown): InputError {
  try {
    validateScene(doc);
  } catch (err) {
    if (err instanceof InputError) return err;
    throw err;
  }
  throw new Error('expected an InputError');
}

describe('validateScene', () => {
  it('accepts a full scene and the default scene', () => {
    expect(validateScene(good())).toEqual(good());
    expect(validateScene(defaultScene())).toEqual(defaultScene());
  });

  it.each([
    [(s: any) => (s.layers[0].type = 'shapefile'), 'layers[0].type', /one of/],
    [(s: any) => delete s.camera, 'camera', /required/],
    [(s: any) => (s.camera.lat = 91), 'camera.lat', /at most 90/],
    [(s: any) => (s.camera.lng = 'east'), 'camera.lng', /number/],
    [(s: any) => (s.property.terrain.enabled = 'yes'), 'property.terrain.enabled', /true or false/],
    [(s: any) => (s.property.terain = {}), 'property.terain', /not a known field/],
    [(s: any) => (s.property.tiles[0].opacity = 2), 'property.tiles[0].opacity', /at most 1/],
    [(s: any) => (s.property.globe.baseColor = 'red'), 'property.globe.baseColor', /match/],
    [(s: any) => (s.layers[1].url = 'javascript:alert(1)'), 'layers[1].url', /match/],
    [(s: any) => (s.layers[1].assetId = '01ARZ3NDEKTSV4RRFFQ69G5FAV'), 'layers[1]', /exactly one/],
    [(s: any) => delete s.layers[0].assetId, 'layers[0]', /exactly one/],
    [(s: any) => (s.layers[1].id = 'l1'), 'layers[1].id', /repeats/],
    [(s: any) => (s.story.pages[0].camera.pitch = -91), 'story.pages[0].camera.pitch', /at least -90/],
    [(s: any) => (s.extra = 1), 'extra', /not a known field/],
  ])('names the bad field: %#', (mutate, path, message) => {
    const doc = good();
    mutate(doc);
    const err = errorOf(doc);
    expect(err.field).toBe(path);
    expect(err.message.startsWith(`${path}: `)).toBe(true);
    expect(err.message).toMatch(message);
  });

  it('refuses what is not an object', () => {
    for (const doc of [null, [], 'scene', 3]) expect(errorOf(doc).message).toMatch(/must be an object/);
  });
});
