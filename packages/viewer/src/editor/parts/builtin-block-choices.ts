import { BUILTIN_INFOBOX_BLOCKS, BUILTIN_PLUGIN_ID, type BuiltinBlockId } from '../../plugins/builtin-blocks.js';
import { t } from '../../ui/i18n.js';

/** A field of the settings form (Re:Earth's schema form, as widget-settings.ts reads it). */
interface FormField {
  id: string;
  type: string;
  title: string;
  description?: string;
  choices?: { key: string; label: string }[];
}

/** The fields of each built-in block's `default` group that the editor offers (Re:Earth's manifest has the same ids). */
function fields(id: BuiltinBlockId): FormField[] {
  const text = (field: string, title: string): FormField => ({ id: field, type: 'string', title });
  switch (id) {
    case 'propertyInfoboxBetaBlock':
      return [
        {
          id: 'displayType',
          type: 'string',
          title: t('blocks.builtinFields.displayType'),
          choices: (['all', 'rootOnly', 'custom'] as const).map((key) => ({ key, label: t(`blocks.displayTypes.${key}`) })),
        },
        // `[{key, value}]`, each value an expression such as `${name}`: edited as JSON.
        { id: 'propertyList', type: 'array', title: t('blocks.builtinFields.propertyList'), description: t('blocks.builtinFields.propertyListHint') },
      ];
    case 'textInfoboxBetaBlock':
    case 'markdownInfoboxBetaBlock':
      return [text(id === 'textInfoboxBetaBlock' ? 'text' : 'src', t('blocks.builtinFields.content'))];
    case 'imageInfoboxBetaBlock':
    case 'videoInfoboxBetaBlock':
      return [text('src', t('blocks.builtinFields.address'))];
    case 'linkInfoboxBetaBlock':
      return [text('text', t('blocks.builtinFields.linkText')), text('url', t('blocks.builtinFields.address'))];
  }
}

/** A built-in block as the block list shows one: its name in the page's language and its settings form. */
export function builtinExtension(id: BuiltinBlockId): { name: string; schema: unknown } {
  const name = t(`blocks.builtin.${id}`);
  return { name, schema: { groups: [{ id: 'default', title: name, fields: fields(id) }] } };
}

/** The built-in blocks the block list offers to add to an infobox: `[pluginId/extensionId, label]`. */
export function builtinChoices(): [string, string][] {
  return BUILTIN_INFOBOX_BLOCKS.map((id) => [`${BUILTIN_PLUGIN_ID}/${id}`, builtinExtension(id).name]);
}
