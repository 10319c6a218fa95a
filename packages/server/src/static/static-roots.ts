import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built viewer (`npm run build`): `packages/viewer/dist`, beside this package. Its compressed copies lie beside its files. */
export const VIEWER_DIST = fileURLToPath(new URL('../../../viewer/dist/', import.meta.url));

/** The `cesium` package's folder, if it is installed. */
function cesiumPackageDir(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve('cesium/package.json'));
  } catch {
    return undefined;
  }
}

/** CesiumJS's prebuilt ES module, workers and assets, served as they ship in the `cesium` package. */
export function cesiumBuildDir(): string | undefined {
  const dir = cesiumPackageDir();
  return dir && join(dir, 'Build', 'Cesium');
}

/**
 * Where the compressed copies of CesiumJS's files are kept (`npm run build`, `precompress-main.ts`):
 * a folder of this package named after the cesium version, so that an upgrade never serves the old
 * copies (npm gives installed files one fixed date, so file times cannot tell). The package's own
 * folder is left as npm installed it.
 */
export function cesiumPrecompressedDir(): string | undefined {
  const dir = cesiumPackageDir();
  if (!dir) return undefined;
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  return fileURLToPath(new URL(`../../precompressed/cesium-${version}/`, import.meta.url));
}
