import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

// The rules `npm run lint` checks (docs/development.md#layers, #lint-and-format), each shown naming
// the breaches of a small tree written for it, and nothing else.

const ROOT = dirname(fileURLToPath(import.meta.url));
const config = createRequire(import.meta.url)('./.dependency-cruiser.cjs') as IConfiguration;
const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A fresh folder holding `files` (path → text). */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'orbis-lint-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, dirname(path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/**
 * A tree with one breach of each layer rule, and imports each rule allows beside it: the rules
 * must name exactly the breaches.
 */
const LAYER_BREACHES: Record<string, string> = {
  'packages/plugin-api/src/index.ts': 'export type Voxel = { id: string };\n',
  'packages/geo/src/space.ts':
    "import type { Voxel } from '../../plugin-api/src/index.js';\nimport { near } from './near.js';\nexport const v: Voxel = { id: near };\n",
  'packages/geo/src/near.ts': "export const near = 'x';\n",
  'packages/viewer/src/engine/engine.ts':
    "import { Viewer } from 'cesium';\nimport type { Plugin } from '../plugins/host.js';\nexport const e: [unknown, Plugin?] = [Viewer];\n",
  'packages/viewer/src/engine/cesium/cesium-engine.ts':
    "import { Viewer } from 'cesium';\nimport { e } from '../engine.js';\nexport const c: [unknown, unknown] = [Viewer, e];\n",
  'packages/viewer/src/engine/vector/shapes.ts': "import { c } from '../cesium/cesium-engine.js';\nexport const s = c;\n",
  'packages/viewer/src/engine/vector/shapes.test.ts':
    "import { c } from '../cesium/cesium-engine.js';\nimport { s } from './shapes.js';\nexport const t = [c, s];\n",
  'packages/viewer/src/plugins/host.ts':
    "import { Cartesian3 } from 'cesium';\nimport { e } from '../engine/engine.js';\nexport type Plugin = typeof e;\nexport const c = Cartesian3;\n",
  'packages/viewer/src/ui/a.ts': "import type { B } from './b.js';\nexport type A = B[];\n",
  'packages/viewer/src/ui/b.ts': "import type { A } from './a.js';\nexport type B = { a?: A };\n",
  'packages/server/src/store/store.ts': "import type { Route } from '../http/route.js';\nexport type Store = { route?: Route };\n",
  'packages/server/src/store/migration.ts': 'export type Migration = { version: number };\n',
  'packages/server/src/store/sqlite/migrations.ts': "import type { Migration } from '../migration.js';\nexport const m: Migration[] = [];\n",
  'packages/server/src/store/postgres/migrations.ts': "import { m } from '../sqlite/migrations.js';\nexport const p = m;\n",
  'packages/server/src/records/record.ts':
    "import type { Store } from '../store/store.js';\nimport { list } from '../assets/listing.js';\nexport const r: [Store?] = [list];\n",
  'packages/server/src/assets/listing.ts': 'export const list = undefined;\n',
  'packages/server/src/http/route.ts': "import { harness } from '../test/harness.js';\nexport type Route = string;\nexport const h = harness;\n",
  'packages/server/src/http/route.test.ts': "import { harness } from '../test/harness.js';\nimport { h } from './route.js';\nexport const t = [harness, h];\n",
  'packages/server/src/test/harness.ts': 'export const harness = 1;\n',
  'packages/server/src/http/transport/etag.ts':
    "import { list } from '../../assets/listing.js';\nimport { cache } from '../listing/page-cache.js';\nexport const etag = [list, cache];\n",
  'packages/server/src/http/transport/api-error.ts': 'export class ApiError extends Error {}\n',
  'packages/server/src/http/listing/page-cache.ts':
    "import { ApiError } from '../transport/api-error.js';\nimport { assetRoutes } from '../routes/asset-routes.js';\nexport const cache = [ApiError, assetRoutes];\n",
  'packages/server/src/http/routes/asset-routes.ts': "import { ApiError } from '../transport/api-error.js';\nexport const assetRoutes = ApiError;\n",
  'packages/contract/src/routes.ts':
    "import { readFileSync } from 'node:fs';\nimport type { Route } from '../../server/src/http/route.js';\nimport { near } from '../../geo/src/near.js';\nexport const r: [unknown, Route?, string?] = [readFileSync, undefined, near];\n",
};

