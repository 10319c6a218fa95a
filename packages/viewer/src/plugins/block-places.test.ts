import type { Block } from '@orbis/scene';
import { describe, expect, it } from 'vitest';
import { BlockPlaces, placeBlocks } from './block-places.js';

const element = {} as HTMLElement;
const bars = { pluginId: 'charts', extensionId: 'bars' };

describe('BlockPlaces (docs/contract.md §8)', () => {
  it('names each block by its place, in the scene`s order', () => {
    expect(placeBlocks('infobox-pts', [bars, { ...bars, property: { a: 1 } }])).toEqual([
      { ...bars, place: 'infobox-pts-0' },
      { ...bars, property: { a: 1 }, place: 'infobox-pts-1' },
    ]);
    expect(placeBlocks('story-p1', undefined)).toEqual([]);
  });

  it('says whether a scene places any block: plugins then start even without a widget', () => {
    const scene = (infobox: Block[] | undefined, page: Block[] | undefined) => ({
      layers: [{}, { infobox: { blocks: infobox } }],
      story: { pages: [{ blocks: page }] },
    });
    expect(BlockPlaces.inScene(scene(undefined, undefined))).toBe(false);
    expect(BlockPlaces.inScene(scene([], []))).toBe(false);
    expect(BlockPlaces.inScene(scene([bars], undefined))).toBe(true);
    expect(BlockPlaces.inScene(scene(undefined, [bars]))).toBe(true);
    expect(BlockPlaces.inScene({ layers: [] })).toBe(false);
  });

  it("starts no plugin for Re:Earth's built-in blocks alone: the page draws them", () => {
    const text = { pluginId: 'reearth', extensionId: 'textInfoboxBetaBlock' };
    expect(BlockPlaces.inScene({ layers: [{ infobox: { blocks: [text] } }] })).toBe(false);
    expect(BlockPlaces.inScene({ layers: [{ infobox: { blocks: [text, bars] } }] })).toBe(true);
    // An extension of that name in another plugin, or another extension of `reearth`, is a plugin's.
    expect(BlockPlaces.inScene({ layers: [{ infobox: { blocks: [{ ...text, pluginId: 'mine' }] } }] })).toBe(true);
    expect(BlockPlaces.inScene({ layers: [{ infobox: { blocks: [{ ...text, extensionId: 'chart' }] } }] })).toBe(true);
  });

  it('tells a follower what shows now, then each change, until it stops following', () => {
    const places = new BlockPlaces();
    places.set('story', placeBlocks('story-p1', [bars]), element);
    const heard: [string, number][] = [];
    const stop = places.follow((scope, shown) => heard.push([scope, shown.blocks.length]));
    places.set('infobox', placeBlocks('infobox-pts', [bars, bars]), element);
    stop();
    places.set('infobox', [], element);
    expect(heard).toEqual([
      ['story', 1],
      ['infobox', 2],
    ]);
    // A later follower (plugins restarted) hears the latest.
    const later: [string, number][] = [];
    places.follow((scope, shown) => later.push([scope, shown.blocks.length]));
    expect(later).toEqual([
      ['story', 1],
      ['infobox', 0],
    ]);
  });
});
