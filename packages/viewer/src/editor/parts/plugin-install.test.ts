import { describe, expect, it } from 'vitest';
import { folderToPackage } from './plugin-install.js';

/** A file as a folder pick gives it: its path under the picked folder's name. */
function picked(path: string, text: string): File {
  const file = new File([text], path.split('/').pop()!);
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
}

describe('folderToPackage', () => {
  it('takes plugin.json as the manifest and the other text files by their path in the folder', async () => {
    const manifest = { id: 'hello', name: 'Hello', version: '1.0.0', extensions: [{ id: 'main', type: 'widget', name: 'Hello' }] };
    const source = await folderToPackage([
      picked('hello/plugin.json', JSON.stringify(manifest)),
      picked('hello/main.js', 'app;'),
      picked('hello/lib/util.js', 'x;'),
      picked('hello/icon.png', '\u0089PNG'),
    ]);
    expect(source).toEqual({ manifest, files: { 'main.js': 'app;', 'lib/util.js': 'x;' } });
  });

  it('sends a Re:Earth folder with its reearth.yml among the files', async () => {
    expect(await folderToPackage([picked('p/reearth.yml', 'id: p'), picked('p/main.js', 'reearth;')])).toEqual({
      files: { 'reearth.yml': 'id: p', 'main.js': 'reearth;' },
    });
  });

  it('says what is missing or wrong', async () => {
    await expect(folderToPackage([picked('p/main.js', '')])).rejects.toThrow('neither plugin.json nor reearth.yml');
    await expect(folderToPackage([picked('p/plugin.json', '{')])).rejects.toThrow('plugin.json is not JSON');
  });
});
