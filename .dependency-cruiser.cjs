// The layer rules of docs/development.md#layers, checked by dependency-cruiser (`npm run lint:layers`,
// part of `npm run lint`). `lint.test.ts` shows each rule catching a file that breaks it.

/** Test helpers: product code never imports them. */
const TEST_HELPERS = ['^packages/server/src/test/', '^packages/viewer/testing/', '^packages/viewer/e2e/'];

/** Files that only tests run: tests, shared contract suites, and the test helpers themselves. */
const TEST_FILES = ['\\.test\\.ts$', '\\.test-d\\.ts$', '\\.contract\\.ts$', ...TEST_HELPERS];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import circle, type-only imports included: a type that two files need lives below both.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lowest-packages-import-nothing-of-ours',
      severity: 'error',
      comment: 'geo (pure math) and plugin-api (the types plugin authors compile against) import no other package of Orbis.',
      from: { path: '^packages/(geo|plugin-api)/' },
      to: { path: ['^packages/', '^@orbis/'], pathNot: '^packages/$1/' },
    },
    {
      name: 'contract-below-server-and-viewer',
      comment: 'The management API is declared once in packages/contract, which both the server and the editor import: it imports neither.',
      from: { path: '^packages/contract/' },
      to: { path: '^packages/(server|viewer)/' },
    },
    {
      name: 'contract-imports-no-node',
      comment: 'packages/contract goes into the browser bundle: no Node built-in (its tsconfig has no Node or DOM types either).',
      from: { path: '^packages/contract/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'only-the-engine-imports-cesium',
      severity: 'error',
      comment:
        'Only packages/viewer/src/engine/cesium/ imports CesiumJS: the rest of the engine declares its interfaces, and the rest of the viewer sees the engine through them.',
      from: { pathNot: '^packages/viewer/src/engine/cesium/' },
      to: { path: ['(^|/)node_modules/cesium/', '(^|/)node_modules/@cesium/', '^cesium$', '^@cesium/'] },
    },
    {
      name: 'engine-interfaces-apart-from-cesium',
      severity: 'error',
      comment:
        "The engine's interfaces and pure parts (engine/ outside engine/cesium/) import nothing of its CesiumJS implementation, so that they never pull CesiumJS in.",
      from: { path: '^packages/viewer/src/engine/', pathNot: ['^packages/viewer/src/engine/cesium/', ...TEST_FILES] },
      to: { path: '^packages/viewer/src/engine/cesium/' },
    },
    {
      name: 'engine-below-the-viewer',
      severity: 'error',
      comment: 'The engine is the lowest room of the viewer: it imports nothing of the plugins, the editor, the published page or their UI.',
      from: { path: '^packages/viewer/src/engine/' },
      to: { path: '^packages/viewer/src/(plugins|editor|published|layers-ui|ui)/' },
    },
    {
      name: 'store-imports-no-domain',
      severity: 'error',
      comment: 'The stores import only the store and the stored record formats (records/), never the domain, HTTP or the CLI.',
      from: { path: '^packages/server/src/store/', pathNot: TEST_FILES },
      to: { path: '^packages/server/src/', pathNot: ['^packages/server/src/(store|records)/'] },
    },
    {
      name: 'store-implementations-apart',
      severity: 'error',
      comment: 'The SQLite and PostgreSQL stores share only what lies below both (store/), never each other.',
      from: { path: '^packages/server/src/store/(sqlite|postgres)/' },
      to: { path: '^packages/server/src/store/(sqlite|postgres)/', pathNot: '^packages/server/src/store/$1/' },
    },
    {
      name: 'records-below-the-store',
      severity: 'error',
      comment: "records/ imports only itself and the store's types.",
      from: { path: '^packages/server/src/records/', pathNot: TEST_FILES },
      to: { path: '^packages/server/src/', pathNot: ['^packages/server/src/records/', '^packages/server/src/store/store\\.ts$'] },
    },
    {
      name: 'http-transport-below-the-rooms',
      severity: 'error',
      comment: "The server's http/transport/ (errors, compression, ETags, preconditions, declared routes…) is HTTP itself: it imports no other room of http/.",
      from: { path: '^packages/server/src/http/transport/', pathNot: TEST_FILES },
      to: { path: '^packages/server/src/http/', pathNot: '^packages/server/src/http/transport/' },
    },
    {
      name: 'http-rooms-below-the-routes',
      severity: 'error',
      comment: 'The route handlers (http/routes/) sit on the other rooms of http/ (listing, pages, files, transport, auth), which never import them.',
      from: { path: '^packages/server/src/http/(transport|listing|pages|files|auth)/', pathNot: TEST_FILES },
      to: { path: '^packages/server/src/http/routes/' },
    },
    {
      name: 'no-test-helper-in-product-code',
      severity: 'error',
      comment: 'No product file imports a test helper (server/src/test/, viewer/testing/, viewer/e2e/).',
      from: { path: '^packages/[^/]+/src/', pathNot: TEST_FILES },
      to: { path: TEST_HELPERS },
    },
  ],
  options: {
    // TypeScript 7's package has no JavaScript compiler API for dependency-cruiser to read .ts files
    // with; SWC reads them (type-only imports included, which count for circles).
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '^packages/viewer/public/'] },
    // Workspace packages resolve through their package.json as Node resolves them (into dist/ where
    // they are built, which is enough to name the package a file imports).
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.d.ts', '.js', '.mjs', '.cjs'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
