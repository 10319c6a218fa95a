import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '../transport/api-error.js';
import type { AppContext } from '../app-context.js';
import { failure } from '@orbis/contract';
import { signIn } from './sign-in.js';
import { type OidcChecks, OidcClient } from './oidc-client.js';

/** The cookie that carries the PKCE verifier, state and nonce from the redirect to the callback. */
const CHECKS_COOKIE = 'orbis_oidc';
const CHECKS_PATH = '/api/auth/oidc';
const CHECKS_SECONDS = 600;

function readChecks(value: string | undefined): OidcChecks | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<OidcChecks>;
    return typeof parsed.codeVerifier === 'string' && typeof parsed.state === 'string' && typeof parsed.nonce === 'string' ? (parsed as OidcChecks) : undefined;
  } catch {
    return undefined;
  }
}

const redirect = (reply: FastifyReply, url: string) => reply.code(302).header('location', url).header('cache-control', 'no-store').send();

/**
 * `GET /api/auth/oidc/sign-in` and `…/callback` (docs/contract.md §12): OpenID Connect's authorization-code
 * flow with PKCE. The user is found by the provider's verified email, or created; then signed in
 * as with a password, and sent to the editor.
 */
export function oidcRoutes(app: FastifyInstance, ctx: AppContext): void {
  const oidc = ctx.oidc && new OidcClient(ctx.oidc, () => `${ctx.publicUrl}/api/auth/oidc/callback`);
  const secure = () => ctx.publicUrl.startsWith('https:');
  const needed = () => {
    if (!oidc) throw new ApiError('not_found', 'OpenID Connect sign-in is not set up (ORBIS_OIDC_ISSUER, ORBIS_OIDC_CLIENT_ID, ORBIS_OIDC_CLIENT_SECRET)');
    return oidc;
  };

  app.get(
    '/api/auth/oidc/sign-in',
    {
      schema: {
        summary: 'Sign in through the OpenID Connect provider: a redirect to it',
        response: { 302: { description: 'to the provider', type: 'null' }, 404: failure('not_found: OpenID Connect is not set up') },
      },
    },
    async (_request, reply) => {
      const { url, checks } = await needed().start();
      reply.setCookie(CHECKS_COOKIE, Buffer.from(JSON.stringify(checks)).toString('base64url'), {
        httpOnly: true,
        sameSite: 'lax',
        path: CHECKS_PATH,
        secure: secure(),
        maxAge: CHECKS_SECONDS,
      });
      return redirect(reply, url);
    },
  );

  app.get(
    '/api/auth/oidc/callback',
    {
      schema: {
        summary: "The OpenID Connect provider's return: signs the user in and redirects to the editor",
        response: {
          302: { description: 'to the editor, signed in', type: 'null' },
          401: failure("invalid_credentials: the provider's answer did not check out"),
          403: failure('forbidden: no verified email'),
          409: failure('conflict: an unproven account holds the email'),
        },
      },
    },
    async (request, reply) => {
      const client = needed();
      const checks = readChecks(request.cookies[CHECKS_COOKIE]);
      reply.clearCookie(CHECKS_COOKIE, { httpOnly: true, sameSite: 'lax', path: CHECKS_PATH, secure: secure() });
      if (!checks) throw new ApiError('invalid_credentials', 'the sign-in was not started here, or took longer than 10 minutes: start again');
      let identity;
      try {
        identity = await client.finish(new URL(request.url, ctx.publicUrl), checks);
      } catch (err) {
        request.log.warn({ reason: (err as Error).name }, 'OpenID Connect callback refused');
        throw new ApiError('invalid_credentials', "the OpenID Connect provider's answer did not check out: start again");
      }
      if (!identity.email || !identity.emailVerified) throw new ApiError('forbidden', 'the provider did not give a verified email address');
      const found = await ctx.store.accounts.getUserByEmail(identity.email);
      // OpenID Connect never adopts an account whose email nobody proved: whoever made it from a link passed on by hand is not the address's owner (docs/teams.md).
      if (found?.unproven)
        throw new ApiError(
          'conflict',
          'an account made from an invitation link holds this email without proof that it is theirs: ask the operator to delete it, then sign in again',
        );
      const user = found ?? (await ctx.auth.users.create({ email: identity.email, ...(identity.name ? { name: identity.name.slice(0, 200) } : {}) }));
      await signIn(ctx, reply, user);
      return redirect(reply, `${ctx.publicUrl}/editor`);
    },
  );
}
