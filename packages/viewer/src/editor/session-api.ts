import type { Role, TokenRecord } from '@orbis/scene/roles';
import { ApiError } from './management-api.js';
import { isLanguage, type Language, setLanguage } from '../ui/i18n.js';

/** A user as `/api/auth/…` answers (docs/contract.md §12). */
export interface UserRecord {
  id: string;
  email: string;
  name: string;
  /** The editor's language the user chose (docs/contract.md §19); absent: the browser's. */
  language?: string;
}

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

async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(path, {
    method,
    // A FormData body is sent as multipart, its boundary set by fetch.
    headers: { ...headers, ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  if (res.status === 204) return undefined as T;
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new ApiError(res.status, json?.error?.code ?? 'unknown', json?.error?.message ?? res.statusText);
  return json as T;
}

/** Who is signed in, by the session cookie or the admin token; undefined when no one is. */
export async function whoAmI(token?: string): Promise<Me | undefined> {
  try {
    const me = await call<Me>('GET', '/api/auth/me', undefined, token ? { authorization: `Bearer ${token}` } : {});
    // The editor speaks the signed-in user's language, else the browser's (docs/contract.md §19).
    if (isLanguage(me.user?.language)) setLanguage(me.user.language);
    return me;
  } catch (err) {
    if (err instanceof ApiError && err.code === 'unauthorized') return undefined;
    throw err;
  }
}

export function signInProviders(): Promise<SignInProviders> {
  return call('GET', '/api/auth/providers');
}

/** Signs in with email and password: the server sets the session cookie. */
export function signIn(email: string, password: string): Promise<{ user: UserRecord }> {
  return call('POST', '/api/auth/sign-in', { email, password });
}

export function signOut(): Promise<void> {
  return call('POST', '/api/auth/sign-out');
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

/** The invitation an invitation link names; undefined when it expired, was used, or never was. */
export async function invitationOf(id: string): Promise<InvitationRecord | undefined> {
  try {
    return await call<InvitationRecord>('GET', `/api/auth/invitations/${encodeURIComponent(id)}`);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'not_found') return undefined;
    throw err;
  }
}

/** Accepts an invitation: as a new user with a name and password, or (no body) as the signed-in one. */
export function acceptInvitation(id: string, newUser?: { name: string; password: string }): Promise<{ user: UserRecord }> {
  return call('POST', `/api/auth/invitations/${encodeURIComponent(id)}/accept`, newUser);
}

/** Creates a project; its creator becomes its owner. */
export function createProject(project: { alias: string; name: string; visibility: 'public' | 'private' }, token?: string): Promise<{ alias: string }> {
  return call('POST', '/api/projects', project, token ? { authorization: `Bearer ${token}` } : {});
}

/** Imports a project zip of `orbis project export` as a new project at `alias` (the exported one when undefined), owned by the caller (docs/contract.md §20). */
export function importProjectZip(zip: File, alias: string | undefined, token?: string): Promise<{ project: { alias: string }; members: { skipped: { email: string }[] } }> {
  const form = new FormData();
  // The address before the file: the server reads the fields that come before it.
  if (alias) form.append('alias', alias);
  form.append('file', zip, zip.name);
  return call('POST', '/api/projects/import', form, token ? { authorization: `Bearer ${token}` } : {});
}

/** Changes one's name or password (`currentPassword` is asked), or one's language (no password asked). A new password ends one's other sessions. */
export function changeMe(change: { name?: string; password?: string; currentPassword?: string; language?: Language }): Promise<Me> {
  return call('PATCH', '/api/auth/me', change);
}

export function listTokens(): Promise<TokenRecord[]> {
  return call('GET', '/api/tokens');
}

/** Makes a token: the answer is the only time its secret (`token`) is shown. */
export function createToken(input: { name: string; expiresAt?: string; projects?: string[]; role?: Role }): Promise<{ id: string; name: string; token: string; expiresAt: string | null }> {
  return call('POST', '/api/tokens', input);
}

export function revokeToken(id: string): Promise<void> {
  return call('DELETE', `/api/tokens/${encodeURIComponent(id)}`);
}
