import { describe, expect, it } from 'vitest';
import { builtinBlockId, plainProperty, reearthProperty } from './builtin-blocks.js';

describe("Re:Earth's built-in infobox blocks: names and property forms", () => {
  it('knows a built-in block by the plugin `reearth` and one of its extension ids', () => {
    expect(builtinBlockId({ pluginId: 'reearth', extensionId: 'propertyInfoboxBetaBlock' })).toBe('propertyInfoboxBetaBlock');
    expect(builtinBlockId({ pluginId: 'reearth', extensionId: 'linkInfoboxBetaBlock' })).toBe('linkInfoboxBetaBlock');
    // Re:Earth's classic blocks and story blocks are not drawn by Orbis: a plugin would have to provide them.
    expect(builtinBlockId({ pluginId: 'reearth', extensionId: 'textblock' })).toBeUndefined();
    expect(builtinBlockId({ pluginId: 'mine', extensionId: 'textInfoboxBetaBlock' })).toBeUndefined();
  });

  it("reads Re:Earth's stored form ({value, type, …}) and the plain one alike, and writes Re:Earth's", () => {
    const stored = { default: { text: { value: '${name}', type: 'string', ui: 'property_selector' }, plain: 3 }, panel: 'not a group' };
    expect(plainProperty(stored)).toEqual({ default: { text: '${name}', plain: 3 } });
    expect(plainProperty(undefined)).toEqual({});
    expect(reearthProperty({ default: { text: '${name}' } })).toEqual({ default: { text: { value: '${name}' } } });
    expect(plainProperty(reearthProperty({ default: { propertyList: [{ key: 'a', value: '${a}' }] } }))).toEqual({
      default: { propertyList: [{ key: 'a', value: '${a}' }] },
    });
  });
});
