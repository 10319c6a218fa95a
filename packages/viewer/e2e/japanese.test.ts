import type { Page } from 'playwright-core';
import { SCENE_LAYER_TYPES } from '@orbis/scene/checks';
import { describe, expect, it } from 'vitest';
import { addMember, cookieFetch, PASSWORD, signIn } from '../../server/src/test/team.js';
import { seriousAxeViolations } from './axe.js';
import { LIGHT_PROPERTY, overJapan, uploadPublicAsset, useBrowserAndServer } from './fixture.js';
import { shot } from './shots.js';
import { viewerReady } from './viewer-pixels.js';

/** A phone: the size the Japanese screenshots are taken at (docs/i18n.md). */
const PHONE = { width: 390, height: 844 };
const EMAIL = 'hanako@example.org';

/**
 * What may stay in Latin letters on a Japanese page: proper names (formats, products, services, palettes),
 * the README's section name, CLI commands, the project's address and the user's email, file names, paths and URLs.
 */
const ALLOWED = new RegExp(
  [
    String.raw`\S+@\S+`,
    String.raw`[\w.{}:-]*[./][\w./{}:…-]*`,
    String.raw`ORBIS_\w+`,
    // CLI commands: `orbis serve`, orbis project export.
    String.raw`\borbis [a-z]+( [a-z]+)?`,
    'Write a plugin',
    'Authorization: Bearer',
    'Mapbox Vector Tiles',
    '3D Tiles',
    'Natural Earth II',
    'Black Marble',
    'Okabe–Ito',
    'Tableau 10',
    'Yellow–red',
    'MLIT flood depth',
    String.raw`\b(Orbis|GeoJSON|CZML|KML|CSV|GPX|GeoPackage|FlatGeobuf|GeoTIFF|COG|glTF|PMTiles|MVT|PNG|JPEG|WebP|JSON|URL|API|CI|DEM|UTC|README|zip|quantized-mesh|CesiumJS|PLATEAU|Markdown|OpenStreetMap|Esri|Viridis|Blues|Greens|tokyo)\b`,
    String.raw`\b(${SCENE_LAYER_TYPES.join('|')})\b`,
  ].join('|'),
  'g',
);

/**
 * Every text of the page a person reads or hears (text nodes, `aria-label`, `title`, `alt`) that is in
 * Latin letters once the allowed words are taken out, with where it is. CesiumJS's own widgets (its credits) and
 * whatever says it is in another language (`lang`) are left out. A string, not a function: the e2e
 * project compiles without the DOM's types.
 */
async function englishTexts(page: Page): Promise<string[]> {
  const texts = (await page.evaluate(`(() => {
    const out = [];
    const skip = (el) => !el || el.closest('script, style, [class*="cesium-"]') || !(el.closest('[lang]')?.lang ?? '').startsWith('ja');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!skip(node.parentElement)) out.push([node.textContent, node.parentElement.outerHTML.slice(0, 120)]);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [title], [alt]')) {
      if (skip(el)) continue;
      for (const name of ['aria-label', 'title', 'alt']) if (el.getAttribute(name)) out.push([el.getAttribute(name), name + ' of ' + el.outerHTML.slice(0, 120)]);
    }
    return out;
  })()`)) as [string, string][];
  return texts.filter(([text]) => /[A-Za-z]{2,}/.test(text.replace(ALLOWED, ''))).map(([text, where]) => `${text.trim()}  (${where})`);
}

/** The page speaks Japanese: nothing in English but the allowed names, and axe finds nothing serious. */
async function expectJapanese(page: Page, name: string): Promise<void> {
  expect(await page.evaluate('document.documentElement.lang')).toBe('ja');
  expect(await englishTexts(page), name).toEqual([]);
  expect(await seriousAxeViolations(page), name).toEqual([]);
  await shot(page, `ja-${name}`);
}

const TABS = ['map', 'content', 'story', 'widgets', 'publish', 'members'] as const;

