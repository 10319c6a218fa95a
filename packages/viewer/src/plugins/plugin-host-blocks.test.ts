import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { PluginHost } from './plugin-host.js';
import type { InstalledPlugin } from './viewer-services.js';
import { loadQuickJs } from './quickjs/quickjs.js';
import { runPlugins } from '../../testing/test-services.js';

/** A plugin with a widget, an infobox block, a story block and Re:Earth's older `block` type. */
function charts(code: string): InstalledPlugin {
  return {
    id: 'charts',
    name: 'Charts',
    version: '1.0.0',
    extensions: [
      { id: 'main', type: 'widget', name: 'Widget' },
      { id: 'bars', type: 'infoboxBlock', name: 'Bars' },
      { id: 'note', type: 'storyBlock', name: 'Note' },
      { id: 'old', type: 'block', name: 'Old block' },
      { id: 'empty', type: 'storyBlock', name: 'No script' },
    ],
    files: { 'main.js': 'app.extension.on("extensionMessage", (m) => console.log(m));', 'bars.js': code, 'note.js': code, 'old.js': code },
  };
}

/** Each block logs itself and its `widget`, and on `ui.update` its new property. */
const BLOCK = `
console.log({ block: app.extension.block, widget: app.extension.widget === undefined, list: app.extension.list.map((e) => e.id) });
app.ui.on('update', () => console.log({ update: app.extension.block.property }));
app.ui.on('message', (m) => console.log({ got: m, at: app.extension.block.id }));
app.ui.show('<p>' + app.extension.block.id + '</p>', { height: 40 });
`;

