import { ACTION_ROLES, ROLES, type TokenRecord } from '@orbis/scene/roles';
import { Type } from '@sinclair/typebox';
import { ListingSchema, MemberSchema, type MemberRecord } from '../records.js';
import { declare } from '../route.js';
import { answer, bodyOf, empty, failure, oneOf, paginationQuery, params, shaped } from '../schema-parts.js';

const P = '/api/projects/:project';
const READ = ACTION_ROLES['project.read'];

/** An invitation made for an email that has no user yet: `url` is the link to pass on (shown once). */
export interface InvitationLink {
  /** The invitation's public id, to list and revoke it by (not the link's secret). */
  id: string;
  /** Absent when the link went by mail to the address (docs/teams.md, "Invitations"). */
  url?: string;
  expiresAt: string;
}

/** `/api/projects/{p}/members`: who is on a project's team, with which role (docs/contract.md §12). */
export const memberRoutes = {
  // Who else is on the team is no secret to its members; changing it is a maintainer's.
  list: declare({
    method: 'GET',
    path: `${P}/members`,
    summary: "The project's members and their roles",
    least: READ,
    params: params.project,
    answers: { 200: shaped<MemberRecord[]>({ description: 'the members, by email', type: 'array', items: { $ref: 'Member#' } }), 404: failure('not_found') },
  }),
  get: declare({
    method: 'GET',
    path: `${P}/members/:userId`,
    summary: 'One member and its role (with the ETag that PATCH and DELETE take in If-Match)',
    least: READ,
    params: params.member,
    answers: { 200: answer(MemberSchema, 'the member'), 404: failure('not_found') },
  }),
  add: declare({
    method: 'POST',
    path: `${P}/members`,
    summary: 'Add a member by email; an email with no user yet gets an invitation link',
    least: ACTION_ROLES['member.add'],
    action: 'member.add',
    params: params.project,
    body: bodyOf({ email: Type.String(), role: oneOf(ROLES) }),
    answers: {
      201: shaped<MemberRecord | { invitation: InvitationLink }>({
        description: 'the member, or {invitation: {id, url?, expiresAt}} for an email with no user or an unproven one (no url when the link is e-mailed)',
        type: 'object',
      }),
      400: failure('invalid_body'),
      403: failure('forbidden: only an owner grants owner'),
      409: failure('conflict: already a member'),
      503: failure('unavailable: the invitation e-mail could not be sent'),
    },
  }),
  setRole: declare({
    method: 'PATCH',
    path: `${P}/members/:userId`,
    summary: "Change a member's role",
    least: ACTION_ROLES['member.role'],
    action: 'member.role',
    params: params.member,
    body: bodyOf({ role: oneOf(ROLES) }),
    answers: {
      200: answer(MemberSchema, 'the member'),
      403: failure('forbidden: only an owner grants or removes owner'),
      404: failure('not_found'),
      409: failure('conflict: the project would have no owner'),
    },
  }),
  remove: declare({
    method: 'DELETE',
    path: `${P}/members/:userId`,
    summary: 'Remove a member',
    least: ACTION_ROLES['member.remove'],
    action: 'member.remove',
    params: params.member,
    answers: { 204: empty('removed'), 403: failure('forbidden'), 404: failure('not_found'), 409: failure('conflict: the project would have no owner') },
  }),
};

/** A project's invitation as `GET /api/projects/{p}/invitations` lists it (docs/teams.md, "Invitations"). */
export interface ProjectInvitationRecord {
  id: string;
  email: string;
  role: string;
  invitedBy: { id: string; name: string; email: string } | null;
  mailed: boolean;
  createdAt: string;
  expiresAt: string;
}
const invitationShape = {
  type: 'object',
  properties: {
    id: { type: 'string', description: 'the public id (not the link, which is never shown again)' },
    email: { type: 'string' },
    role: { type: 'string' },
    invitedBy: {
      type: ['object', 'null'],
      description: 'null: the operator, by the admin token',
      properties: { id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } },
    },
    mailed: { type: 'boolean', description: 'the link went only by e-mail to the address (ORBIS_SMTP_URL)' },
    createdAt: { type: 'string' },
    expiresAt: { type: 'string' },
  },
};

/** `/api/projects/{p}/invitations`: who is invited is a maintainer's to see and revoke, as who is added (docs/teams.md). */
export const projectInvitationRoutes = {
  list: declare({
    method: 'GET',
    path: `${P}/invitations`,
    summary: "The project's invitations that can still be accepted, oldest first",
    least: ACTION_ROLES['invitation.list'],
    params: params.project,
    answers: { 200: shaped<ProjectInvitationRecord[]>({ description: 'the invitations', type: 'array', items: invitationShape }), 404: failure('not_found') },
  }),
  revoke: declare({
    method: 'DELETE',
    path: `${P}/invitations/:id`,
    summary: 'Revoke an invitation: its link stops working',
    least: ACTION_ROLES['invitation.revoke'],
    action: 'invitation.revoke',
    params: params.invitation,
    answers: { 204: empty('revoked'), 404: failure('not_found') },
  }),
};

