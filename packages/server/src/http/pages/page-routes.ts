import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ALIAS_PATTERN } from '@orbis/scene/checks';
import { cesiumBuildDir, cesiumPrecompressedDir, VIEWER_DIST } from '../../static/static-roots.js';
import type { AppContext } from '../app-context.js';
import { ENCODING_SUFFIX } from '../transport/compressible.js';
import { params } from '@orbis/contract';
import { publishedProject } from './published-project.js';
import { inlineScriptHashes, isolationHeaders, pagePolicy, pluginFramePolicy, securityHeaders } from './page-security.js';
import { withShareHead } from './share-head.js';
import { DEFAULT_SHARE_IMAGE, readShareImage, shareImageVersion } from './share-image.js';

/** Where the viewer's and CesiumJS's files are served: each compressed once, ahead of time (`static/precompress.ts`). */
export const PRECOMPRESSED_PREFIXES = ['/app/', '/cesium/'] as const;
const [APP_PREFIX, CESIUM_PREFIX] = PRECOMPRESSED_PREFIXES;

/** The file a served path is a compressed copy of (`x.js.br` → `x.js`), or the path itself. */
function identityPath(path: string): string {
  const suffix = Object.values(ENCODING_SUFFIX).find((s) => path.endsWith(s));
  return suffix === undefined ? path : path.slice(0, -suffix.length);
}

const SNAPSHOT_MARK = '<!--orbis:snapshot-->';

/** JSON that is safe inside a <script> element: no `</script>`, no HTML comment openers. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function notFoundPage(reply: FastifyReply, title: string, text: string): FastifyReply {
  securityHeaders(reply, pagePolicy());
  return reply
    .code(404)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body style="font:16px system-ui;background:#111;color:#ddd;display:grid;place-items:center;height:100vh;margin:0"><main><h1>${title}</h1><p>${text}</p></main></body></html>`,
    );
}

/** `/editor/{p}`, `/p/{p}`, and the static files they load (`/app/…`, `/cesium/…`). */
export async function pageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const page = (name: string): string | undefined => {
    const path = join(VIEWER_DIST, name);
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  };
  const editorHtml = page('editor.html');
  const publishedHtml = page('published.html');
  // The inline scripts of the built pages, hashed at start-up: those run, no injected one does.
  const hashes = [...new Set([...inlineScriptHashes(editorHtml ?? ''), ...inlineScriptHashes(publishedHtml ?? '')])];
  const policy = pagePolicy(hashes);
  // Only the published page (and the plugin frames inside it) may be embedded by other sites.
  const publishedPolicy = pagePolicy(hashes, ctx.frameAncestors);
  const framePolicy = pluginFramePolicy(ctx.frameAncestors);
  const defaultImage = readFileSync(DEFAULT_SHARE_IMAGE);
  const frameFile = join(VIEWER_DIST, 'plugin-frame.html');
  const isolated = ctx.crossOriginIsolation !== false;
  const notBuilt = (reply: FastifyReply) => {
    securityHeaders(reply, pagePolicy());
    return reply.code(503).type('text/plain; charset=utf-8').send('The viewer is not built: run `npm run build` in the repository root.');
  };

  if (existsSync(VIEWER_DIST)) {
    await app.register(fastifyStatic, {
      root: VIEWER_DIST,
      prefix: APP_PREFIX,
      index: false,
      // `x.js.br` and `x.js.gz` beside `x.js`, made by `npm run build`, go to clients that accept them.
      preCompressed: true,
      // Described in /openapi.json like every route.
      schemaHide: false,
      // File names under assets/ carry a content hash: they never change.
      setHeaders: (reply, served) => {
        const path = identityPath(served);
        reply.header('Cache-Control', path.includes(join('dist', 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache');
        securityHeaders(reply, path === frameFile ? framePolicy : policy);
        isolationHeaders(reply, isolated);
      },
    });
  }
  const cesium = cesiumBuildDir();
  const copies = cesiumPrecompressedDir();
  if (cesium && existsSync(cesium)) {
    await app.register(fastifyStatic, {
      // The compressed copies first (`x.js.br`, `x.js.gz`, made by `npm run build`); a file without
      // one, and a client that accepts no coding, get the package's own.
      root: existsSync(copies ?? '') ? [copies!, cesium] : cesium,
      prefix: CESIUM_PREFIX,
      preCompressed: true,
      index: false,
      schemaHide: false,
      decorateReply: false,
      // The cesium package is pinned; a day of caching, revalidated after.
      setHeaders: (reply) => {
        reply.header('Cache-Control', 'public, max-age=86400');
        securityHeaders(reply, policy);
        isolationHeaders(reply, isolated);
      },
    });
  }

  const sendEditor = (reply: FastifyReply) => {
    securityHeaders(reply, policy);
    isolationHeaders(reply, isolated);
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(editorHtml);
  };
  // Where sign-in (with a password or OpenID Connect) and invitation links land: the projects one may open.
  app.get('/editor', { schema: { summary: "The editor's start (HTML): sign-in, an invitation, or the projects one may open" } }, async (_request, reply) =>
    editorHtml ? sendEditor(reply) : notBuilt(reply),
  );
  app.get<{ Params: { project: string } }>(
    '/editor/:project',
    { schema: { summary: 'The editor (HTML); it asks to sign in, or for the admin token', params: params.project } },
    async (request, reply) => {
      if (!editorHtml) return notBuilt(reply);
      if (!ALIAS_PATTERN.test(request.params.project)) return notFoundPage(reply, 'No such project', 'Check the address.');
      return sendEditor(reply);
    },
  );

  app.get<{ Params: { project: string } }>(
    '/p/:project',
    { schema: { summary: 'The published page (HTML), or a 404 page', params: params.project } },
    async (request, reply) => {
      if (!publishedHtml) return notBuilt(reply);
      const found = await publishedProject(ctx, request.params.project);
      if (!found) return notFoundPage(reply, 'Not published', 'This page has not been published, or was taken down.');
      const { project, publication } = found;
      const snapshot = JSON.parse(publication.json) as { project: { name: string } };
      const pageUrl = `${ctx.publicUrl}/p/${encodeURIComponent(project.alias)}`;
      const version = (await shareImageVersion(ctx.store, project)) ?? 'default';
      securityHeaders(reply, publishedPolicy);
      isolationHeaders(reply, isolated);
      const html = withShareHead(publishedHtml, {
        title: snapshot.project.name,
        description: project.description,
        url: pageUrl,
        image: `${pageUrl}/og.png?v=${version}`,
      }).replace(SNAPSHOT_MARK, () => `<script id="orbis-snapshot" type="application/json">${scriptSafeJson(snapshot)}</script>`);
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
    },
  );

  // The sharing image: the globe the editor captured at publishing, or the default one.
  app.get<{ Params: { project: string } }>(
    '/p/:project/og.png',
    { schema: { summary: "The published page's sharing image (PNG)", params: params.project } },
    async (request, reply) => {
      const found = await publishedProject(ctx, request.params.project);
      if (!found) return notFoundPage(reply, 'Not published', 'This page has not been published, or was taken down.');
      securityHeaders(reply, policy);
      reply.type('image/png').header('Cache-Control', 'public, max-age=300');
      const version = await shareImageVersion(ctx.store, found.project);
      return reply.send(version ? await readShareImage(ctx.storage, found.project) : defaultImage);
    },
  );
}
