import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { onAuthenticatePayload } from '@hocuspocus/server';
import { ACTION_ROLES, roleAtLeast } from '@orbis/scene/roles';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import type { LiveContext } from '../../live/live-scenes.js';
import type { AppContext } from '../app-context.js';
import type { Actor } from '../auth/actor.js';
import { bearerActor } from '../auth/authenticate.js';
import { roleOn } from '../auth/guard.js';
import { fromOwnOrigin } from '../auth/same-origin.js';
import { SESSION_COOKIE } from '../auth/session-cookie.js';

/** `GET /api/projects/{p}/live`: the path of a project's live scene (docs/collaboration.md). */
const LIVE_PATH = /^\/api\/projects\/([^/?]+)\/live(?:\?|$)/;

/** A `Sec-WebSocket-Protocol` entry that carries a bearer token: `bearer.<token>`. */
const BEARER_PROTOCOL = 'bearer.';

/** The largest message an editor may send (one update or awareness state). */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** What the upgrade request told of its sender, for the `authenticate` hook (the first message may bring a token). */
interface UpgradeCredentials {
  alias: string;
  ip: string;
  sessionId?: string;
  sameOrigin: boolean;
  protocolBearer?: string;
}

/**
 * Serves `GET /api/projects/{p}/live` as a WebSocket on the app's own server and port: Hocuspocus
 * (the Yjs sync and awareness protocols) over `ws`, one project's document per connection.
 */
export function liveRoute(app: FastifyInstance, ctx: AppContext): void {
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    // A bearer token sent as a subprotocol is accepted, and the answer names no protocol back but this one.
    handleProtocols: (protocols) => (protocols.has('orbis.live') ? 'orbis.live' : false),
  });
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const match = LIVE_PATH.exec(request.url ?? '');
    if (!match) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const credentials = upgradeCredentials(app, ctx, request, decodeURIComponent(match[1]!));
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
      const connection = ctx.live.hocuspocus.handleConnection(ws, new Request(new URL(request.url ?? '/', ctx.publicUrl), { headers }), { credentials });
      ws.on('message', (data: Buffer) => connection.handleMessage(new Uint8Array(data)));
      ws.on('close', (code: number, reason: Buffer) =>
        connection.handleClose({ code, reason: reason.toString() } as Parameters<typeof connection.handleClose>[0]),
      );
      ws.on('error', () => ws.terminate());
    });
  });
  // Before the server closes (an upgraded socket holds the server's close open until it ends): no new
  // editor, every open one cut, and then their documents stored and unloaded while the store is open.
  app.addHook('preClose', async () => {
    sockets.close();
    for (const ws of sockets.clients) ws.terminate();
    await ctx.live.shutdown();
  });
}

function upgradeCredentials(app: FastifyInstance, ctx: AppContext, request: IncomingMessage, alias: string): UpgradeCredentials {
  const cookies = app.parseCookie(request.headers.cookie ?? '');
  const protocols = String(request.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim());
  const protocolBearer = protocols.find((p) => p.startsWith(BEARER_PROTOCOL))?.slice(BEARER_PROTOCOL.length);
  return {
    alias,
    ip: request.socket.remoteAddress ?? 'unknown',
    sessionId: cookies[SESSION_COOKIE] || undefined,
    sameOrigin: fromOwnOrigin(request, ctx.publicUrl),
    protocolBearer,
  };
}

/**
 * Who may open a project's live document, and whether they may change it (docs/collaboration.md,
 * "Who may edit"): a token from the first message or the subprotocol, else the session cookie of
 * Orbis's own pages; a `reader` gets a read-only connection, `writer` and above may write. Any
 * other is refused, and the document named must be the project of the path.
 */
export async function authenticateLive(ctx: AppContext, payload: onAuthenticatePayload): Promise<LiveContext> {
  const credentials = (payload.context as { credentials?: UpgradeCredentials }).credentials;
  if (!credentials) throw new Error('not a connection of the live route');
  if (payload.documentName !== credentials.alias) throw new Error(`this connection is for project "${credentials.alias}", not "${payload.documentName}"`);
  const actor = await liveActor(ctx, credentials, payload.token);
  const project = await ctx.store.getProjectByAlias(credentials.alias);
  const role = project && (await roleOn(ctx, actor, project));
  if (!project || !role) throw new Error(`project "${credentials.alias}" does not exist`);
  payload.connectionConfig.readOnly = !roleAtLeast(role, ACTION_ROLES['scene.put']);
  return { projectId: project.id, ...(actor.type === 'admin' ? {} : { userId: actor.user.id }) };
}

async function liveActor(ctx: AppContext, credentials: UpgradeCredentials, token: string): Promise<Actor> {
  const bearer = token || credentials.protocolBearer;
  if (bearer) return bearerActor(ctx, bearer, credentials.ip);
  if (credentials.sessionId === undefined) throw new Error('the live scene needs a token or a signed-in session');
  // A cookie rides along on any page's WebSocket: only Orbis's own pages may use it (as for writes).
  if (!credentials.sameOrigin) throw new Error("a signed-in live connection must come from Orbis's own pages");
  const session = await ctx.auth.sessions.resume(credentials.sessionId);
  if (!session) throw new Error('the session has ended: sign in again');
  return { type: 'user', user: session.user, sessionIdHash: session.idHash };
}
