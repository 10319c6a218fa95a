import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ADMIN_TOKEN, type Harness, startHarness } from '../../server/src/test/harness.js';
import { connectBrowser, newPage, type TestPage, type Viewport } from './browser.js';

/** The camera most browser tests start from: straight down over Japan from `height` metres. */
export function overJapan(height = 6_000_000) {
  return { lng: 140, lat: 35.5, height, heading: 0, pitch: -90, roll: 0 };
}

/**
 * The scene property of test scenes that check neither the atmosphere nor fog: terrain off (nothing online), and
 * no ground or sky atmosphere and no fog, whose per-pixel shading is most of a frame's cost in software WebGL
 * (measured: a page got ready on 7 s of Chromium CPU instead of 32 s; docs/performance.md).
 */
export const LIGHT_PROPERTY = { terrain: { enabled: false }, globe: { showGroundAtmosphere: false }, scene: { fog: false }, sky: { atmosphere: false } };

/** A scene with nothing in it but the camera, under {@link LIGHT_PROPERTY}. */
export function emptyScene(camera = overJapan()) {
  return { property: LIGHT_PROPERTY, camera, layers: [], widgets: [], story: { pages: [] } };
}

/**
 * Draws `project`'s scene under {@link LIGHT_PROPERTY}, its layers, camera and story as they are: for tests of what
 * is laid out beside or over the globe, whose every frame then costs a fraction (docs/performance.md).
 */
export async function lightenScene(h: Harness, project: string): Promise<void> {
  const scene = (await (await h.admin('GET', `/api/projects/${project}/scene`)).json()) as { property?: object };
  const res = await h.admin('PUT', `/api/projects/${project}/scene`, { ...scene, property: { ...scene.property, ...LIGHT_PROPERTY } });
  if (res.status !== 200) throw new Error(`lightening ${project}'s scene answered ${res.status}: ${await res.text()}`);
}

/** Uploads `text` (or bytes) as a public asset `name` of `project` (admin token); resolves with its id. */
export async function uploadPublicAsset(h: Harness, project: string, name: string, text: string | Uint8Array): Promise<string> {
  const form = new FormData();
  form.append('public', 'true');
  form.append('file', new Blob([text]), name);
  const res = await fetch(`${h.url}/api/projects/${project}/assets`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, body: form });
  if (res.status !== 201) throw new Error(`uploading ${name} answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { id: string } | { id: string }[];
  return (Array.isArray(body) ? body[0]! : body).id;
}

/** A one-widget plugin in the JSON install form (docs/contract.md §8), whose widget runs `code`. */
export function widgetPlugin(id: string, code: string) {
  return { manifest: { id, name: id, version: '1.0.0', extensions: [{ id: 'main', type: 'widget', name: id }] }, files: { 'main.js': code } };
}

/** What {@link useBrowserAndServer} gives the tests of a file, once its `beforeAll` has run. */
export interface BrowserAndServer {
  browser: Browser;
  h: Harness;
  /** One page of `viewport` size, opened after `setUp`. */
  tab: TestPage;
  /**
   * Opens another page (of `viewport` size unless given), which closes after the test that opened it, so that no
   * page draws or runs its plugins beside a later test's.
   */
  open(viewport?: Viewport): Promise<TestPage>;
}

/**
 * Connects to the run's Chromium and starts a server (with `env` and `harness`) before the file's tests, runs `setUp`
 * on the server (projects, scenes, plugins), opens one page (then `onPage`), and closes all three after the tests
 * (the browser's contexts close with the connection; the browser itself with the run). Call it inside `describe`;
 * read the fields in the tests, not at the call.
 */
export function useBrowserAndServer(
  options: {
    env?: Record<string, string>;
    /** The server's own options (`demo`: with the demo project). */
    harness?: Parameters<typeof startHarness>[1];
    viewport?: { width: number; height: number };
    /** The browser's language (`ja-JP`): what the pages see in `navigator.languages`. */
    locale?: string;
    setUp?: (h: Harness) => Promise<void>;
    /** Runs once the page is open (cookies, init scripts, the first navigation). */
    onPage?: (tab: TestPage, h: Harness) => Promise<void>;
  } = {},
): BrowserAndServer {
  const viewport = options.viewport ?? { width: 640, height: 480 };
  const opened: TestPage[] = [];
  const fixture = {
    async open(size = viewport) {
      const tab = await newPage(fixture.browser, size, options.locale);
      opened.push(tab);
      return tab;
    },
  } as BrowserAndServer;
  beforeAll(async () => {
    [fixture.browser, fixture.h] = await Promise.all([connectBrowser(), startHarness(options.env, options.harness)]);
    await options.setUp?.(fixture.h);
    fixture.tab = await newPage(fixture.browser, viewport, options.locale);
    await options.onPage?.(fixture.tab, fixture.h);
  });
  afterEach(async () => {
    for (const tab of opened.splice(0)) await tab.close();
  });
  afterAll(async () => {
    await fixture.tab?.close();
    await fixture.browser?.close();
    await fixture.h?.close();
  });
  return fixture;
}

/**
 * The plugin side of the report protocol: paste into a plugin's code, then `say(name, value)`
 * logs `REPORT ["name", value]` (an `undefined` value crosses as `null`), which {@link reports}
 * reads back on the page.
 */
export const SAY = `const say = (name, value) => console.log('REPORT ' + JSON.stringify([name, value]));`;

/** The console lines of one extension (`source` is `pluginId/extensionId`), without the page's prefix. */
export function pluginLines(tab: TestPage, source: string): string[] {
  const prefix = `[plugin ${source}] `;
  return tab.consoleMessages.filter((m) => m.text.startsWith(prefix)).map((m) => m.text.slice(prefix.length));
}

/** Every report of one extension ({@link SAY}), in order, as `[name, value]`. */
export function reportLines(tab: TestPage, source: string): [string, unknown][] {
  return pluginLines(tab, source)
    .filter((line) => line.startsWith('REPORT '))
    .map((line) => JSON.parse(line.slice('REPORT '.length)) as [string, unknown]);
}

/** What one extension has reported with {@link SAY}, by name (a later report of a name wins). */
export function reports(tab: TestPage, source: string): Record<string, unknown> {
  return Object.fromEntries(reportLines(tab, source));
}