describe('the editor and the published page in Japanese (docs/contract.md §19)', () => {
  const fx = useBrowserAndServer({
    viewport: PHONE,
    locale: 'ja-JP',
    setUp: async (h) => {
      await h.project('tokyo');
      await h.admin('PATCH', '/api/projects/tokyo', { name: '東京の避難所', description: '区内の避難所' });
      const shelters = {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: { 名前: '中央公園', 種別: '公園' }, geometry: { type: 'Point', coordinates: [139.69, 35.69] } }],
      };
      const assetId = await uploadPublicAsset(h, 'tokyo', 'shelters.geojson', JSON.stringify(shelters));
      const scene = {
        property: { ...LIGHT_PROPERTY, language: 'auto' },
        camera: overJapan(),
        layers: [{ id: 'shelters', title: '避難所', type: 'geojson', assetId, visible: true }],
        widgets: [],
        story: { pages: [{ id: 'p1', title: '避難所の地図', text: '近くの**避難所**を確かめましょう。', camera: overJapan(2_000_000) }] },
      };
      expect((await h.admin('PUT', '/api/projects/tokyo/scene', scene)).status).toBe(200);
      expect((await h.admin('POST', '/api/users', { email: EMAIL, name: '花子', password: PASSWORD })).status).toBe(201);
      await addMember(h, 'tokyo', EMAIL, 'owner');
      expect((await h.admin('POST', '/api/projects/tokyo/publish')).status).toBeLessThan(300);
    },
  });

  it('signs in, lists the projects and shows every tab of the editor in Japanese', async () => {
    const { page } = fx.tab;
    await page.goto(`${fx.h.url}/editor`);
    await page.getByTestId('sign-in-page').waitFor();
    await expectJapanese(page, 'sign-in');
    await page.getByTestId('sign-in-email').fill(EMAIL);
    await page.getByTestId('sign-in-password').fill(PASSWORD);
    await page.getByTestId('sign-in').click();
    await page.getByTestId('project-list').waitFor();
    await page.getByTestId('account-panel').evaluate('(el) => { el.open = true; }');
    expect(await page.getByTestId('account-language').inputValue()).toBe('ja');
    await expectJapanese(page, 'projects');

    await page.goto(`${fx.h.url}/editor/tokyo`);
    await page.getByTestId('map-panel').waitFor();
    for (const tab of TABS) {
      await page.getByTestId(`tab-${tab}`).click();
      await page.getByTestId(`${tab}-panel`).waitFor();
      // The style and infobox panels of the Map tab open too: their words are the map maker's most used.
      const closed = page.locator('[data-testid="map-panel"] details:not([open]) > summary:visible');
      while (tab === 'map' && (await closed.count()) > 0) await closed.first().click();
      await expectJapanese(page, `editor-${tab}`);
    }
    expect(await page.getByTestId('tab-map').textContent()).toBe('マップ');
  });

  it("runs the editor's main flows in Japanese: upload, style, story, publish, members", async () => {
    const { page } = fx.tab;
    const scene = async () =>
      (await (await fx.h.admin('GET', '/api/projects/tokyo/scene')).json()) as { layers: { appearance?: unknown }[]; story: { pages: unknown[] } };
    await page.getByTestId('tab-map').click();
    const parks = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { 名前: '代々木公園' }, geometry: { type: 'Point', coordinates: [139.69, 35.67] } }],
    };
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'parks.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(JSON.stringify(parks)) });
    await page.getByText('1 件のファイルをアップロードしました', { exact: true }).waitFor();
    await page.getByTestId('add-layer-parks.geojson').click();
    await expect.poll(async () => (await scene()).layers.length).toBe(2);

    await page.getByTestId('style-mode-shelters').selectOption('single');
    await page.getByTestId('style-apply-shelters').click();
    await expect.poll(async () => (await scene()).layers[0]!.appearance).toBeTruthy();

    await page.getByTestId('tab-story').click();
    await page.getByTestId('story-add').click();
    await expect.poll(async () => (await scene()).story.pages.length).toBe(2);

    await page.getByTestId('tab-publish').click();
    await page.getByTestId('publish').click();
    await expect.poll(() => page.getByTestId('publish-message').textContent(), { timeout: 60_000 }).toBe('公開しました。');

    await page.getByTestId('tab-members').click();
    await page.getByTestId('invite-email').fill('taro@example.org');
    await page.getByTestId('invite').click();
    await expect.poll(() => page.getByTestId('invitation-link').textContent()).toContain('まだアカウントを持っていません');
    expect(await englishTexts(page)).toEqual([]);
    fx.tab.assertClean();
  });

  it("follows the language the user saved over the browser's", async () => {
    const { page } = fx.tab;
    const hanako = cookieFetch(fx.h.url, await signIn(fx.h.url, EMAIL));
    expect((await hanako('PATCH', '/api/auth/me', { language: 'en' })).status).toBe(200);
    await page.goto(`${fx.h.url}/editor/tokyo?tab=map`);
    await page.getByTestId('map-panel').waitFor();
    expect(await page.getByTestId('tab-map').textContent()).toBe('Map');
    expect(await page.evaluate('document.documentElement.lang')).toBe('en');
    fx.tab.assertClean();
  });

  it('shows the published page in Japanese with a switch to English, which keeps the story page', async () => {
    const tab = await fx.open();
    const { page } = tab;
    await page.goto(`${fx.h.url}/p/tokyo`);
    await viewerReady(page);
    await page.getByTestId('story-title').filter({ hasText: '避難所の地図' }).waitFor();
    expect(await page.getByTestId('story-next').getAttribute('aria-label')).toBe('次のページ');
    await expectJapanese(page, 'published');

    const toEnglish = page.getByTestId('language-switch');
    expect(await toEnglish.textContent()).toBe('English');
    await toEnglish.click();
    await page.waitForURL(/lang=en/);
    await viewerReady(page);
    expect(await page.getByTestId('story-next').getAttribute('aria-label')).toBe('Next page');
    expect(await page.getByTestId('language-switch').textContent()).toBe('日本語');
    expect(await page.evaluate('document.documentElement.lang')).toBe('en');
    tab.assertClean();
  });
});
