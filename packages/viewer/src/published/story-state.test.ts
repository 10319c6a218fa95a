import { describe, expect, it } from 'vitest';
import { hashForPage, layersOnPage, pageFromHash } from './story-state.js';

describe('story state', () => {
  it('reads #story=N as a 1-based page, clamped to the story', () => {
    expect(pageFromHash('#story=2', 3)).toBe(1);
    expect(pageFromHash('#story=1', 3)).toBe(0);
    expect(pageFromHash('#story=9', 3)).toBe(2);
    expect(pageFromHash('#story=0', 3)).toBe(0);
    expect(pageFromHash('#x=1&story=3', 3)).toBe(2);
  });

  it('names no page for other fragments or an empty story', () => {
    expect(pageFromHash('', 3)).toBeUndefined();
    expect(pageFromHash('#story=abc', 3)).toBeUndefined();
    expect(pageFromHash('#history=2', 3)).toBeUndefined();
    expect(pageFromHash('#story=2', 0)).toBeUndefined();
  });

  it('writes the fragment of a page', () => {
    expect(hashForPage(0)).toBe('#story=1');
    expect(pageFromHash(hashForPage(4), 10)).toBe(4);
  });

  it("shows exactly a page's layers, and changes nothing when the page has no list", () => {
    const layers = [
      { id: 'a', visible: true },
      { id: 'b', visible: false },
      { id: 'c', visible: true },
    ];
    const page = { id: 'p', title: 'P', text: '', camera: { lng: 0, lat: 0, height: 1, heading: 0, pitch: -90, roll: 0 } };
    expect(layersOnPage(layers, { ...page, layers: ['b'] }).map((l) => l.visible)).toEqual([false, true, false]);
    expect(layersOnPage(layers, { ...page, layers: [] }).map((l) => l.visible)).toEqual([false, false, false]);
    expect(layersOnPage(layers, page)).toEqual(layers);
    expect(layersOnPage(layers, undefined)).toEqual(layers);
  });
});
