// `npm run build`'s last step (`npm run precompress -w @orbis/server`): the viewer's built files and
// CesiumJS's files, compressed once at the best level, for @fastify/static's `preCompressed`.
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { cesiumBuildDir, cesiumPrecompressedDir, VIEWER_DIST } from './static-roots.js';
import { type PrecompressReport, precompressTree } from './precompress.js';

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

async function one(name: string, sourceDir: string | undefined, outDir: string | undefined): Promise<void> {
  if (!sourceDir || !outDir || !existsSync(sourceDir)) {
    process.stdout.write(`precompress: ${name}: not there, skipped\n`);
    return;
  }
  const started = performance.now();
  const r: PrecompressReport = await precompressTree(sourceDir, outDir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `precompress: ${name}: ${r.files} files, ${mb(r.bytes)} → brotli ${mb(r.encodedBytes.br)}, gzip ${mb(r.encodedBytes.gzip)} (${r.written} copies written in ${seconds} s)\n`,
  );
}

await one('viewer', VIEWER_DIST, VIEWER_DIST);
const cesium = cesiumBuildDir();
await one('cesium', cesium, cesiumPrecompressedDir());
