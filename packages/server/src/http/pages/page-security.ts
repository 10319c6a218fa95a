import { createHash } from 'node:crypto';
import { VIDEO_PLAYER_ORIGINS } from '@orbis/scene';
import type { FastifyReply } from 'fastify';

/** Any http(s) address a scene may name for tiles, terrain, 3D Tiles or data (URL layers). */
const ANY_WEB = 'https: http:';

/**
 * The SHA-256 sources of a page's inline scripts (the CESIUM_BASE_URL line and the import map),
 * computed from the built HTML at start-up, so the policy allows exactly those and no other
 * inline script. JSON data blocks (the published snapshot) never run and need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || /\btype\s*=\s*["']?application\/json/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy of the editor, published and error pages and of the viewer's and
 * CesiumJS's static files (which become workers). Scripts: our own files, the listed inline
 * hashes, and WebAssembly compilation (QuickJS, Cesium's decoders); workers also from blob:.
 * 'unsafe-eval' is there because CesiumJS cannot load without it: the Knockout bundled in its
 * module runs `(0, eval)("this")` on import and compiles widget bindings with `new Function`
 * (CesiumGS/cesium#13617). No inline script runs but the hashed ones, so injected markup
 * still cannot start script.
 * Tiles and data: any http(s) address. Frames: plugin UI frames load our frame document, and an
 * infobox's video block frames YouTube's or Vimeo's player (docs/viewer.md), nothing else. Nothing
 * may frame the pages but Orbis itself and, for the published page, the origins of
 * `ORBIS_FRAME_ANCESTORS` (`frameAncestors`, validated as origins when the server starts).
 */
export function pagePolicy(scriptHashes: readonly string[] = [], frameAncestors: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'${scriptHashes.map((h) => ` ${h}`).join('')}`,
    "worker-src 'self' blob:",
    // Cesium's widgets and the pages set inline styles; styles cannot run script.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${ANY_WEB}`,
    `connect-src 'self' data: blob: ${ANY_WEB}`,
    `media-src 'self' data: blob: ${ANY_WEB}`,
    "font-src 'self' data:",
    `frame-src 'self' ${Object.values(VIDEO_PLAYER_ORIGINS).join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    frameAncestorsDirective(frameAncestors),
  ].join('; ');
}

/** `frame-ancestors 'self'` plus the origins allowed to embed published pages. */
export function frameAncestorsDirective(frameAncestors: readonly string[] = []): string {
  return ["frame-ancestors 'self'", ...frameAncestors].join(' ');
}

/**
 * The policy of the plugin UI frame document (`/app/plugin-frame.html`), which runs in a sandboxed
 * iframe with an opaque origin: the plugin's inline script and styles run; images, styles, fonts
 * and media load from `https:` and Orbis's own origin, and `fetch` reaches them under CORS, as
 * Re:Earth's plugin frames can (docs/contract.md §8). The opaque origin is what keeps the page safe: CORS
 * refuses the frame every Orbis route that does not allow any origin (the management API), and it
 * has no cookies or storage of the page. Its ancestors are the published page's, so an embedded
 * page's plugin frames load too. The policy's own `sandbox allow-scripts` (the same flags as the
 * viewer's `sandbox` attribute) makes the document opaque however it is framed: a site in
 * `ORBIS_FRAME_ANCESTORS` that frames it directly, without the attribute, still gets a frame with
 * no access to Orbis's storage or cookies.
 */
export function pluginFramePolicy(frameAncestors: readonly string[] = []): string {
  return PLUGIN_FRAME_POLICY.replace("frame-ancestors 'self'", frameAncestorsDirective(frameAncestors));
}

/** {@link pluginFramePolicy} with no outside ancestors. */
export const PLUGIN_FRAME_POLICY = [
  'sandbox allow-scripts',
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline' 'self' https:",
  "img-src data: blob: 'self' https:",
  "media-src data: blob: 'self' https:",
  "font-src data: 'self' https:",
  "connect-src 'self' https:",
  "form-action 'none'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * Sets the headers every page and static file of the viewer carries. The referrer policy keeps
 * a page's path (a project's alias, an editor address) from the sites its tiles and data come
 * from; they see the origin only.
 */
export function securityHeaders(reply: Pick<FastifyReply, 'header'>, policy: string): void {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  reply.header('Content-Security-Policy', policy);
}

/**
 * Cross-origin isolation (docs/contract.md §11): with these on the editor and published pages and on every
 * file they load (workers need them too), the page gets SharedArrayBuffer and Atomics.wait, and
 * plugins run in workers. `credentialless`, not `require-corp`: resources of other origins that
 * are loaded without CORS (a story's images, say) still load, only without cookies; a
 * `require-corp` page would refuse every one that does not send Cross-Origin-Resource-Policy.
 * CORS requests (imagery, 3D Tiles, data) are unchanged. Browsers without `credentialless`
 * (Safari) are simply not isolated and fall back to plugins on the main thread.
 */
export function isolationHeaders(reply: Pick<FastifyReply, 'header'>, on: boolean): void {
  if (!on) return;
  reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  reply.header('Cross-Origin-Embedder-Policy', 'credentialless');
}
