import type { ConversionState } from '@orbis/contract';
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { ManagementApi } from '../../api/management-api.js';
import { t } from '../../../ui/i18n.js';

/** How often the editor asks again while a GeoTIFF's levels are being made. */
const POLL_MS = 3000;

/** What the status line says of a conversion's state: nothing when there is none to show. */
export function conversionText(state: ConversionState | undefined): string {
  if (state?.state !== 'converting') return '';
  return state.of === 0 ? t('raster.conversionWaiting') : t('raster.conversionProgress', { levels: state.levels, of: state.of });
}

/**
 * A plain GeoTIFF's conversion to tiled levels, made by the server after its upload
 * (docs/rasters.md, "Plain GeoTIFFs"): how far it is, asked again every few seconds until it is
 * done; the layer shows the file as it is meanwhile. Nothing is shown otherwise.
 */
export function ConversionStatus({ api, assetId, layerId }: { api: ManagementApi; assetId: string; layerId: string }) {
  const [state, setState] = useState<ConversionState | undefined>(undefined);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let gone = false;
    const ask = () => {
      api.rasterConversion(assetId).then(
        (next) => {
          if (gone) return;
          setState(next);
          if (next.state === 'converting') timer = setTimeout(ask, POLL_MS);
        },
        // An asset removed, or a server that does not answer: the layer's own load says why.
        () => !gone && setState(undefined),
      );
    };
    ask();
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [api, assetId]);
  const text = conversionText(state);
  return text ? h('p', { class: 'hint', role: 'status', 'data-testid': `raster-conversion-${layerId}` }, text) : null;
}
