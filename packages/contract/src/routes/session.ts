import { LANGUAGES, type Language } from '@orbis/scene/languages';
import type { Role } from '@orbis/scene/roles';
import { Type } from '@sinclair/typebox';
import { declare } from '../route.js';
import { bodyOf, empty, failure, params, shaped } from '../schema-parts.js';
import { type UserRecord, userShape } from './accounts.js';

/** Who is signed in (`user` is null for the admin token, the owner of every project) and their projects. */
export interface Me {
  user: UserRecord | null;
  projects: { alias: string; name: string; role: Role }[];
}

/** The ways to sign in the server offers: the OpenID Connect button only when one is set. */
export interface SignInProviders {
  password: boolean;
  oidc: { name: string; url: string } | null;
}

/** What an invitation is to, as `GET /api/auth/invitations/{id}` answers (docs/teams.md, "Invitations"). */
export interface InvitationRecord {
  project: { alias: string; name: string };
  role: Role;
  email: string;
  /** Who invited; null when the operator did, with the admin token. */
  invitedBy: { name: string; email: string } | null;
  expiresAt: string;
}

const meShape = shaped<Me>({
  description: 'who is signed in, and their projects',
  type: 'object',
  properties: {
    user: userShape,
    projects: { type: 'array', items: { type: 'object', properties: { alias: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } } } },
  },
});
const invitationAnswer = shaped<InvitationRecord>({
  description: 'the invitation: the project, the role, the invited email, who invited (null: the operator, by the admin token) and when it expires',
  type: 'object',
  required: ['project', 'role', 'email', 'invitedBy', 'expiresAt'],
  properties: {
    project: { type: 'object', required: ['alias', 'name'], properties: { alias: { type: 'string' }, name: { type: 'string' } } },
    role: { type: 'string' },
    email: { type: 'string' },
    invitedBy: { type: ['object', 'null'], required: ['name', 'email'], properties: { name: { type: 'string' }, email: { type: 'string' } } },
    expiresAt: { type: 'string' },
  },
});
const gone = failure('not_found: no such invitation, or it expired, was used or revoked');

/**
 * `/api/auth/…`: sign in, sign out, who is signed in, invitations (docs/contract.md §12). Outside
 * the guard (`anyone`): each route checks its own credentials (a session, the invitation link).
 */
export const sessionRoutes = {
  signIn: declare({
    method: 'POST',
    path: '/api/auth/sign-in',
    summary: 'Sign in with email and password: sets the orbis_session cookie',
    least: 'anyone',
    body: bodyOf({ email: Type.String({ maxLength: 320 }), password: Type.String({ maxLength: 1000 }) }),
    answers: {
      200: shaped<{ user: UserRecord }>({ description: 'the user', type: 'object', properties: { user: userShape } }),
      401: failure('invalid_credentials: the same for an unknown email and a wrong password'),
      429: failure('too_many_attempts, with Retry-After'),
    },
  }),
  // The editor's sign-in page asks which ways there are: the OpenID Connect button only when one is set.
  providers: declare({
    method: 'GET',
    path: '/api/auth/providers',
    summary: 'The ways to sign in: email and password, and the OpenID Connect provider when one is set',
    least: 'anyone',
    answers: {
      200: shaped<SignInProviders>({
        description: 'the ways to sign in',
        type: 'object',
        properties: { password: { type: 'boolean' }, oidc: { type: ['object', 'null'], properties: { name: { type: 'string' }, url: { type: 'string' } } } },
      }),
    },
  }),
  signOut: declare({
    method: 'POST',
    path: '/api/auth/sign-out',
    summary: 'Sign out: the session ends in every process at once',
    least: 'anyone',
    security: [{ session: [] }],
    answers: { 204: empty('signed out') },
  }),
  me: declare({
    method: 'GET',
    path: '/api/auth/me',
    summary: 'Who is signed in, and their projects with their roles',
    least: 'anyone',
    security: [{ session: [] }, { accessToken: [] }, { adminToken: [] }],
    answers: { 200: meShape, 401: failure('unauthorized') },
  }),
  changeMe: declare({
    method: 'PATCH',
    path: '/api/auth/me',
    summary: "Change one's name or password (a new password ends one's other sessions), or one's language (no currentPassword needed for it alone)",
    least: 'anyone',
    security: [{ session: [] }],
    body: bodyOf({
      name: Type.Optional(Type.String()),
      password: Type.Optional(Type.String()),
      currentPassword: Type.Optional(Type.String()),
      language: Type.Optional(shaped<Language>({ type: 'string', enum: [...LANGUAGES] })),
    }),
    answers: {
      200: meShape,
      400: failure('invalid_body'),
      401: failure('unauthorized'),
      429: failure('too_many_attempts: too many wrong currentPasswords, with Retry-After'),
    },
  }),
  invitation: declare({
    method: 'GET',
    path: '/api/auth/invitations/:id',
    summary: 'An invitation: which project, which role, who invited',
    least: 'anyone',
    params: params.id,
    answers: { 200: invitationAnswer, 404: gone },
  }),
  accept: declare({
    method: 'POST',
    path: '/api/auth/invitations/:id/accept',
    summary: 'Accept an invitation: become a member (a new user with name and password, or the signed-in one)',
    least: 'anyone',
    params: params.id,
    // `{"name","password"}`, or no body at all with a session: no `type`, so that an absent body passes.
    body: shaped<{ name: string; password: string } | undefined>({
      properties: { name: { type: 'string' }, password: { type: 'string' } },
      additionalProperties: false,
    }),
    answers: {
      200: shaped<{ user: UserRecord }>({ description: '{user}, now a member', type: 'object' }),
      400: failure('invalid_body'),
      404: gone,
      409: failure('conflict: a user has that email (sign in first), or the signed-in user is a member already'),
    },
  }),
};
