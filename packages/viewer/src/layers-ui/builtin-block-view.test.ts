import { describe, expect, it } from 'vitest';
import { StyleEvaluator, styleFeature } from '../engine/cesium/layers/cesium-style-evaluator.js';
import { blockPadding, type BlockFeature, builtinView, fieldText, propertyRows } from './builtin-block-view.js';

/** A feature as the engine hands it to the infobox (cesium-features.ts): CesiumJS's styling language over its properties. */
function feature(properties: Record<string, unknown>): BlockFeature {
  const evaluator = new StyleEvaluator();
  return { properties, evaluate: (expression) => evaluator.value({ expression }, styleFeature(properties)) };
}

/** One row of Re:Earth's FOSS4G sample (the addInfoboxRichBlocks preset's CSV). */
const FOSS4G = feature({
  event_name: 'FOSS4G Japan 2024',
  description: '### FOSS4G Japan\n- Held in Kawasaki',
  image_url: 'https://www.osgeo.jp/wp-content/uploads/2024/10/banner_town.png',
  video_url: 'https://youtu.be/D1JMQfmGwpg?si=UfWxzpJ9e6_CchpZ',
  lat: 35.610209,
  tags: ['gis', 'oss'],
  venue: { city: 'Kawasaki' },
  note: null,
});
const reearth = (fields: Record<string, unknown>) => ({ default: Object.fromEntries(Object.entries(fields).map(([k, value]) => [k, { value }])) });

