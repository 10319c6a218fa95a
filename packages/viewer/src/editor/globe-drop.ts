import { addAssetLayer, type EditorState, layerTypeOf } from './editor-state.js';
import { toastError } from '../ui/toast.js';

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * Files dropped on the globe are uploaded (public, as the Map tab's upload does by default) and
 * each that is a map layer is added as one, as Felt and kepler.gl do: a shapefile's zip, a
 * GeoPackage, a GeoJSON … While files are dragged over it, the element has `data-dropping`.
 */
export function acceptDroppedFiles(element: HTMLElement, state: EditorState): void {
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
    if (files.length > 0) void uploadAsLayers(state, files);
  });
}

async function uploadAsLayers(state: EditorState, files: File[]): Promise<void> {
  try {
    const assets = await state.api.upload(files, true, () => undefined);
    await state.reloadAssets();
    for (const asset of assets) {
      const type = layerTypeOf(asset);
      if (type) await addAssetLayer(state, asset, type);
    }
  } catch (err) {
    toastError('Could not upload the dropped files', err, 'Check the files (a shapefile is a zip of its .shp, .shx, .dbf and .prj), then drop them again.');
  }
}
