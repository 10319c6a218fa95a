import {
  fileRoutes,
  type ImportReport,
  type InvitationRecord,
  type Me,
  projectRoutes,
  sessionRoutes,
  type SignInProviders,
  tokenRoutes,
  type UserRecord,
  type Visibility,
} from '@orbis/contract';
import type { Role, TokenRecord } from '@orbis/scene/roles';
import { ApiClient, ApiError } from './api-client.js';
import { isLanguage, type Language, setLanguage } from '../../ui/i18n.js';

export type { InvitationRecord, Me, SignInProviders, UserRecord };

/** The client with a session (the cookie goes by itself), or with the admin token. */
const clientOf = (token?: string) => new ApiClient(token ? { authorization: `Bearer ${token}` } : {});
const session = clientOf();

/** Who is signed in, by the session cookie or the admin token; undefined when no one is. */
export async function whoAmI(token?: string): Promise<Me | undefined> {
  try {
    const me = await clientOf(token).call(sessionRoutes.me, {});
    // The editor speaks the signed-in user's language, else the browser's (docs/contract.md §19).
    if (isLanguage(me.user?.language)) setLanguage(me.user.language);
    return me;
  } catch (err) {
    if (err instanceof ApiError && err.code === 'unauthorized') return undefined;
    throw err;
  }
}

export function signInProviders(): Promise<SignInProviders> {
  return session.call(sessionRoutes.providers, {});
}

/** Signs in with email and password: the server sets the session cookie. */
export function signIn(email: string, password: string): Promise<{ user: UserRecord }> {
  return session.call(sessionRoutes.signIn, { body: { email, password } });
}

export async function signOut(): Promise<void> {
  await session.call(sessionRoutes.signOut, {});
}

/** The invitation an invitation link names; undefined when it expired, was used, or never was. */
export async function invitationOf(id: string): Promise<InvitationRecord | undefined> {
  try {
    return await session.call(sessionRoutes.invitation, { params: { id } });
  } catch (err) {
    if (err instanceof ApiError && err.code === 'not_found') return undefined;
    throw err;
  }
}

/** Accepts an invitation: as a new user with a name and password, or (no body) as the signed-in one. */
export function acceptInvitation(id: string, newUser?: { name: string; password: string }): Promise<{ user: UserRecord }> {
  return session.call(sessionRoutes.accept, { params: { id }, body: newUser });
}

/** Creates a project; its creator becomes its owner. */
export function createProject(project: { alias: string; name: string; visibility: Visibility }, token?: string): Promise<{ alias: string }> {
  return clientOf(token).call(projectRoutes.create, { body: project });
}

/** Imports a project zip of `orbis project export` as a new project at `alias` (the exported one when undefined), owned by the caller (docs/contract.md §20). */
export function importProjectZip(zip: File, alias: string | undefined, token?: string): Promise<ImportReport> {
  const form = new FormData();
  // The address before the file: the server reads the fields that come before it.
  if (alias) form.append('alias', alias);
  form.append('file', zip, zip.name);
  return clientOf(token).call(fileRoutes.projectImport, { body: form });
}

/** Changes one's name or password (`currentPassword` is asked), or one's language (no password asked). A new password ends one's other sessions. */
export function changeMe(change: { name?: string; password?: string; currentPassword?: string; language?: Language }): Promise<Me> {
  return session.call(sessionRoutes.changeMe, { body: change });
}

export function listTokens(): Promise<TokenRecord[]> {
  return session.call(tokenRoutes.list, {});
}

/** Makes a token: the answer is the only time its secret (`token`) is shown. */
export function createToken(input: {
  name: string;
  expiresAt?: string;
  projects?: string[];
  role?: Role;
}): Promise<{ id: string; name: string; token: string; expiresAt: string | null }> {
  return session.call(tokenRoutes.create, { body: input });
}

export async function revokeToken(id: string): Promise<void> {
  await session.call(tokenRoutes.revoke, { params: { id } });
}
