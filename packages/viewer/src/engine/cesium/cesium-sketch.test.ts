import { EntityCollection, JulianDate, ShadowMode, type Viewer } from 'cesium';
import { describe, expect, it } from 'vitest';
import { CesiumSketch } from './cesium-sketch.js';
import type { SketchDraft } from '../engine.js';

// The draft is entities only: a collection and a render request stand in for the viewer's.
const viewer = () => ({ entities: new EntityCollection(), scene: { requestRender: () => undefined } }) as unknown as Viewer;
const draft = (shadows: boolean): SketchDraft => ({
  points: [
    [0, 0, 0],
    [0.1, 0, 0],
    [0.1, 0.1, 0],
  ],
  ring: [
    [0, 0, 0],
    [0.1, 0, 0],
    [0.1, 0.1, 0],
    [0, 0, 0],
  ],
  extrudedHeight: 500,
  color: '#ff0000',
  shadows,
});
const shadowsOf = (v: Viewer) => v.entities.values.find((e) => e.polygon)?.polygon?.shadows?.getValue(JulianDate.now());

describe('CesiumSketch draft', () => {
  it("casts and receives shadows as Re:Earth's sketch does, none with disableShadow", () => {
    const v = viewer();
    const sketch = new CesiumSketch(v, new Map());
    sketch.showDraft(draft(true));
    expect(shadowsOf(v)).toBe(ShadowMode.ENABLED);
    // Turned off mid-shape: the draft is drawn anew.
    sketch.showDraft(draft(false));
    expect(shadowsOf(v)).toBe(ShadowMode.DISABLED);
    expect(v.entities.values.filter((e) => e.polygon)).toHaveLength(1);
  });
});
