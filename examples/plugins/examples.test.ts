import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validatePluginPackage } from '../../packages/server/src/plugins/plugin-package.js';
import { PluginHost, type ViewerServices } from '../../packages/viewer/src/plugins/plugin-host.js';
import { loadQuickJs } from '../../packages/viewer/src/plugins/quickjs.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const examples = readdirSync(here, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

function load(name: string) {
  const manifest = JSON.parse(readFileSync(join(here, name, 'plugin.json'), 'utf8'));
  const files = Object.fromEntries(readdirSync(join(here, name)).filter((f) => f.endsWith('.js')).map((f) => [f, readFileSync(join(here, name, f), 'utf8')]));
  return validatePluginPackage(manifest, files);
}

function services(log: string[], ui: unknown[]): ViewerServices {
  return {
    env: { inEditor: false, isBuilt: true },
    viewport: () => ({ width: 640, height: 480, isMobile: false, query: {} }),
    ellipsoidRadii: [6378137, 6378137, 6356752.314245179],
    applyProperty: () => undefined,
    setInteractionMode: () => undefined,
    locationAt: () => undefined,
    screenOf: () => undefined,
    globeHeight: () => undefined,
    terrainHeight: async () => undefined,
    offsetOnScreen: () => undefined,
    isVisible: () => true,
    currentLocation: async () => ({ lat: 35.6812, lng: 139.7671, height: 3 }),
    capture: () => 'data:image/png;base64,AAAA',
    open: () => undefined,
    reload: () => undefined,
    showUi: () => undefined,
    postToUi: (_source, message) => ui.push(message),
    log: (_source, level, text) => log.push(`${level}: ${text}`),
  };
}

describe('example plugins', () => {
  it.each(examples)('%s installs, starts and answers its UI without errors', async (name) => {
    const plugin = load(name);
    const log: string[] = [];
    const ui: unknown[] = [];
    const host = new PluginHost(await loadQuickJs(), services(log, ui), [{ ...plugin.manifest, files: plugin.files }], {});
    host.start();
    expect(host.sandboxes.map((s) => s.status)).toEqual(['running']);
    host.emit('mouseMove', { x: 1, y: 2, lat: 35.6586, lng: 139.7454, height: 0 });
    host.emit('click', { x: 1, y: 2, lat: 35.6586, lng: 139.7454, height: 10 });
    for (const message of ['capture', 'sky', 'terrain', 'locate', { zoom: 20 }]) host.uiMessage(plugin.manifest.id, 'main', message);
    await new Promise((r) => setTimeout(r, 20));
    expect(log.filter((l) => l.startsWith('error'))).toEqual([]);
    expect(host.sandboxes.map((s) => s.status)).toEqual(['running']);
    host.stopAll();
  });

  it('picks the Spatial ID that @orbis/geo computes', async () => {
    const geo = await import('../../packages/geo/src/index.js');
    const plugin = load('spatial-id-picker');
    const log: string[] = [];
    const host = new PluginHost(await loadQuickJs(), services(log, []), [{ ...plugin.manifest, files: plugin.files }], {});
    host.start();
    host.emit('click', { lat: 35.6586, lng: 139.7454, height: 10 });
    const expected = geo.spatialIdToString(geo.spatialIdFromLngLatHeight(139.7454, 35.6586, 10, 20));
    expect(log).toContain(`log: spatial id ${expected}`);
    host.stopAll();
  });
});
