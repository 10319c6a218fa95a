import { addAssetLayer, type EditorState, layerTypeOf } from './editor-state.js';
import { toast, toastError } from '../../ui/toast.js';
import type { Permissions } from './permissions.js';
import { t } from '../../ui/i18n.js';

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * Files dropped on the globe are uploaded (public, as the Map tab's upload does by default) and
 * each that is a map layer is added as one, as Felt and kepler.gl do: a shapefile's zip, a
 * GeoPackage, a GeoJSON … While files are dragged over it, the element has `data-dropping`. As
 * the role allows (docs/contract.md §12): a writer's files are uploaded but not added as layers (changing the
 * scene needs a maintainer); a reader is told why nothing happens.
 */
export function acceptDroppedFiles(element: HTMLElement, state: EditorState, can: Permissions): void {
  element.addEventListener('dragover', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer!.dropEffect = 'copy';
    element.dataset.dropping = 'true';
  });
  element.addEventListener('dragleave', () => delete element.dataset.dropping);
  element.addEventListener('drop', (event) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    delete element.dataset.dropping;
    const files = [...(event.dataTransfer?.files ?? [])];
    if (files.length === 0) return;
    if (!can.may('asset.upload')) toast('error', t('upload.notUploaded'), can.reason('asset.upload', t('permissions.what.upload')));
    else void uploadAsLayers(state, files, can);
  });
}

async function uploadAsLayers(state: EditorState, files: File[], can: Permissions): Promise<void> {
  try {
    const assets = await state.api.upload(files, true, () => undefined);
    await state.reloadAssets();
    if (!can.may('scene.put')) {
      toast(
        'success',
        t('upload.uploaded', { count: assets.length }),
        t('upload.notAdded', { reason: can.reason('scene.put', t('permissions.what.addLayer')) }),
      );
      return;
    }
    for (const asset of assets) {
      const type = layerTypeOf(asset);
      if (type) await addAssetLayer(state, asset, type);
    }
  } catch (err) {
    toastError(t('upload.couldNotDropped'), err, t('upload.couldNotDroppedHint'));
  }
}
