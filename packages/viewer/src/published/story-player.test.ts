import { describe, expect, it } from 'vitest';
import type { StoryPageView } from './story-state.js';
import { openingOfStory } from './story-player.js';

const at = (lng: number) => ({ lng, lat: 0, height: 1e6, heading: 0, pitch: -90, roll: 0 });
const pages: StoryPageView[] = [
  { id: 'a', title: 'A', text: '', camera: at(10), layers: ['x'] },
  { id: 'b', title: 'B', text: '', camera: at(20) },
];
const layers = [
  { id: 'x', visible: false },
  { id: 'y', visible: true },
];

describe('openingOfStory', () => {
  it("opens page 1 at its own view, as the editor's preview does", () => {
    expect(openingOfStory(pages, layers, '')).toEqual({
      index: 0,
      camera: at(10),
      layers: [
        { id: 'x', visible: true },
        { id: 'y', visible: false },
      ],
    });
  });

  it("opens the page the address names, and the scene's view when there is no story", () => {
    expect(openingOfStory(pages, layers, '#story=2')).toMatchObject({ index: 1, camera: at(20) });
    expect(openingOfStory([], layers, '')).toEqual({ index: 0, camera: undefined, layers });
  });
});
