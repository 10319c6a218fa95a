// Compile-only (as compile.test-d.ts): app.sketch, app.spatialId, app.timeline, one line per member.
import type { SketchEventProps, SketchType, SpatialIdSpace, TimelineCommitter } from './index.js';

// app.sketch
const tool: SketchType | undefined = app.sketch.tool;
const color: unknown = app.sketch.options.color;
app.sketch.setTool('extrudedPolygon');
app.sketch.setTool(undefined);
app.sketch.overrideOptions({ color: '#00bcd4', dataOnly: true });
const stopCreate = app.sketch.on('create', (e: SketchEventProps) => {
  const g = e.feature.geometry;
  if (g.type === 'Polygon') g.coordinates[0]!.map(([lng, lat]) => lng + lat);
  return e.feature.properties.extrudedHeight + e.featureId.length + (e.layerId ?? '').length;
});
app.sketch.on('update', ({ feature }) => feature.properties.type, { once: true });
app.sketch.on('toolChange', (t) => t?.toUpperCase());
app.sketch.off('create', () => undefined);
stopCreate();

// app.spatialId
app.spatialId.pickSpace({ zoom: 20, maxHeight: 100, minHeight: 0, color: '#ffd200', outlineColor: '#000', dataOnly: false, rightClickToExit: true });
app.spatialId.pickSpace();
app.spatialId.exitPickSpace();
app.spatialId.on('spacePick', (s: SpatialIdSpace) => [
  s.id,
  s.zfxy.f,
  s.zfxyStr,
  s.tilehash,
  s.hilbertTilehash,
  s.hilbertIndex,
  s.zoom,
  s.alt,
  s.center.height,
  s.vertices[7]![2],
]);
app.spatialId.off('spacePick', () => undefined);

// app.timeline
const times: Date[] = [app.timeline.startTime, app.timeline.stopTime, app.timeline.currentTime, app.timeline.tick()];
const playing: boolean = app.timeline.isPlaying;
const speed: number = app.timeline.speed;
const kinds: string[] = [app.timeline.stepType, app.timeline.rangeType];
app.timeline.play();
app.timeline.pause();
app.timeline.setTime({ start: '2026-11-21T00:00:00Z', stop: new Date(), current: '2026-11-21T00:30:00Z' });
app.timeline.setTime({ current: new Date() });
app.timeline.setSpeed(60);
app.timeline.setStepType('fixed');
app.timeline.setRangeType('bounced');
app.timeline.on('tick', (now) => now.getTime());
app.timeline.on('commit', (c: TimelineCommitter) => c.source === 'pluginAPI');
app.timeline.off('tick', () => undefined);
void [tool, color, times, playing, speed, kinds];

// @ts-expect-error: not a sketch tool
app.sketch.setTool('triangle');
// @ts-expect-error: not a range type
app.timeline.setRangeType('loop');
// @ts-expect-error: speed is a number
app.timeline.setSpeed('fast');
// @ts-expect-error: the timeline is read through its getters, not written
app.timeline.currentTime = new Date();
// @ts-expect-error: not a spatialId event
app.spatialId.on('pick', () => undefined);
