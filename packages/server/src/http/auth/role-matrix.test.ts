import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role, roleAtLeast } from '@orbis/scene/roles';
import { ADMIN_TOKEN, type Harness, startHarness } from '../../test/harness.js';
import { addMember, cookieFetch, signedInUser, type TestUser } from '../../test/team.js';
import { routesOf } from '../../test/routes-of.js';
import { MANAGEMENT_ROUTES, type RouteDecl } from '@orbis/contract';

/** The key of a route by method and Fastify path; HEAD is its GET. */
const ruleKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;
/** Every management route's declaration (@orbis/contract), by its key. */
const DECLARED = new Map(
  Object.values(MANAGEMENT_ROUTES)
    .flatMap((group) => Object.values(group) as RouteDecl[])
    .map((d) => [ruleKey(d.method, d.path), d]),
);

type Who = 'admin' | Role | 'non-member' | 'reader-token' | 'nobody';
type Outcome = 'allowed' | 401 | 403 | 404;

/** What docs/contract.md §12 says each caller gets on a route whose least role is `least`. */
function expected(least: string, who: Who): Outcome {
  if (who === 'nobody') return 401;
  if (who === 'admin') return least === 'session' ? 403 : 'allowed';
  if (least === 'admin') return 403;
  if (least === 'session') return who === 'reader-token' ? 403 : 'allowed';
  if (least === 'signed-in') return 'allowed';
  if (who === 'non-member') return 404;
  const held: Role = who === 'reader-token' ? 'reader' : who;
  return roleAtLeast(held, least as Role) ? 'allowed' : 403;
}

/** docs/contract.md §12's table read as rules of thumb over method and path, to hold the declarations to it. */
function specLeast(method: string, url: string): string {
  // Importing makes a new project, as creating one does (docs/contract.md §20).
  if (url === '/api/projects' || url === '/api/projects/import') return 'signed-in';
  if (url.startsWith('/api/users') || url === '/api/audit') return 'admin';
  if (url.startsWith('/api/tokens')) return 'session';
  if (/\/(keys|audit|webhooks|invitations)(\/|$)/.test(url)) return 'maintainer';
  if (url === '/api/projects/:project') return method === 'GET' ? 'reader' : 'owner';
  if (method === 'GET') return 'reader';
  if (/\/members(\/|$)/.test(url)) return 'maintainer';
  if (/\/(assets|items|import)(\/|$)/.test(url)) return 'writer';
  // docs/content-workflow.md: a writer asks for a review; approving or declining is a maintainer's.
  if (url.endsWith('/requests')) return 'writer';
  // docs/collaboration.md: a writer edits the map (PUT /scene and the live scene); publishing stays a maintainer's.
  if (method === 'PUT' && url.endsWith('/scene')) return 'writer';
  return 'maintainer';
}

/**
 * The role × route matrix of docs/contract.md §12, generated from the routes the app registers and
 * the declarations: every guarded route, called by the admin token, a member of each role, a
 * non-member, a personal access token held to `reader` by an owner, and no one. Each request names
 * things that do not exist beyond the project (or sends a bad body), so that an allowed call is
 * answered by the route itself without changing anything (deleting the project aside: it is made again).
 */