/** `GET /api/projects/{p}/audit`: the project's audit log, newest first, with §2's pagination and envelopes. */
export const auditRoutes = {
  list: declare({
    method: 'GET',
    path: `${P}/audit`,
    summary: "The project's audit log, newest first: who did what, when, from where",
    least: ACTION_ROLES['audit.read'],
    params: params.project,
    query: paginationQuery,
    answers: {
      200: shaped<unknown>({ description: 'a list or a page of {id, at, actor, action, target, ip, detail?}', $ref: `${ListingSchema.$id}#` }),
      400: failure('invalid_parameter or invalid_cursor'),
      404: failure('not_found'),
    },
  }),
  /** The operator's log: what no project holds (users made, vouched for and deleted, tokens, projects made, refused password changes). */
  installation: declare({
    method: 'GET',
    path: '/api/audit',
    summary: 'The audit log of what belongs to no project, newest first (the operator)',
    least: 'admin',
    query: paginationQuery,
    answers: {
      200: shaped<unknown>({ description: 'a list or a page of {id, at, actor, action, target, ip, detail?}', $ref: `${ListingSchema.$id}#` }),
      400: failure('invalid_parameter or invalid_cursor'),
    },
  }),
};

/** A user as the API answers it (docs/contract.md §12). */
export interface UserRecord {
  id: string;
  email: string;
  name: string;
  createdAt?: string;
  /** The editor's language the user chose (docs/contract.md §19); absent: the browser's. */
  language?: string;
  /** Present (true) when nobody proved the email is the user's (docs/teams.md). */
  unproven?: true;
}
/** A user's JSON Schema, in every answer that holds one (the operator's list, `/api/auth/me`). */
export const userShape = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    createdAt: { type: 'string' },
    language: { type: 'string', description: "the editor's language the user chose (docs/contract.md §19)" },
    unproven: {
      type: 'boolean',
      description: "present (true) when nobody proved the email is the user's: made from an invitation link passed on by hand (docs/teams.md)",
    },
  },
};

/** `/api/users`: the operator's (admin token) list of users (docs/contract.md §12). */
export const userRoutes = {
  create: declare({
    method: 'POST',
    path: '/api/users',
    summary: 'Create a user',
    least: 'admin',
    action: 'user.create',
    body: bodyOf({ email: Type.String(), name: Type.Optional(Type.String()), password: Type.Optional(Type.String()) }),
    answers: { 201: shaped<UserRecord>({ description: 'the user', ...userShape }), 400: failure('invalid_body'), 409: failure('conflict: the email exists') },
  }),
  list: declare({
    method: 'GET',
    path: '/api/users',
    summary: 'Every user',
    least: 'admin',
    answers: { 200: shaped<UserRecord[]>({ description: 'the users, oldest first', type: 'array', items: userShape }) },
  }),
  prove: declare({
    method: 'POST',
    path: '/api/users/:id/proven',
    summary: "Vouch that an unproven user's email is theirs (the operator checked it): their email counts from then on",
    least: 'admin',
    action: 'user.prove',
    params: params.id,
    answers: { 200: shaped<UserRecord>({ description: 'the user, proven', ...userShape }), 404: failure('not_found') },
  }),
  remove: declare({
    method: 'DELETE',
    path: '/api/users/:id',
    summary: 'Delete a user: their sessions and tokens end at once',
    least: 'admin',
    action: 'user.delete',
    params: params.id,
    answers: { 204: empty('deleted'), 404: failure('not_found'), 409: failure('conflict: the user is the only owner of a project') },
  }),
};

/** `/api/tokens`: a signed-in user's personal access tokens (docs/contract.md §12). */
export const tokenRoutes = {
  create: declare({
    method: 'POST',
    path: '/api/tokens',
    summary: 'Create a personal access token: the only time it is shown',
    least: 'session',
    action: 'token.create',
    body: bodyOf({
      name: Type.String(),
      expiresAt: Type.Optional(Type.String({ description: 'ISO 8601; absent: never' })),
      projects: Type.Optional(Type.Array(Type.String(), { description: 'aliases; absent: every project of the user' })),
      role: Type.Optional(oneOf(ROLES, 'the most it may do; absent: as much as its user')),
    }),
    answers: {
      201: shaped<{ id: string; name: string; token: string; expiresAt: string | null }>({ description: '{id, name, token, expiresAt}', type: 'object' }),
      400: failure('invalid_body'),
    },
  }),
  list: declare({
    method: 'GET',
    path: '/api/tokens',
    summary: "One's personal access tokens, without their secrets",
    least: 'session',
    answers: { 200: shaped<TokenRecord[]>({ description: 'the tokens', type: 'array', items: { type: 'object' } }) },
  }),
  revoke: declare({
    method: 'DELETE',
    path: '/api/tokens/:id',
    summary: 'Revoke a personal access token, at once',
    least: 'session',
    action: 'token.revoke',
    params: params.id,
    answers: { 204: empty('revoked'), 404: failure('not_found') },
  }),
};
