import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { withStillClock } from '../../testing/still-clock.js';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { MAX_MESSAGES_PER_SECOND } from './transport/message-budget.js';
import type { PluginHost } from './plugin-host.js';
import type { InstalledPlugin } from './viewer-services.js';
import { loadQuickJs } from './quickjs/quickjs.js';
import { runPlugins, widgetPlugin as plugin } from '../../testing/test-services.js';

/** `app.extension.postMessage` between two plugins, and `app.ui`'s resize, close and update, on the test engine. */
describe('app.extension messages and app.ui resize, close, update', () => {
  let module: QuickJSWASMModule;
  let host: PluginHost | undefined;
  beforeAll(async () => {
    module = await loadQuickJs();
  });
  afterEach(() => host?.stopAll());

  function run(plugins: InstalledPlugin[], widgetProperty?: (p: string, e: string) => Record<string, unknown> | undefined) {
    const started = runPlugins(module, plugins, { widgetProperty });
    host = started.host;
    return started;
  }

  it('delivers extensionMessage {data, sender} to the named extension, which can answer', async () => {
    const { host, lines } = run([
      plugin('b', `app.extension.on('extensionMessage', (m) => { console.log(m); app.extension.postMessage(m.sender, { pong: m.data.n }); });`),
      plugin(
        'a',
        `app.extension.on('extensionMessage', (m) => console.log(m)); globalThis.send = () => app.extension.postMessage('b/main', { n: 1 }); app.viewer.on('click', () => send());`,
      ),
    ]);
    host.emit('click', {});
    expect(lines('b/main')).toEqual([{ data: { n: 1 }, sender: 'a/main' }]);
    // The answer reaches "a" once its own call has returned (an event never enters a busy sandbox).
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(lines('a/main')).toEqual([{ data: { pong: 1 }, sender: 'b/main' }]);
  });

  it('throws a TypeError for an id that is not running or not a string, and delivers nothing', () => {
    const { lines } = run([
      plugin('b', `app.extension.on('extensionMessage', (m) => console.log(m));`),
      plugin(
        'a',
        `for (const id of ['nope/main', 'b', 42, undefined]) try { app.extension.postMessage(id, 1); console.log('sent'); } catch (e) { console.log([e.name, e.message]); }`,
      ),
    ]);
    const answers = lines('a/main') as [string, string][];
    expect(answers.map((a) => a[0])).toEqual(['TypeError', 'TypeError', 'TypeError', 'TypeError']);
    expect(answers[0]![1]).toContain('nope/main');
    expect(answers[2]![1]).toContain('id');
    expect(lines('b/main')).toEqual([]);
  });

  it('bounds one extension to the messages a UI frame may send in a second: one more throws a TypeError, said once', () => {
    withStillClock(() => {
      const { lines, logs } = run([
        plugin('b', `let n = 0; app.extension.on('extensionMessage', () => n++); app.viewer.on('click', () => console.log(n));`),
        plugin(
          'a',
          `let refused = 0; for (let i = 0; i < ${MAX_MESSAGES_PER_SECOND + 50}; i++) try { app.extension.postMessage('b/main', i); } catch (e) { refused += e instanceof TypeError ? 1 : 0; } console.log(refused);`,
        ),
      ]);
      host!.emit('click', {});
      expect(lines('b/main')).toEqual([MAX_MESSAGES_PER_SECOND]);
      expect(lines('a/main')).toEqual([50]);
      expect(logs.filter((l) => l.source === 'a/main' && l.level === 'warn')).toHaveLength(1);
      expect(host!.sandboxes.find((s) => s.pluginId === 'a')?.status).toBe('running');
    });
  });

  it('stops a plugin that goes on sending past the TypeErrors, with one console line, and its frames close', () => {
    withStillClock(() => {
      const { lines, logs, calls } = run([
        plugin('b', `let n = 0; app.extension.on('extensionMessage', () => n++); app.viewer.on('click', () => console.log(n));`),
        plugin(
          'a',
          `app.ui.show('<b>a</b>'); for (;;) { try { app.ui.postMessage('x'.repeat(1000)); app.extension.postMessage('b/main', 1); } catch { /* not told */ } }`,
        ),
      ]);
      const a = host!.sandboxes.find((s) => s.pluginId === 'a')!;
      expect(a.status).toBe('failed');
      expect(a.failure).toMatch(/went on sending messages after \d+ were refused/);
      const errors = logs.filter((l) => l.source === 'a/main' && l.level === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.text).toMatch(/^stopped: it went on sending messages/);
      expect(calls.filter((c) => c.op === 'ui.post')).toHaveLength(MAX_MESSAGES_PER_SECOND / 2);
      expect(calls.some((c) => c.op === 'ui.close' && c.args[0] === 'a/main')).toBe(true);
      expect(calls.find((c) => c.op === 'stopped')?.args[0]).toBe('a/main');
      host!.emit('click', {});
      expect(lines('b/main')).toEqual([MAX_MESSAGES_PER_SECOND / 2]);
    });
  });

  it('throws a TypeError for an unknown extension event', () => {
    const { lines } = run([plugin('a', `try { app.extension.on('extensionMessages', () => {}); } catch (e) { console.log(e.name); }`)]);
    expect(lines('a/main')).toEqual(['TypeError']);
  });

  it('resizes and closes its frame, hears close after its call, and checks the arguments', async () => {
    const { calls, lines } = run([
      plugin(
        'a',
        `
      app.ui.show('<b>hi</b>');
      app.ui.on('close', (e) => console.log(['close', e === undefined]));
      app.ui.resize(320, 240);
      app.ui.resize(100, 50, true);
      app.ui.resize(undefined, '40vh');
      app.ui.resize('50%', '120px');
      for (const args of [['320', 240], [320, '1px; color:red'], [320, 240, 'yes']]) try { app.ui.resize(...args); } catch (e) { console.log([e.name, e.message]); }
      app.ui.close();
      console.log('after close');
    `,
      ),
    ]);
    expect(calls.filter((c) => c.op === 'ui.resize' || c.op === 'ui.close').map((c) => c.args)).toEqual([
      // An absent `extended` reaches the page as absent: it keeps the frame extended or not.
      ['a/main', 320, 240, undefined],
      ['a/main', 100, 50, true],
      // Re:Earth's forms: an absent size (kept by the page) and CSS length strings.
      ['a/main', undefined, '40vh', undefined],
      ['a/main', '50%', '120px', undefined],
      ['a/main'],
    ]);
    const errors = lines('a/main').slice(0, 3) as [string, string][];
    expect(errors.map((e) => e[0])).toEqual(['TypeError', 'TypeError', 'TypeError']);
    expect(errors.map((e) => e[1].match(/width|height|extended/)?.[0])).toEqual(['width', 'height', 'extended']);
    expect(lines('a/main')[3]).toBe('after close');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(lines('a/main')[4]).toEqual(['close', true]);
  });

  it('gives app.extension.widget.extended as the frame is extended and no longer, read from the next task', async () => {
    const { lines } = run([
      plugin(
        'a',
        `
        const steps = [
          ['shown extended', () => app.ui.show('<p>a</p>', { extended: true })],
          ['height only', () => app.ui.resize(undefined, 80)],
          ['a width', () => app.ui.resize(240, 80)],
          ['resized extended', () => app.ui.resize(undefined, undefined, true)],
        ];
        const { horizontally, vertically } = app.extension.widget.extended;
        console.log(['start', horizontally]);
        // Each step, then its reading in the next task, then the next step.
        const next = (i) => {
          if (i === steps.length) return;
          steps[i][1]();
          setTimeout(() => { const e = app.extension.widget.extended; console.log([steps[i][0], e.horizontally, e.vertically]); next(i + 1); }, 0);
        };
        next(0);
      `,
      ),
    ]);
    await vi.waitFor(() => expect(lines('a/main')).toHaveLength(5), { timeout: 20_000 });
    expect(lines('a/main')).toEqual([
      ['start', false],
      ['shown extended', true, false],
      ['height only', true, false],
      ['a width', false, false],
      ['resized extended', true, false],
    ]);
  });

  it('fires update when the widget property changes, with the new property readable, only for that widget', () => {
    const { host, lines } = run(
      [
        plugin('a', `console.log(app.extension.widget.property); app.ui.on('update', (e) => console.log([e === undefined, app.extension.widget.property]));`),
        plugin('b', `app.ui.on('update', () => console.log('b updated'));`),
      ],
      (p) => (p === 'a' ? { default: { title: 'old' } } : undefined),
    );
    host.setWidgetProperty('a', 'main', { default: { title: 'new' } });
    host.setWidgetProperty('a', 'main', undefined);
    host.setWidgetProperty('nope', 'main', { x: 1 });
    expect(lines('a/main')).toEqual([{ default: { title: 'old' } }, [true, { default: { title: 'new' } }], [true, {}]]);
    expect(lines('b/main')).toEqual([]);
  });
});