describe('the role matrix over every guarded route (docs/contract.md §12)', () => {
  let h: Harness;
  const users = new Map<Who, TestUser>();
  let token = '';
  const ALIAS = 'matrix';

  async function makeProject() {
    await h.project(ALIAS, 'private');
    for (const role of ROLES) await addMember(h, ALIAS, `${role}@example.org`, role);
  }

  beforeAll(async () => {
    h = await startHarness();
    for (const who of [...ROLES, 'non-member'] as const) users.set(who, await signedInUser(h, `${who}@example.org`));
    await makeProject();
    const res = await users.get('owner')!.call('POST', '/api/tokens', { name: 'read only', role: 'reader' });
    token = ((await res.json()) as { token: string }).token;
  });
  afterAll(() => h.close());

  const guarded = () => {
    const routes = routesOf(h.server.app).filter((r) => DECLARED.has(ruleKey(r.method, r.url)));
    return routes.map((r) => ({ ...r, least: DECLARED.get(ruleKey(r.method, r.url))!.least }));
  };

  it('registers exactly the declared management routes', () => {
    const registered = new Set(guarded().map((r) => ruleKey(r.method, r.url)));
    expect([...registered].sort()).toEqual([...DECLARED.keys()].sort());
  });

  it('guards every management route: none under /api/projects, /api/users or /api/tokens is left without a declaration', () => {
    const management = routesOf(h.server.app).filter((r) => /^\/api\/(projects|users|tokens)(\/|$)/.test(r.url));
    expect(management.length).toBeGreaterThan(40);
    for (const r of management) expect(DECLARED.get(ruleKey(r.method, r.url)), `${r.method} ${r.url} has no declaration`).toBeDefined();
  });

  it("refuses every write on a session cookie that does not come from Orbis's origin, before the route runs (no CSRF)", async () => {
    const owner = users.get('owner')!;
    const writes = guarded().filter((r) => r.method !== 'GET' && r.least !== 'admin');
    expect(writes.length).toBeGreaterThanOrEqual(25);
    for (const route of writes) {
      const path = route.url.replace(':project', ALIAS).replace(/:[a-zA-Z]+/g, 'nope');
      for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, {}] as Record<string, string>[]) {
        const res = await fetch(h.url + path, {
          method: route.method,
          headers: { cookie: owner.cookie, 'content-type': 'application/json', ...headers },
          body: '{}',
        });
        const where = `${route.method} ${route.url} ${JSON.stringify(headers)}`;
        expect(res.status, where).toBe(403);
        expect(((await res.json()) as { error: { code: string } }).error.code, where).toBe('forbidden');
      }
    }
    // The writes outside the guard that a session makes: its own account, and signing out.
    for (const [method, path] of [
      ['PATCH', '/api/auth/me'],
      ['POST', '/api/auth/sign-out'],
    ]) {
      const res = await fetch(h.url + path, {
        method,
        headers: { cookie: owner.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Mallory' }),
      });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(((await (await owner.call('GET', '/api/auth/me')).json()) as { user: { name: string } }).user.name).toBe('owner');
  });

  it("gives each route the least role docs/contract.md §12's table gives it", () => {
    for (const [key, rule] of DECLARED) {
      const [method, url] = key.split(' ') as [string, string];
      expect(rule.least, key).toBe(specLeast(method, url));
      expect(rule.action !== undefined, `${key} is a write: it names its audit action`).toBe(method !== 'GET');
    }
  });

  it('answers each caller as the least role of each route says', async () => {
    const send = (who: Who, method: string, path: string): Promise<Response> => {
      const write = method !== 'GET';
      const body = write ? '[]' : undefined;
      const json: Record<string, string> = write ? { 'content-type': 'application/json' } : {};
      if (who === 'admin') return fetch(h.url + path, { method, headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...json }, body });
      if (who === 'reader-token') return fetch(h.url + path, { method, headers: { authorization: `Bearer ${token}`, ...json }, body });
      if (who === 'nobody') return fetch(h.url + path, { method, headers: json, body });
      return cookieFetch(h.url, users.get(who)!.cookie)(method, path, body, json);
    };
    const callers: Who[] = ['admin', ...ROLES, 'non-member', 'reader-token', 'nobody'];
    const seen: string[] = [];
    for (const route of guarded()) {
      const path = route.url
        .replace(':project', ALIAS)
        .replace(/:[a-zA-Z]+/g, 'nope')
        .replace('*', 'x');
      for (const who of callers) {
        const want = expected(route.least, who);
        const res = await send(who, route.method, path);
        const text = await res.text();
        const code = res.status >= 400 ? (JSON.parse(text) as { error: { code: string; message: string } }).error : undefined;
        const where = `${who} ${route.method} ${route.url} (least ${route.least}): ${res.status} ${text.slice(0, 200)}`;
        if (want === 'allowed') {
          expect(code?.code === 'unauthorized' || code?.code === 'forbidden', where).toBe(false);
          expect(code?.code === 'not_found' && code.message.includes(`project "${ALIAS}"`), where).toBe(false);
        } else {
          expect(res.status, where).toBe(want);
          expect(code?.code, where).toBe({ 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' }[want]);
        }
        if (route.method === 'DELETE' && route.url === '/api/projects/:project' && res.status === 204) await makeProject();
        seen.push(`${route.method} ${route.url}`);
      }
    }
    expect(new Set(seen).size).toBe(DECLARED.size);
  });

  it('answers 404, not 403, for a project that does not exist to a signed-in user', async () => {
    const res = await users.get('owner')!.call('GET', '/api/projects/no-such-project');
    expect(res.status).toBe(404);
  });
});
