import { PackageMinus, Upload } from 'lucide';
import type { PluginPackage } from '../../plugins/start-plugins.js';
import { h } from 'preact';
import { Button } from '../../ui/button.js';
import { Icon } from '../../ui/lucide-icon.js';
import { toast, toastError, toastUndo } from '../../ui/toast.js';
import type { ManagementApi, PluginSource } from '../api/management-api.js';
import { t } from '../../ui/i18n.js';

/** The files of a plugin folder worth sending: code, manifests, markup (not pictures or archives). */
const TEXT_FILE = /\.(js|mjs|json|ya?ml|html|css|md|txt)$/i;

/**
 * A picked folder as the JSON install form (docs/contract.md §5, §8): `plugin.json` as the manifest, or
 * `reearth.yml` among the files, each file named by its path inside the folder.
 */
export async function folderToPackage(files: readonly File[]): Promise<PluginSource> {
  const byPath: Record<string, string> = {};
  for (const file of files) {
    const path = (file.webkitRelativePath || file.name)
      .split('/')
      .slice(file.webkitRelativePath ? 1 : 0)
      .join('/');
    if (TEXT_FILE.test(path)) byPath[path] = await file.text();
  }
  const manifest = byPath['plugin.json'];
  if (manifest === undefined) {
    if (byPath['reearth.yml'] === undefined) throw new Error(t('plugins.noManifest'));
    return { files: byPath };
  }
  delete byPath['plugin.json'];
  try {
    return { manifest: JSON.parse(manifest) as unknown, files: byPath };
  } catch (err) {
    throw new Error(t('plugins.notJson', { message: (err as Error).message }));
  }
}

/**
 * The Widgets tab's plugin section: install a plugin from its zip or its folder, and remove one
 * (with *Undo*, which installs the same package again). The open editor sees the new list at its
 * next look at the server (`watchPluginUpdates`), and restarts the widgets.
 */
export function PluginInstaller({ api, plugins }: { api: ManagementApi; plugins: PluginPackage[] }) {
  const install = async (source: () => Promise<PluginSource | File>, input: HTMLInputElement) => {
    try {
      const installed = await api.installPlugin(await source());
      toast('success', t('plugins.installed', { name: installed.manifest.name, version: installed.manifest.version }), t('plugins.installedHint'));
    } catch (err) {
      toastError(t('plugins.installFailed'), err, t('plugins.installFailedHint'));
    } finally {
      input.value = '';
    }
  };
  const picked = (event: Event, read: (files: File[]) => Promise<PluginSource | File>) => {
    const input = event.currentTarget as HTMLInputElement;
    const files = [...(input.files ?? [])];
    if (files.length > 0) void install(() => read(files), input);
  };
  const remove = async (plugin: PluginPackage) => {
    try {
      await api.removePlugin(plugin.manifest.id);
      toastUndo(
        t('plugins.removed', { name: plugin.manifest.name }),
        () => void api.installPlugin({ manifest: plugin.manifest, files: plugin.files }).catch((err: unknown) => toastError(t('plugins.reinstallFailed'), err)),
      );
    } catch (err) {
      toastError(t('plugins.removeFailed'), err);
    }
  };
  return h(
    'div',
    { class: 'plugin-install' },
    h('h2', {}, t('plugins.title')),
    h(
      'ul',
      { class: 'list', 'data-testid': 'plugin-list' },
      plugins.map((p) =>
        h(
          'li',
          { key: p.manifest.id, 'data-plugin': p.manifest.id },
          h('span', { class: 'name' }, `${p.manifest.name} ${p.manifest.version}`),
          h(Button, {
            label: t('plugins.remove', { name: p.manifest.name }),
            icon: PackageMinus,
            iconOnly: true,
            variant: 'ghost',
            testid: `plugin-remove-${p.manifest.id}`,
            onClick: () => void remove(p),
          }),
        ),
      ),
    ),
    h(
      'label',
      { class: 'field' },
      h('span', { class: 'field-label' }, h(Icon, { node: Upload }), ' ', t('plugins.fromZip')),
      h('input', {
        type: 'file',
        accept: '.zip,application/zip',
        'aria-label': t('plugins.zipToInstall'),
        'data-testid': 'plugin-zip',
        onChange: (e: Event) => picked(e, async (files) => files[0]!),
      }),
    ),
    h(
      'label',
      { class: 'field' },
      h('span', { class: 'field-label' }, h(Icon, { node: Upload }), ' ', t('plugins.fromFolder')),
      h('input', {
        type: 'file',
        webkitdirectory: true,
        'aria-label': t('plugins.folderToInstall'),
        'data-testid': 'plugin-folder',
        onChange: (e: Event) => picked(e, folderToPackage),
      }),
    ),
  );
}