describe("Re:Earth's built-in infobox blocks (docs/viewer.md)", () => {
  it("reads each block's property in Re:Earth's form ({value}) and evaluates it for the feature", () => {
    expect(builtinView('textInfoboxBetaBlock', reearth({ text: '${event_name}' }), FOSS4G)).toEqual({ kind: 'text', text: 'FOSS4G Japan 2024' });
    expect(builtinView('imageInfoboxBetaBlock', reearth({ src: '${image_url}' }), FOSS4G)).toEqual({
      kind: 'image',
      src: 'https://www.osgeo.jp/wp-content/uploads/2024/10/banner_town.png',
    });
    expect(builtinView('markdownInfoboxBetaBlock', reearth({ src: '${description}' }), FOSS4G)).toEqual({
      kind: 'markdown',
      source: '### FOSS4G Japan\n- Held in Kawasaki',
    });
    expect(builtinView('videoInfoboxBetaBlock', reearth({ src: '${video_url}' }), FOSS4G)).toEqual({
      kind: 'video',
      video: { embed: 'https://www.youtube-nocookie.com/embed/D1JMQfmGwpg' },
    });
    // The plain form (what a plugin may pass) reads the same.
    expect(builtinView('textInfoboxBetaBlock', { default: { text: '${event_name}' } }, FOSS4G)).toEqual({ kind: 'text', text: 'FOSS4G Japan 2024' });
  });

  it('shows a text that reads no property as it is, and nothing for a property the feature lacks', () => {
    expect(fieldText('Opening hours', FOSS4G)).toBe('Opening hours');
    expect(fieldText('# Title\n\nA paragraph: with a colon.', FOSS4G)).toBe('# Title\n\nA paragraph: with a colon.');
    expect(fieldText("'quoted ' + ${event_name}", FOSS4G)).toBe('quoted FOSS4G Japan 2024');
    expect(fieldText('${lat}', FOSS4G)).toBe('35.610209');
    expect(fieldText('${missing}', FOSS4G)).toBeUndefined();
    expect(fieldText('', FOSS4G)).toBeUndefined();
    expect(builtinView('textInfoboxBetaBlock', undefined, FOSS4G)).toEqual({ kind: 'empty' });
    expect(builtinView('markdownInfoboxBetaBlock', reearth({ src: '${missing}' }), FOSS4G)).toEqual({ kind: 'empty' });
  });

  it('shows an image or video only from a web address', () => {
    for (const src of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'not a url']) {
      expect(builtinView('imageInfoboxBetaBlock', reearth({ src }), FOSS4G)).toEqual({ kind: 'empty' });
      expect(builtinView('videoInfoboxBetaBlock', reearth({ src }), FOSS4G)).toEqual({ kind: 'empty' });
    }
    expect(builtinView('videoInfoboxBetaBlock', reearth({ src: 'https://example.com/clips/a.webm' }), FOSS4G)).toEqual({
      kind: 'video',
      video: { file: 'https://example.com/clips/a.webm' },
    });
    expect(builtinView('videoInfoboxBetaBlock', reearth({ src: 'https://vimeo.com/76979871' }), FOSS4G)).toEqual({
      kind: 'video',
      video: { embed: 'https://player.vimeo.com/video/76979871' },
    });
    // A page that is no player Orbis may frame, and a plain-http address, are links.
    expect(builtinView('videoInfoboxBetaBlock', reearth({ src: 'https://example.com/watch' }), FOSS4G)).toEqual({
      kind: 'video',
      video: { link: 'https://example.com/watch' },
    });
    expect(builtinView('videoInfoboxBetaBlock', reearth({ src: 'http://example.com/a.mp4' }), FOSS4G)).toEqual({
      kind: 'video',
      video: { link: 'http://example.com/a.mp4' },
    });
  });

  it('lists every property (objects last), the root ones, or a chosen list, as Re:Earth does', () => {
    expect(propertyRows({}, FOSS4G).map((r) => r.key)).toEqual(['event_name', 'description', 'image_url', 'video_url', 'lat', 'note', 'tags', 'venue']);
    expect(propertyRows({ displayType: 'all' }, FOSS4G).slice(-2)).toEqual([
      { key: 'tags', value: 'gis, oss' },
      { key: 'venue', value: '{"city":"Kawasaki"}' },
    ]);
    expect(propertyRows({ displayType: 'rootOnly' }, FOSS4G).map((r) => r.key)).toEqual(['event_name', 'description', 'image_url', 'video_url', 'lat']);
    const propertyList = [
      { id: '1', key: 'Event', value: '${event_name}' },
      { id: '2', key: 'Latitude', value: '${lat}' },
      { id: '3', key: 'Gone', value: '${missing}' },
    ];
    expect(builtinView('propertyInfoboxBetaBlock', reearth({ displayType: 'custom', propertyList }), FOSS4G)).toEqual({
      kind: 'properties',
      rows: [
        { key: 'Event', value: 'FOSS4G Japan 2024' },
        { key: 'Latitude', value: '35.610209' },
      ],
    });
    // No property block setting at all: every property.
    expect(builtinView('propertyInfoboxBetaBlock', undefined, FOSS4G)).toMatchObject({
      kind: 'properties',
      rows: expect.arrayContaining([{ key: 'lat', value: '35.610209' }]),
    });
  });

  it("makes a link of Re:Earth's link block, taking an address without a scheme as https", () => {
    expect(builtinView('linkInfoboxBetaBlock', reearth({ text: '${event_name}', url: 'www.osgeo.jp/events' }), FOSS4G)).toEqual({
      kind: 'link',
      text: 'FOSS4G Japan 2024',
      href: 'https://www.osgeo.jp/events',
    });
    expect(builtinView('linkInfoboxBetaBlock', reearth({ url: 'javascript:alert(1)' }), FOSS4G)).toEqual({ kind: 'link', text: 'javascript:alert(1)' });
  });

  it("reads Re:Earth's panel padding, each side within 0–100 px", () => {
    expect(blockPadding({ panel: { padding: { value: { top: 4, bottom: 500, left: -3 } } } })).toEqual({ top: 4, right: 0, bottom: 100, left: 0 });
    expect(blockPadding(reearth({ text: 'x' }))).toBeUndefined();
  });

  it('without a feature to read (a raster pixel), shows only what reads no property', () => {
    expect(builtinView('textInfoboxBetaBlock', reearth({ text: 'Band values' }), { properties: {} })).toEqual({ kind: 'text', text: 'Band values' });
    expect(builtinView('textInfoboxBetaBlock', reearth({ text: '${name}' }), { properties: {} })).toEqual({ kind: 'empty' });
  });
});
