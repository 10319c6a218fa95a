import { describe, expect, it } from 'vitest';
import { BUILTIN_INFOBOX_BLOCKS } from '../../plugins/builtin-blocks.js';
import { builtinChoices, builtinExtension } from './builtin-block-choices.js';

/** The `default` group's field ids of each block in Re:Earth's built-in manifest (server/pkg/builtin/manifest.yml). */
const REEARTH_FIELDS = {
  propertyInfoboxBetaBlock: ['displayType', 'propertyList'],
  textInfoboxBetaBlock: ['text'],
  imageInfoboxBetaBlock: ['src'],
  markdownInfoboxBetaBlock: ['src'],
  videoInfoboxBetaBlock: ['src'],
  linkInfoboxBetaBlock: ['text', 'url'],
};

describe('the built-in blocks the editor offers for an infobox', () => {
  it("offers each as Re:Earth's plugin `reearth`, with a name and a form of Re:Earth's field ids", () => {
    expect(builtinChoices().map(([value]) => value)).toEqual(BUILTIN_INFOBOX_BLOCKS.map((id) => `reearth/${id}`));
    for (const id of BUILTIN_INFOBOX_BLOCKS) {
      const { name, schema } = builtinExtension(id);
      expect(name).not.toBe('');
      const groups = (schema as { groups: { id: string; fields: { id: string }[] }[] }).groups;
      expect(groups.map((g) => g.id)).toEqual(['default']);
      expect(groups[0]!.fields.map((f) => f.id)).toEqual(REEARTH_FIELDS[id]);
    }
  });
});