describe('the layer rules (.dependency-cruiser.cjs)', () => {
  it('name each breach of a layer, a circle (of types too) and a test helper, and nothing else', async () => {
    const root = tree(LAYER_BREACHES);
    const { output } = await cruise(['packages'], { ...config.options, baseDir: root, validate: true, ruleSet: { forbidden: config.forbidden } });
    const result = output as ICruiseResult;
    // A circle is named once, by its first edge.
    const found = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
    expect(found).toEqual([
      'contract-below-server-and-viewer: packages/contract/src/routes.ts → packages/server/src/http/route.ts',
      'contract-imports-no-node: packages/contract/src/routes.ts → fs',
      'engine-below-the-viewer: packages/viewer/src/engine/engine.ts → packages/viewer/src/plugins/host.ts',
      'engine-interfaces-apart-from-cesium: packages/viewer/src/engine/vector/shapes.ts → packages/viewer/src/engine/cesium/cesium-engine.ts',
      'http-rooms-below-the-routes: packages/server/src/http/listing/page-cache.ts → packages/server/src/http/routes/asset-routes.ts',
      'http-transport-below-the-rooms: packages/server/src/http/transport/etag.ts → packages/server/src/http/listing/page-cache.ts',
      'lowest-packages-import-nothing-of-ours: packages/geo/src/space.ts → packages/plugin-api/src/index.ts',
      'no-circular: packages/viewer/src/engine/engine.ts → packages/viewer/src/plugins/host.ts',
      'no-circular: packages/viewer/src/ui/a.ts → packages/viewer/src/ui/b.ts',
      'no-test-helper-in-product-code: packages/server/src/http/route.ts → packages/server/src/test/harness.ts',
      'only-the-engine-imports-cesium: packages/viewer/src/engine/engine.ts → cesium',
      'only-the-engine-imports-cesium: packages/viewer/src/plugins/host.ts → cesium',
      'records-below-the-store: packages/server/src/records/record.ts → packages/server/src/assets/listing.ts',
      'store-implementations-apart: packages/server/src/store/postgres/migrations.ts → packages/server/src/store/sqlite/migrations.ts',
      'store-imports-no-domain: packages/server/src/store/store.ts → packages/server/src/http/route.ts',
    ]);
  });
});

/** A product file that breaks typescript-eslint's recommended rules, and a test file that may use `any`. */
const CODE_BREACHES: Record<string, string> = {
  'packages/server/src/thing.ts':
    'import { unused } from "./other.js";\nexport function f(x: any, y: string[]) {\n  x && y.pop();\n  return x;\n}\nexport type Other = typeof import("./other.js");\n',
  'packages/server/src/other.ts': 'export const unused = 1;\n',
  'packages/server/src/thing.test.ts': 'export const input: any = { layers: 1 };\n',
};

describe('the lint rules (.oxlintrc.json)', () => {
  it('name unused imports, `any`, unused expressions and `import()` types in product code, and let tests use `any`', () => {
    const root = tree(CODE_BREACHES);
    copyFileSync(join(ROOT, '.oxlintrc.json'), join(root, '.oxlintrc.json'));
    const run = spawnSync(join(ROOT, 'node_modules/.bin/oxlint'), ['--format', 'unix', '.'], { cwd: root, encoding: 'utf8' });
    const found = [...run.stdout.matchAll(/^(\S+):(\d+):\d+: .*\[Error\/(\S+)\]$/gm)].map((m) => `${m[1]}:${m[2]} ${m[3]}`).sort();
    expect(found).toEqual([
      'packages/server/src/thing.ts:1 eslint(no-unused-vars)',
      'packages/server/src/thing.ts:2 typescript(no-explicit-any)',
      'packages/server/src/thing.ts:3 eslint(no-unused-expressions)',
      'packages/server/src/thing.ts:6 typescript(consistent-type-imports)',
    ]);
    expect(run.status).toBe(1);
  });
});

/** The text of every source and documentation file of the repository (not its dependencies or builds). */
function repositoryTexts(): { path: string; text: string }[] {
  const files = [
    'README.md',
    ...['packages', 'examples', 'bench', 'docs'].flatMap((dir) => readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((p) => join(dir, p))),
  ];
  return files
    .filter((path) => /\.(ts|js|mjs|cjs|md|html|css)$/.test(path) && !/(^|\/)(node_modules|dist|precompressed)\//.test(path))
    .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
}

describe('docs/contract.md', () => {
  it('has the sections §1–§20 in order, and every section the code and docs cite', () => {
    const contract = readFileSync(join(ROOT, 'docs/contract.md'), 'utf8');
    const headings = [...contract.matchAll(/^## §(\d+) /gm)].map((m) => Number(m[1]));
    expect(headings).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const cited = repositoryTexts().flatMap(({ path, text }) =>
      [...text.matchAll(/(?:SPEC|contract\.md) §(\d+)/g)].map((m) => ({ path, section: Number(m[1]) })),
    );
    expect(cited.length).toBeGreaterThan(300);
    expect(cited.filter((c) => !headings.includes(c.section))).toEqual([]);
  });

  it('is what the repository cites: no file cites a document outside it (the spec the project began from)', () => {
    const outside = repositoryTexts().filter(({ text }) => /\bSPEC(?:\.md)? §\d/.test(text));
    expect(outside.map((f) => f.path)).toEqual([]);
  });
});
