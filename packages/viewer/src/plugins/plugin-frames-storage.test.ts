import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withStillClock } from '../../testing/still-clock.js';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { CLIENT_STORAGE_QUOTA_BYTES } from './host/client-storage.js';
import { MAX_MESSAGES_PER_SECOND } from './transport/message-budget.js';
import { MAX_MARQUEE_FEATURES, type PluginHost } from './plugin-host.js';
import type { InstalledPlugin } from './viewer-services.js';
import { loadQuickJs } from './quickjs/quickjs.js';
import { runPlugins, widgetPlugin as plugin } from '../../testing/test-services.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Waits until `test` holds (promise jobs and host promises settle over a few ticks), for up to 20 s and more on a busy machine. */
async function until(test: () => boolean): Promise<void> {
  for (let i = 0; i < 4000 && !test(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(test()).toBe(true);
}

/** `app.modal`, `app.popup`, `app.data.clientStorage`, `app.extension.list` and the `app.viewer` extras, on the test engine. */
describe('frames, client storage, extension list, viewer extras', () => {
  let module: QuickJSWASMModule;
  let host: PluginHost | undefined;
  beforeAll(async () => {
    module = await loadQuickJs();
  });
  afterEach(() => host?.stopAll());

  function run(plugins: InstalledPlugin[]) {
    const started = runPlugins(module, plugins);
    host = started.host;
    return started;
  }

  it('shows, updates, posts to and closes a modal and a popup, with close heard once after the call', async () => {
    const { calls, lines } = run([
      plugin(
        'a',
        `
      app.modal.on('close', (e) => console.log(['modal close', e === undefined]));
      app.popup.on('close', () => console.log('popup close'));
      app.modal.show('<p>m</p>', { width: 320, height: 200, background: '#0008', clickBgToClose: true });
      app.modal.update({ height: 240 });
      app.modal.postMessage({ n: 1 });
      app.popup.show('<p>p</p>', { width: 160, height: 60, position: 'left-start', offset: 4 });
      app.popup.update({ anchor: { lng: 139.77, lat: 35.68 } });
      app.popup.update({ offset: { mainAxis: 2, crossAxis: -3, alignmentAxis: null } });
      app.modal.close();
      app.popup.close();
      app.popup.close();
    `,
      ),
    ]);
    const frameCalls = calls.filter((c) => /^(modal|popup)\./.test(c.op)).map((c) => [c.op, ...c.args]);
    expect(frameCalls).toEqual([
      ['modal.show', 'a/main', '<p>m</p>', { width: 320, height: 200, background: '#0008', clickBgToClose: true }],
      ['modal.update', 'a/main', { height: 240 }],
      ['modal.post', 'a/main', { n: 1 }],
      ['popup.show', 'a/main', '<p>p</p>', { width: 160, height: 60, position: 'left-start', offset: 4 }],
      ['popup.update', 'a/main', { anchor: { lng: 139.77, lat: 35.68 } }],
      ['popup.update', 'a/main', { offset: { mainAxis: 2, crossAxis: -3, alignmentAxis: null } }],
      ['modal.close', 'a/main'],
      ['popup.close', 'a/main'],
      ['popup.close', 'a/main'],
    ]);
    await tick();
    // The second popup.close closed nothing: one close event each.
    expect(lines('a/main')).toEqual([['modal close', true], 'popup close']);
  });

  it('throws a TypeError naming the wrong option and shows nothing', () => {
    const { calls, lines } = run([
      plugin(
        'a',
        `
      const tries = [
        () => app.popup.show('<p>p</p>', { anchor: { lng: 200, lat: 0 } }),
        () => app.popup.show('<p>p</p>', { anchor: { lng: 0, lat: -91 } }),
        () => app.popup.show('<p>p</p>', { anchor: { lng: 0, lat: 0, height: 'high' } }),
        () => app.popup.show('<p>p</p>', { position: 'middle' }),
        () => app.popup.update({ offset: '4px' }),
        () => app.popup.update({ offset: { mainAxis: '4px' } }),
        () => app.popup.show('<p>p</p>', { offset: { crossAxis: Infinity } }),
        () => app.popup.show('<p>p</p>', { offset: [4, 2] }),
        () => app.modal.show(42),
        () => app.modal.show('<p>m</p>', { clickBgToClose: 'yes' }),
        () => app.modal.show('<p>m</p>', { width: NaN }),
        () => app.modal.show('<p>m</p>', { width: '1px; background:url(x)' }),
        () => app.modal.update({ height: '300' }),
        () => app.popup.show('<p>p</p>', { width: 'calc(100% - 1px)' }),
        () => app.popup.update({ height: '-20px' }),
        () => app.ui.show('<p>u</p>', { width: '50 %' }),
      ];
      for (const t of tries) try { t(); console.log('shown'); } catch (e) { console.log([e.name, e.message]); }
    `,
      ),
    ]);
    const answers = lines('a/main') as [string, string][];
    expect(answers.map((a) => a[0])).toEqual(Array(16).fill('TypeError'));
    expect(answers.map((a) => a[1].match(/options\.\w+(\.\w+)?|html/)?.[0])).toEqual([
      'options.anchor.lng',
      'options.anchor.lat',
      'options.anchor.height',
      'options.position',
      'options.offset',
      'options.offset',
      'options.offset.crossAxis',
      'options.offset',
      'html',
      'options.clickBgToClose',
      'options.width',
      'options.width',
      'options.height',
      'options.width',
      'options.height',
      'options.width',
    ]);
    expect(calls.filter((c) => /^(modal|popup|ui)\./.test(c.op))).toEqual([]);
  });

  it("takes Re:Earth's sizes: pixels as numbers and CSS length strings, passed on as given", () => {
    const { calls, lines } = run([
      plugin(
        'a',
        `
      app.modal.show('<p>m</p>', { width: '50%', height: '240px' });
      app.modal.update({ width: 'auto', height: 12.5 });
      app.popup.show('<p>p</p>', { width: '10em', height: '.5rem' });
      app.popup.update({ width: '30vw', height: '20vmin' });
    `,
      ),
    ]);
    expect(lines('a/main')).toEqual([]);
    expect(calls.filter((c) => /^(modal|popup)\./.test(c.op)).map((c) => [c.op, ...c.args])).toEqual([
      ['modal.show', 'a/main', '<p>m</p>', { width: '50%', height: '240px' }],
      ['modal.update', 'a/main', { width: 'auto', height: 12.5 }],
      ['popup.show', 'a/main', '<p>p</p>', { width: '10em', height: '.5rem' }],
      ['popup.update', 'a/main', { width: '30vw', height: '20vmin' }],
    ]);
  });

  it('delivers a modal message to modal.on and extension.on("message"), a popup message to popup.on, not to ui.on', () => {
    const { host, lines } = run([
      plugin(
        'a',
        `
      for (const ns of ['ui', 'modal', 'popup', 'extension']) app[ns].on('message', (m) => console.log([ns, m]));
    `,
      ),
    ]);
    host.frameMessage('modal', 'a/main', { ok: 1 });
    host.frameMessage('popup', 'a/main', 'hi');
    host.frameClosed('modal', 'a/main');
    expect(lines('a/main')).toEqual([
      ['modal', { ok: 1 }],
      ['extension', { ok: 1 }],
      ['popup', 'hi'],
      ['extension', 'hi'],
    ]);
  });

  it('keeps JSON values per extension: get, set, keys, delete, drop', async () => {
    const { lines } = run([
      plugin(
        'a',
        `(async () => {
        const s = app.data.clientStorage;
        console.log(await s.getAsync('missing') === undefined);
        await s.setAsync('b', { list: [1, 'two', null, true] });
        await s.setAsync('a', 3.5);
        console.log(await s.keysAsync());
        console.log(await s.getAsync('b'));
        await s.deleteAsync('a');
        console.log(await s.keysAsync());
        await s.dropStoreAsync();
        console.log(await s.keysAsync());
        await s.setAsync('kept', 'yes');
        console.log('done');
      })();`,
      ),
      plugin(
        'b',
        `(async () => { console.log(await app.data.clientStorage.keysAsync()); console.log(await app.data.clientStorage.getAsync('b') === undefined); })();`,
      ),
    ]);
    await until(() => lines('a/main').includes('done'));
    expect(lines('a/main')).toEqual([true, ['a', 'b'], { list: [1, 'two', null, true] }, ['b'], [], 'done']);
    expect(lines('b/main')).toEqual([[], true]);
  });

  it('rejects a non-JSON value or a wrong key with a TypeError and stores nothing', async () => {
    const { lines, storage } = run([
      plugin(
        'a',
        `(async () => {
      const s = app.data.clientStorage;
      const cyclic = {}; cyclic.self = cyclic;
      for (const [key, value] of [['f', () => 1], ['u', undefined], ['n', NaN], ['d', new Date(0)], ['c', cyclic], ['deep', { a: [Infinity] }], [42, 1]]) {
        try { await s.setAsync(key, value); console.log('stored ' + key); } catch (e) { console.log([e.name, /value|key/.exec(e.message)[0]]); }
      }
      try { await s.getAsync(7); } catch (e) { console.log([e.name, /key/.exec(e.message)[0]]); }
      console.log(await s.keysAsync());
    })();`,
      ),
    ]);
    await until(() => lines('a/main').length === 9);
    expect(lines('a/main')).toEqual([...Array(6).fill(['TypeError', 'value']), ['TypeError', 'key'], ['TypeError', 'key'], []]);
    expect([...storage.scopes.values()].every((s) => s.size === 0)).toBe(true);
  });

  it('rejects a set past 5 MiB per extension and stores nothing; other extensions keep their own quota', async () => {
    // One call carries at most 1 MiB of JSON (the bridge's bound): six values of 0.9 MB pass 5 MiB.
    const chunk = 900_000;
    const { lines, storage } = run([
      plugin(
        'a',
        `(async () => {
        const s = app.data.clientStorage;
        const big = 'x'.repeat(${chunk});
        for (const key of ['k1', 'k2', 'k3', 'k4', 'k5']) await s.setAsync(key, big);
        try { await s.setAsync('k6', big); console.log('stored'); } catch (e) { console.log(e.message.includes('5 MiB')); }
        await s.setAsync('k2', 'small');
        await s.setAsync('k6', big);
        console.log(await s.keysAsync());
      })();`,
      ),
      plugin('b', `app.data.clientStorage.setAsync('mine', 'x'.repeat(${chunk})).then(() => console.log('b stored'));`),
    ]);
    await until(() => lines('a/main').length === 2 && lines('b/main').length === 1);
    expect(lines('a/main')).toEqual([true, ['k1', 'k2', 'k3', 'k4', 'k5', 'k6']]);
    expect(lines('b/main')).toEqual(['b stored']);
    expect(storage.scopes.get('test-project/a/main')?.get('k2')).toBe('"small"');
    expect(CLIENT_STORAGE_QUOTA_BYTES).toBe(5 * 1024 * 1024);
  });

  it('lists every running extension with its type as pushed state, including later ones and without stopped ones', () => {
    const { host, lines } = run([
      plugin('a', `console.log(app.extension.list.map((e) => e.id)); app.viewer.on('click', () => console.log(app.extension.list));`),
      plugin('b', `console.log(app.extension.list.length);`, {
        name: 'Bee',
        extensions: [
          { id: 'main', type: 'widget', name: 'Bee widget' },
          { id: 'block', type: 'block', name: 'A block' },
        ],
      }),
    ]);
    host.stopPlugin('b');
    host.emit('click', {});
    expect(lines('a/main')).toEqual([
      ['a/main'],
      [{ id: 'a/main', pluginId: 'a', extensionId: 'main', name: 'a widget', extensionType: 'widget', runTimes: 1 }],
    ]);
    expect(lines('b/main')).toEqual([2]);
  });

  it("counts each extension's starts as runTimes: 1 on its first run, restarts on the page's count included", () => {
    const runTimes = new Map<string, number>();
    const code = `console.log(app.extension.list.map((e) => [e.id, e.runTimes])); app.viewer.on('click', () => console.log(app.extension.list.map((e) => [e.id, e.runTimes])));`;
    const plugins = [
      plugin('a', code),
      plugin('b', '', {
        extensions: [
          { id: 'main', type: 'widget', name: 'B widget' },
          { id: 'card', type: 'infoboxBlock', name: 'Card' },
        ],
        files: { 'main.js': '', 'card.js': '' },
      }),
    ];
    const first = runPlugins(module, plugins, { runTimes });
    // Read at its top level, before b started.
    expect(first.lines('a/main')).toEqual([[['a/main', 1]]]);
    // A block closed and shown again in the same place starts again; another place is another instance.
    first.host.startBlock('infobox', 'infobox-x-0', { pluginId: 'b', extensionId: 'card' });
    first.host.stopBlock('b/card/infobox-x-0');
    first.host.startBlock('infobox', 'infobox-x-0', { pluginId: 'b', extensionId: 'card' });
    first.host.startBlock('infobox', 'infobox-y-0', { pluginId: 'b', extensionId: 'card' });
    first.host.emit('click', {});
    expect(first.lines('a/main')[1]).toEqual([
      ['a/main', 1],
      ['b/main', 1],
      ['b/card/infobox-x-0', 2],
      ['b/card/infobox-y-0', 1],
    ]);
    first.host.stopAll();
    // The editor's restart: a new host on the same page takes the counts over.
    const second = runPlugins(module, plugins, { runTimes });
    host = second.host;
    second.host.emit('click', {});
    expect(second.lines('a/main')).toEqual([
      [['a/main', 2]],
      [
        ['a/main', 2],
        ['b/main', 2],
      ],
    ]);
    // A page of its own starts from nothing.
    const other = runPlugins(module, plugins);
    expect(other.lines('a/main')).toEqual([[['a/main', 1]]]);
    other.host.stopAll();
  });

  it('answers getGlobeHeightByCamera and getGeoidHeight, and checks their arguments', async () => {
    const { lines } = run([
      plugin(
        'a',
        `(async () => {
      console.log(app.viewer.tools.getGlobeHeightByCamera());
      console.log(await app.viewer.tools.getGeoidHeight(139.77, 35.68));
      try { await app.viewer.tools.getGeoidHeight(139.77, 95); } catch (e) { console.log([e.name, /lat/.test(e.message)]); }
      // Without lng or lat (optional in Re:Earth) the answer is undefined, as on Re:Earth.
      console.log([await app.viewer.tools.getGeoidHeight(), await app.viewer.tools.getGeoidHeight(139.77), await app.viewer.tools.getGeoidHeight(undefined, 35.68)].map((n) => n === undefined));
    })();`,
      ),
    ]);
    await until(() => lines('a/main').length === 4);
    expect(lines('a/main')).toEqual([12.5, 36.7, ['TypeError', true], [true, true, true]]);
  });

  it("delivers the selection box events to selectionMode listeners with Re:Earth's fields, and throws for an unknown one", () => {
    const { host, lines } = run([
      plugin(
        'a',
        `
      const mode = app.viewer.interactionMode.selectionMode;
      for (const e of ['marqueeStart', 'marqueeMove', 'marqueeEnd']) mode.on(e, (box) => console.log([e, box]));
      try { mode.on('marquee', () => {}); } catch (e) { console.log(e.name); }
    `,
      ),
    ]);
    host.marquee('marqueeStart', { box: { x: 10, y: 20, width: 0, height: 0 }, pointer: { x: 10, y: 20 }, shift: false }, { lng: 139.7, lat: 35.6 });
    host.marquee('marqueeMove', { box: { x: 10, y: 20, width: 30, height: 40 }, pointer: { x: 40, y: 60 }, shift: true }, undefined);
    const end = {
      features: [
        { layerId: 'landmarks', featureId: 'tower' },
        { layerId: 'landmarks', featureId: 'gone' },
      ],
      isClick: false,
    };
    const place = { lng: 139.8, lat: 35.5, height: 12 };
    host.marquee('marqueeEnd', { box: { x: 10, y: 20, width: 30, height: 40 }, pointer: { x: 40, y: 60 }, shift: false, end }, place);
    expect(lines('a/main')).toEqual([
      'TypeError',
      ['marqueeStart', { x: 10, y: 20, width: 0, height: 0, startX: 10, startY: 20, lng: 139.7, lat: 35.6 }],
      ['marqueeMove', { x: 10, y: 20, width: 30, height: 40, startX: 10, startY: 20, pressedKey: 'shift' }],
      // Features as plugins see them (a feature the page no longer has is left out); the box's
      // height stays the box's, never the place's.
      [
        'marqueeEnd',
        {
          x: 10,
          y: 20,
          width: 30,
          height: 40,
          startX: 10,
          startY: 20,
          lng: 139.8,
          lat: 35.5,
          features: [{ id: 'tower', layerId: 'landmarks', properties: { name: 'Tokyo Tower', height: 333 } }],
          isClick: false,
        },
      ],
    ]);
  });

  it('hands a marqueeEnd at most MAX_MARQUEE_FEATURES features', () => {
    const picked = Array.from({ length: MAX_MARQUEE_FEATURES + 5 }, () => ({ layerId: 'landmarks', featureId: 'tower' }));
    const end = (count: number) => ({
      box: { x: 0, y: 0, width: 9, height: 9 },
      pointer: { x: 9, y: 9 },
      shift: false,
      end: { features: picked.slice(0, count), isClick: false },
    });
    const { host, lines } = run([plugin('a', `app.viewer.interactionMode.selectionMode.on('marqueeEnd', (e) => console.log(e.features.length));`)]);
    host.marquee('marqueeEnd', end(picked.length), undefined);
    expect(lines('a/main')).toEqual([MAX_MARQUEE_FEATURES]);
  });

  it('bounds a flood of modal postMessage calls as app.ui messages are bounded', () => {
    withStillClock(() => {
      const { calls, logs } = run([plugin('a', `for (let i = 0; i < ${MAX_MESSAGES_PER_SECOND + 50}; i++) app.modal.postMessage(i);`)]);
      expect(calls.filter((c) => c.op === 'modal.post')).toHaveLength(MAX_MESSAGES_PER_SECOND);
      expect(logs.filter((l) => l.level === 'warn')).toHaveLength(1);
    });
  });

  it('bounds app.ui.postMessage by the same budget: a flood to the UI frame and the modal passes 200 in all (issue 30)', () => {
    withStillClock(() => {
      const { calls, logs } = run([
        plugin('a', `for (let i = 0; i < ${MAX_MESSAGES_PER_SECOND}; i++) { app.ui.postMessage('x'.repeat(1000)); app.modal.postMessage(i); }`),
      ]);
      expect(calls.filter((c) => c.op === 'ui.post' || c.op === 'modal.post')).toHaveLength(MAX_MESSAGES_PER_SECOND);
      expect(logs.filter((l) => l.level === 'warn')).toHaveLength(1);
    });
  });
});