describe('PluginHost blocks (docs/contract.md §8)', () => {
  let module: QuickJSWASMModule;
  let host: PluginHost | undefined;
  beforeAll(async () => {
    module = await loadQuickJs();
  });
  afterEach(() => host?.stopAll());

  function run(code = BLOCK) {
    const started = runPlugins(module, [charts(code)]);
    host = started.host;
    return started;
  }

  it('starts each block in a sandbox of its own, labelled by its place, with app.extension.block and no widget', () => {
    const { host, lines, calls } = run();
    // One extension placed twice runs twice.
    expect(host.startBlock('infobox', 'infobox-pts-0', { pluginId: 'charts', extensionId: 'bars', property: { default: { max: 10 } } })).toBe(
      'charts/bars/infobox-pts-0',
    );
    expect(host.startBlock('infobox', 'infobox-pts-1', { pluginId: 'charts', extensionId: 'bars' })).toBe('charts/bars/infobox-pts-1');
    expect(host.startBlock('story', 'story-p1-0', { pluginId: 'charts', extensionId: 'note' })).toBe('charts/note/story-p1-0');
    // The console prefix stays docs/contract.md §5's `pluginId/extensionId`.
    expect(lines('charts/bars')).toEqual([
      {
        block: { id: 'charts/bars/infobox-pts-0', pluginId: 'charts', extensionId: 'bars', property: { default: { max: 10 } } },
        widget: true,
        list: ['charts/main', 'charts/bars/infobox-pts-0'],
      },
      {
        block: { id: 'charts/bars/infobox-pts-1', pluginId: 'charts', extensionId: 'bars', property: {} },
        widget: true,
        list: ['charts/main', 'charts/bars/infobox-pts-0', 'charts/bars/infobox-pts-1'],
      },
    ]);
    expect(lines('charts/note')).toHaveLength(1);
    expect(calls.filter((c) => c.op === 'ui.show').map((c) => c.args[0])).toEqual([
      'charts/bars/infobox-pts-0',
      'charts/bars/infobox-pts-1',
      'charts/note/story-p1-0',
    ]);
    // Messages from a block's frame reach that block only.
    host.uiMessage('charts/bars/infobox-pts-1', 'hi');
    expect(lines('charts/bars').at(-1)).toEqual({ got: 'hi', at: 'charts/bars/infobox-pts-1' });
    expect(lines('charts/bars')).toHaveLength(3);
    expect(host.sandboxes.map((s) => s.label)).toEqual(['charts/main', 'charts/bars/infobox-pts-0', 'charts/bars/infobox-pts-1', 'charts/note/story-p1-0']);
  });

  it("gives an infobox block its layer as it is now (Re:Earth's app.extension.block.layer), and a story block none", () => {
    const { host, lines } = run(`
      console.log([app.extension.block.layer && app.extension.block.layer.title, 'layer' in app.extension.block]);
      app.ui.on('update', () => { app.layers.override('landmarks', { title: 'Sights' }); console.log(app.extension.block.layer && app.extension.block.layer.title); });
    `);
    host.startBlock('infobox', 'infobox-landmarks-0', { pluginId: 'charts', extensionId: 'bars', layerId: 'landmarks' });
    host.startBlock('story', 'story-p1-0', { pluginId: 'charts', extensionId: 'note' });
    expect(lines('charts/bars')).toEqual([['Landmarks', true]]);
    expect(lines('charts/note')).toEqual([[null, false]]);
    // Read anew on each access: an override of the layer shows.
    host.setBlockProperty('charts/bars/infobox-landmarks-0', {});
    expect(lines('charts/bars').at(-1)).toBe('Sights');
  });

  it('runs Re:Earth`s older `block` type in an infobox, and refuses a block of the wrong kind or not installed, said in the console', () => {
    const { host, logs } = run();
    expect(host.startBlock('infobox', 'infobox-pts-0', { pluginId: 'charts', extensionId: 'old' })).toBe('charts/old/infobox-pts-0');
    expect(host.startBlock('story', 'story-p1-0', { pluginId: 'charts', extensionId: 'bars' })).toBeUndefined();
    expect(host.startBlock('infobox', 'infobox-pts-1', { pluginId: 'charts', extensionId: 'main' })).toBeUndefined();
    expect(host.startBlock('infobox', 'infobox-pts-2', { pluginId: 'gone', extensionId: 'bars' })).toBeUndefined();
    expect(host.startBlock('story', 'story-p1-0', { pluginId: 'charts', extensionId: 'empty' })).toBeUndefined();
    expect(logs.filter((l) => l.level === 'error').map((l) => [l.source, l.text])).toEqual([['charts/empty/story-p1-0', 'missing empty.js']]);
    expect(logs.filter((l) => l.level === 'warn').map((l) => l.text)).toEqual([
      'the story block story-p1-0 names charts/bars, whose type infoboxBlock is not storyBlock: it is not shown',
      'the infobox block infobox-pts-1 names charts/main, whose type widget is not infoboxBlock or block: it is not shown',
      'the infobox block infobox-pts-2 names gone/bars, which is not installed: it is not shown',
    ]);
    expect(host.sandboxes.map((s) => s.label)).toEqual(['charts/main', 'charts/old/infobox-pts-0']);
  });

  it('gives a running block its new property with ui.update, and stopping it takes its sandbox, frames and list entry away', () => {
    const { host, lines, calls } = run();
    const label = host.startBlock('infobox', 'infobox-pts-0', { pluginId: 'charts', extensionId: 'bars' })!;
    host.setBlockProperty(label, { default: { max: 3 } });
    expect(lines('charts/bars').at(-1)).toEqual({ update: { default: { max: 3 } } });
    const sandbox = host.sandboxes.find((s) => s.label === label)!;
    host.stopBlock(label);
    expect(sandbox.status).toBe('stopped');
    expect(host.sandboxes.map((s) => s.label)).toEqual(['charts/main']);
    expect(calls.filter((c) => c.op === 'ui.close').map((c) => c.args[0])).toEqual([label]);
    // Stopping twice, or a property for a stopped block, does nothing.
    host.stopBlock(label);
    host.setBlockProperty(label, {});
    expect(lines('charts/bars')).toHaveLength(2);
  });
});
