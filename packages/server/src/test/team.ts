import type { Harness } from './harness.js';

/** A password that passes docs/contract.md §12's rule. */
export const PASSWORD = 'correct horse battery';

/** A signed-in user of a test server: their id, and fetch with their session cookie (and Orbis's origin). */
export interface TestUser {
  id: string;
  email: string;
  cookie: string;
  /** A fetch with the session cookie and `Origin` set to the server's own. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
}

/** The `name=value` of the session cookie a sign-in answer sets. */
export function sessionCookieOf(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('orbis_session='));
  if (!set) throw new Error(`no session cookie in ${res.status}`);
  return set.split(';')[0]!;
}

/** A fetch as a cookie holder, with Orbis's own origin unless `headers` say otherwise. */
export function cookieFetch(url: string, cookie: string) {
  return (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(url + path, {
      method,
      headers: { cookie, origin: url, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
}

/** Signs in on a server, returning the session cookie. */
export async function signIn(url: string, email: string, password = PASSWORD): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return sessionCookieOf(res);
}

/** Creates a user through the admin API and signs them in. */
export async function signedInUser(h: Harness, email: string): Promise<TestUser> {
  const res = await h.admin('POST', '/api/users', { email, name: email.split('@')[0], password: PASSWORD });
  if (res.status !== 201) throw new Error(`user ${email}: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const cookie = await signIn(h.url, email);
  return { id, email, cookie, call: cookieFetch(h.url, cookie) };
}

/** Adds a user to a project with a role, through the admin API. */
export async function addMember(h: Harness, alias: string, email: string, role: string): Promise<void> {
  const res = await h.admin('POST', `/api/projects/${alias}/members`, { email, role });
  if (res.status !== 201) throw new Error(`member ${email}: ${res.status} ${await res.text()}`);
}

/** The secret of an invitation link (`…/editor?invitation=<secret>`): what GET and accept take. */
export function linkSecret(url: string): string {
  const secret = new URL(url).searchParams.get('invitation');
  if (!secret) throw new Error(`not an invitation link: ${url}`);
  return secret;
}
