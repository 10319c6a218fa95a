/**
 * Re:Earth's own infobox blocks (docs/plugin-api.md "Built-in infobox blocks"): blocks of the plugin
 * `reearth` that Re:Earth draws itself instead of running a plugin, so a layer written for Re:Earth
 * (`app.layers.add` with `infobox.blocks`, or a stored scene) names them with no plugin installed.
 * The page draws them too (layers-ui/builtin-block-element.ts); no sandbox starts for them.
 */
export const BUILTIN_PLUGIN_ID = 'reearth';

/** Their extension ids, as Re:Earth's built-in manifest (`server/pkg/builtin/manifest.yml`) names them. */
export const BUILTIN_INFOBOX_BLOCKS = [
  'propertyInfoboxBetaBlock',
  'textInfoboxBetaBlock',
  'imageInfoboxBetaBlock',
  'markdownInfoboxBetaBlock',
  'videoInfoboxBetaBlock',
  'linkInfoboxBetaBlock',
] as const;
export type BuiltinBlockId = (typeof BUILTIN_INFOBOX_BLOCKS)[number];

/** The built-in block a scene's block names, or undefined when it names a plugin's. */
export function builtinBlockId(block: { pluginId: string; extensionId: string }): BuiltinBlockId | undefined {
  return block.pluginId === BUILTIN_PLUGIN_ID && (BUILTIN_INFOBOX_BLOCKS as readonly string[]).includes(block.extensionId)
    ? (block.extensionId as BuiltinBlockId)
    : undefined;
}

type Property = Record<string, unknown>;
const isObject = (v: unknown): v is Property => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A built-in block's `property` as plain `{group: {field: value}}`. Re:Earth stores and passes each
 * field as `{value, …}` (`{default: {text: {value: "${name}"}}}`); a plain value is read too.
 */
export function plainProperty(property: Property | undefined): Record<string, Property> {
  const plain: Record<string, Property> = {};
  for (const [group, fields] of Object.entries(property ?? {})) {
    if (!isObject(fields)) continue;
    plain[group] = Object.fromEntries(Object.entries(fields).map(([id, field]) => [id, isObject(field) && 'value' in field ? field.value : field]));
  }
  return plain;
}

/** The other way: what the editor's form gives, stored in Re:Earth's form (each field `{value}`). */
export function reearthProperty(plain: Property): Property {
  return Object.fromEntries(
    Object.entries(plain).flatMap(([group, fields]) =>
      isObject(fields) ? [[group, Object.fromEntries(Object.entries(fields).map(([id, value]) => [id, { value }]))]] : [],
    ),
  );
}
