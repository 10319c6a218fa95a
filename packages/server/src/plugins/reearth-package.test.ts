import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../input-error.js';
import { buildZip } from '../test/zip-builder.js';
import { packageFromJson, readPluginZip, validatePluginPackage } from './plugin-package.js';
import { readPluginSource } from './plugin-source.js';
import { readReearthManifest } from './reearth-manifest.js';

const YML = `
id: layers-panel
name:
  en: Layers panel
  ja: レイヤーパネル
version: 1.0
description: Lists layers.
author: someone
repository: https://example.org/repo
extensions:
  - id: panel
    type: widget
    name: Panel
    icon: panel.svg
    singleOnly: true
    widgetLayout:
      floating: true
      defaultLocation: { zone: inner, section: left, area: top }
    schema:
      groups:
        - id: default
          title: Settings
          fields: [{ id: title, type: string }]
  - id: story
    type: storyBlock
    name: Story block
`;

describe('Re:Earth packages: reearth.yml', () => {
  it('reads every Re:Earth manifest field, normalising what YAML types differently', () => {
    const manifest = readReearthManifest(YML);
    expect(manifest).toMatchObject({
      id: 'layers-panel',
      name: 'Layers panel',
      version: '1',
      author: 'someone',
      repository: 'https://example.org/repo',
      reearth: true,
    });
    const plugin = validatePluginPackage(manifest, { 'panel.js': 'reearth.ui.show("<p>hi</p>")' });
    expect(plugin.manifest.extensions).toEqual([
      {
        id: 'panel',
        type: 'widget',
        name: 'Panel',
        icon: 'panel.svg',
        singleOnly: true,
        widgetLayout: { floating: true, defaultLocation: { zone: 'inner', section: 'left', area: 'top' } },
        schema: { groups: [{ id: 'default', title: 'Settings', fields: [{ id: 'title', type: 'string' }] }] },
      },
      // Not a widget: kept and listed, needs no script at install (placed without one, it says so).
      { id: 'story', type: 'storyBlock', name: 'Story block' },
    ]);
  });

  it('says which file is not YAML, or not a manifest, and where', () => {
    expect(() => readReearthManifest('id: [unclosed')).toThrow(/reearth.yml is not valid YAML/);
    expect(() => readReearthManifest('- a list')).toThrow(/reearth.yml: must be a YAML mapping/);
    expect(() =>
      validatePluginPackage(readReearthManifest('id: x\nname: X\nversion: 1.0.0\nextensions:\n  - id: w\n    type: widget\n    name: W\n'), {}),
    ).toThrow('files: extension "w" needs a file "w.js"');
    const bad = readReearthManifest(
      YML.replace('floating: true', 'floating: true\n      extra: [1]').replace('    widgetLayout:\n', '    widgetLayout: 3\n    x:\n'),
    );
    expect(() => validatePluginPackage(bad, { 'panel.js': '' })).toThrow(InputError);
    try {
      validatePluginPackage({ ...readReearthManifest(YML), extensions: [{ id: 'panel', type: 'widget', name: 'P', widgetLayout: 'top' }] }, { 'panel.js': '' });
    } catch (err) {
      expect((err as InputError).message).toBe('manifest.extensions[0].widgetLayout: must be an object');
    }
  });

  it('installs from the JSON form with files["reearth.yml"] and no manifest, from a zip, and from a folder', async () => {
    const json = packageFromJson({ files: { 'reearth.yml': YML, 'panel.js': 'reearth.ui.show("x")' } });
    expect(json.manifest.reearth).toBe(true);
    expect(Object.keys(json.files)).toEqual(['panel.js']);
    expect(() => packageFromJson({ files: { 'reearth.yml': ': :' } })).toThrow(/files.reearth.yml is not valid YAML/);

    const zipped = await readPluginZip(
      buildZip([
        { name: 'layers-panel/reearth.yml', data: YML },
        { name: 'layers-panel/panel.js', data: 'reearth.ui.show("x")', deflate: true },
      ]),
    );
    expect(zipped).toEqual(json);

    const dir = mkdtempSync(join(tmpdir(), 'orbis-reearth-'));
    writeFileSync(join(dir, 'reearth.yml'), YML);
    writeFileSync(join(dir, 'panel.js'), 'reearth.ui.show("x")');
    mkdirSync(join(dir, 'node_modules'));
    writeFileSync(join(dir, 'node_modules', 'big.js'), 'ignored');
    writeFileSync(join(dir, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(await readPluginSource(dir)).toEqual(json);
    await expect(readPluginSource(join(dir, 'missing'))).rejects.toThrow(/does not exist/);
  });

  it('takes the same fields in plugin.json', () => {
    const plugin = validatePluginPackage(
      {
        id: 'p',
        name: 'P',
        version: '1.0.0',
        author: 'a',
        extensions: [
          { id: 'main', type: 'widget', name: 'M', singleOnly: false, widgetLayout: { floating: true }, schema: { groups: [] } },
          { id: 'b', type: 'block', name: 'B' },
        ],
      },
      { 'main.js': '' },
    );
    expect(plugin.manifest.reearth).toBeUndefined();
    expect(plugin.manifest.extensions[1]).toEqual({ id: 'b', type: 'block', name: 'B' });
  });
});
