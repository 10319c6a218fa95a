import { spatialIdSpace } from '@orbis/geo';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { PluginHost } from '../plugin-host.js';
import type { InstalledPlugin } from '../viewer-services.js';
import { loadQuickJs } from '../quickjs/quickjs.js';
import { runPlugins, widgetPlugin as plugin } from '../../../testing/test-services.js';

/** Waits for state pushed to an extension that was calling the host (it arrives on the next task). */
const nextTask = () => new Promise((r) => setTimeout(r, 0));

/** app.sketch, app.spatialId and app.timeline against the test tools (test-tools.ts). */
describe('plugin namespaces: app.sketch, app.spatialId, app.timeline', () => {
  let module: QuickJSWASMModule;
  let host: PluginHost | undefined;
  beforeAll(async () => {
    module = await loadQuickJs();
  });
  afterEach(() => host?.stopAll());

  function run(...plugins: InstalledPlugin[]) {
    const started = runPlugins(module, plugins);
    host = started.host;
    return started;
  }

  it('sets a sketch tool (and the sketch mode), merges options, and tells every extension the tool', async () => {
    const fake = run(
      plugin(
        'p',
        `
        app.sketch.on('toolChange', (t) => console.log(['toolChange', t === undefined ? 'none' : t]));
        console.log([app.sketch.tool === undefined, app.viewer.interactionMode.mode]);
        app.sketch.setTool('extrudedCircle');
        app.sketch.overrideOptions({ color: '#ff0000', dataOnly: true, markerLabel: 'kept' });
        console.log([app.sketch.tool, app.viewer.interactionMode.mode, app.sketch.options]);
        globalThis.stop = () => { app.sketch.setTool(undefined); console.log([app.sketch.tool === undefined, app.viewer.interactionMode.mode]); };
        app.viewer.on('click', () => stop());
      `,
      ),
      plugin('q', `app.viewer.on('click', () => console.log([app.sketch.tool ?? 'none', app.viewer.interactionMode.mode]));`),
    );
    expect(fake.errors()).toEqual([]);
    expect(fake.lines().slice(0, 2)).toEqual([
      [true, 'default'],
      ['extrudedCircle', 'sketch', { color: '#ff0000', dataOnly: true, markerLabel: 'kept' }],
    ]);
    await nextTask();
    expect(fake.lines()[2]).toEqual(['toolChange', 'extrudedCircle']);
    fake.host.emit('click', {});
    await nextTask();
    expect(fake.lines().slice(3)).toEqual([
      [true, 'default'],
      ['toolChange', 'none'],
    ]);
    expect(fake.lines('q/main')).toEqual([['none', 'default']]);
    expect(fake.calls.filter((c) => c.op === 'mode').map((c) => c.args[0])).toEqual(['sketch', 'default']);
  });

  it('refuses an unknown tool, a bad colour and a non-object, changing nothing', () => {
    const fake = run(
      plugin(
        'p',
        `
      for (const f of [() => app.sketch.setTool('triangle'), () => app.sketch.setTool(3), () => app.sketch.overrideOptions({ color: 'not-a-colour' }), () => app.sketch.overrideOptions('red'), () => app.sketch.on('draw', () => 0), () => app.sketch.overrideOptions({ disableShadow: 'yes' })])
        try { f(); console.log('no error'); } catch (e) { console.log([e.name, e.message]); }
      console.log([app.sketch.tool === undefined, app.sketch.options, app.viewer.interactionMode.mode]);
    `,
      ),
    );
    const lines = fake.lines() as [string, string][];
    expect(lines.slice(0, 6).map((l) => l[0])).toEqual(['TypeError', 'TypeError', 'TypeError', 'TypeError', 'TypeError', 'TypeError']);
    expect(lines[0]![1]).toContain('type must be one of marker, polyline, polygon, circle, rectangle, extrudedCircle, extrudedRectangle, extrudedPolygon');
    expect(lines[2]![1]).toContain('options.color');
    expect(lines[5]).toEqual(['TypeError', 'sketch.overrideOptions: options.disableShadow must be a boolean, not "yes"']);
    expect(lines[6]).toEqual([true, {}, 'default']);
    expect(fake.tools.calls).toEqual([]);
  });

  it('delivers create and update with the layer, feature id and GeoJSON Feature, to listeners only', () => {
    const fake = run(
      plugin('p', `app.sketch.on('create', (e) => console.log(e)); app.sketch.on('update', (e) => console.log(['update', e.featureId]));`),
      plugin('q', `console.log('quiet');`),
    );
    const feature = {
      type: 'Feature' as const,
      id: 'sketch-1',
      geometry: { type: 'Point' as const, coordinates: [139, 35, 0] as [number, number, number] },
      properties: { id: 'sketch-1', type: 'marker' as const, positions: [[139, 35, 0]] as [number, number, number][], extrudedHeight: 0 },
    };
    fake.tools.draw({ layerId: 'sketch', featureId: 'sketch-1', feature });
    fake.tools.edit({ layerId: 'sketch', featureId: 'sketch-1', feature });
    expect(fake.lines()).toEqual([{ layerId: 'sketch', featureId: 'sketch-1', feature }, ['update', 'sketch-1']]);
    expect(fake.lines('q/main')).toEqual(['quiet']);
  });

  it('starts and ends picking, checks the options, and delivers spacePick', () => {
    const fake = run(
      plugin(
        'p',
        `
      app.spatialId.on('spacePick', (s) => console.log([s.id, s.zfxyStr, s.hilbertTilehash, s.vertices.length]));
      app.spatialId.pickSpace({ zoom: 20, color: '#ffd200', rightClickToExit: true });
      console.log(app.viewer.interactionMode.mode);
      for (const o of [{ zoom: 30 }, { zoom: 2.5 }, { color: 7 }, { minHeight: 10, maxHeight: 0 }, 'x'])
        try { app.spatialId.pickSpace(o); } catch (e) { console.log([e.name, e.message]); }
      app.viewer.on('click', () => { app.spatialId.exitPickSpace(); console.log(app.viewer.interactionMode.mode); });
    `,
      ),
    );
    expect(fake.lines()[0]).toBe('spatialId');
    expect((fake.lines().slice(1, 6) as string[][]).map((l) => l[0])).toEqual(['TypeError', 'TypeError', 'TypeError', 'TypeError', 'TypeError']);
    expect((fake.lines()[1] as string[])[1]).toContain('options.zoom');
    expect(fake.tools.calls).toEqual([{ op: 'pickSpace', args: [{ zoom: 20, color: '#ffd200', rightClickToExit: true }] }]);
    const space = spatialIdSpace({ z: 20, f: 0, x: 931389, y: 412906 });
    fake.tools.pick(space);
    expect(fake.lines()[6]).toEqual(['/20/0/931389/412906', '/20/0/931389/412906', space.hilbertTilehash, 8]);
    fake.host.emit('click', {});
    expect(fake.lines()[7]).toBe('default');
  });

  it('pushes a mode the page changed by itself to every extension', async () => {
    const fake = run(plugin('p', `app.viewer.on('click', () => console.log(app.viewer.interactionMode.mode));`));
    fake.tools.mode('spatialId');
    fake.host.emit('click', {});
    expect(fake.lines()).toEqual(['spatialId']);
  });

  it('reads the clock as Dates, commands it, and tells commit with its source', async () => {
    const fake = run(
      plugin(
        'p',
        `
      const t = app.timeline;
      t.on('commit', (c) => console.log(['commit', c.source, c.id]));
      console.log([t.startTime.toISOString(), t.stopTime.toISOString(), t.currentTime.toISOString(), t.isPlaying, t.speed, t.stepType, t.rangeType]);
      t.setTime({ start: '2026-11-21T00:10:00Z', current: new Date('2026-11-21T00:20:00Z') });
      t.setSpeed(120); t.setStepType('fixed'); t.setRangeType('clamped'); t.play();
      console.log([t.startTime.toISOString(), t.currentTime.toISOString(), t.isPlaying, t.speed, t.stepType, t.rangeType]);
      t.pause();
      console.log([t.tick().toISOString(), t.currentTime.toISOString(), t.isPlaying]);
    `,
      ),
    );
    expect(fake.errors()).toEqual([]);
    expect(fake.tools.wanted).toBe(true);
    expect(fake.lines().slice(0, 3)).toEqual([
      ['2026-11-21T00:00:00.000Z', '2026-11-21T01:30:00.000Z', '2026-11-21T00:00:00.000Z', false, 60, 'rate', 'unbounded'],
      ['2026-11-21T00:10:00.000Z', '2026-11-21T00:20:00.000Z', true, 120, 'fixed', 'clamped'],
      ['2026-11-21T00:22:00.000Z', '2026-11-21T00:22:00.000Z', false],
    ]);
    await nextTask();
    expect(fake.lines().slice(3)).toEqual(Array(6).fill(['commit', 'pluginAPI', 'p/main']));
    fake.tools.services.timeline.commit({ playing: true }, { source: 'widgetContext' });
    await nextTask();
    expect(fake.lines().at(-1)).toEqual(['commit', 'widgetContext', null]);
  });

  it("ticks a Date once per playing frame, only to listeners, and keeps every user's clock current", () => {
    const fake = run(
      plugin('p', `const stop = app.timeline.on('tick', (d) => { console.log([d instanceof Date, d.toISOString()]); if (d.getUTCMinutes() === 2) stop(); });`),
      plugin('q', `app.timeline.speed; app.viewer.on('click', () => console.log(app.timeline.currentTime.toISOString()));`),
      plugin('r', `app.viewer.on('click', () => console.log('r'));`),
    );
    const t0 = Date.parse('2026-11-21T00:00:00Z');
    for (const minute of [1, 2, 3]) fake.tools.frame(t0 + minute * 60_000);
    fake.host.emit('click', {});
    expect(fake.lines()).toEqual([
      [true, '2026-11-21T00:01:00.000Z'],
      [true, '2026-11-21T00:02:00.000Z'],
    ]);
    expect(fake.lines('q/main')).toEqual(['2026-11-21T00:03:00.000Z']);
    expect(fake.lines('r/main')).toEqual(['r']);
  });

  it('steps by the speed in seconds as the range type says at the stop time', () => {
    const fake = run(
      plugin(
        'p',
        `
      const t = app.timeline;
      t.setTime({ start: '2026-11-21T00:00:00Z', stop: '2026-11-21T00:02:00Z', current: '2026-11-21T00:01:30Z' });
      t.setSpeed(60);
      const at = () => t.tick().toISOString().slice(11, 19);
      t.setRangeType('clamped'); console.log([at(), at()]);
      t.setTime({ current: '2026-11-21T00:01:30Z' }); t.setRangeType('bounced'); console.log([at(), at()]);
      t.setTime({ current: '2026-11-21T00:01:30Z' }); t.setRangeType('unbounded'); console.log([at(), at()]);
    `,
      ),
    );
    expect(fake.lines()).toEqual([
      ['00:02:00', '00:02:00'],
      ['00:00:30', '00:01:30'],
      ['00:02:30', '00:03:30'],
    ]);
  });

  it('refuses a bad speed, step or range type and bad dates, changing nothing', () => {
    const fake = run(
      plugin(
        'p',
        `
      const t = app.timeline;
      const before = JSON.stringify([t.startTime, t.stopTime, t.currentTime, t.speed, t.stepType, t.rangeType]);
      for (const f of [() => t.setSpeed('fast'), () => t.setSpeed(NaN), () => t.setStepType('slow'), () => t.setRangeType('loop'),
        () => t.setTime({ current: 'yesterday' }), () => t.setTime({ start: new Date('x') }), () => t.setTime({ stop: 5 }),
        () => t.setTime({ start: '2026-11-22T00:00:00Z' }), () => t.setTime(null), () => t.on('tock', () => 0)])
        try { f(); console.log('no error'); } catch (e) { console.log([e.name, e.message]); }
      console.log(before === JSON.stringify([t.startTime, t.stopTime, t.currentTime, t.speed, t.stepType, t.rangeType]));
    `,
      ),
    );
    const lines = fake.lines();
    expect((lines.slice(0, 10) as string[][]).map((l) => l[0])).toEqual(Array(10).fill('TypeError'));
    expect((lines[0] as string[])[1]).toContain('speed');
    expect((lines[4] as string[])[1]).toContain('current');
    expect((lines[5] as string[])[1]).toContain('start');
    expect(lines[10]).toBe(true);
  });
});
