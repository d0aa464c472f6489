import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../src/lib/http/credentials.ts';
import { activeKey, createTestApp, createWorkspace, signup, withoutRequestId, type TestContext } from './helpers/app.ts';
import { EXPECTED_CREDENTIALS, SPEC_CREDENTIALS } from './credential-expectations.ts';

// Spec 5 as a table: every registered route gets no credential, a wrong key, a key without its
// scope and a key of another workspace, and must answer exactly as the credential rules say.
// The expected credential comes from the documents (credential-expectations.ts), never from the
// route's own declaration, so a wrongly declared route fails here.

let ctx: TestContext;
let home: { secret: string };
let foreign: { secret: string };
let cookie: string;
const withoutScope = new Map<string, string>();

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'matrix');
  await createWorkspace(ctx.app, cookie, 'matrix-other');
  home = await activeKey(ctx.app, cookie, 'matrix', { scopes: [...SCOPES] });
  foreign = await activeKey(ctx.app, cookie, 'matrix-other', { scopes: [...SCOPES] });
  for (const scope of SCOPES) {
    withoutScope.set(scope, (await activeKey(ctx.app, cookie, 'matrix', { scopes: SCOPES.filter((s) => s !== scope) })).secret);
  }
});
afterAll(() => ctx.close());

const expectedOf = (r: { method: string; url: string }) => EXPECTED_CREDENTIALS[`${r.method} ${r.url}`];
const allRoutes = () => ctx.app.registeredRoutes.filter((r) => !r.hidden);
// The route's credential as the documents give it; routes absent from the table fail the first test.
const routes = () => allRoutes().filter((r) => expectedOf(r) && expectedOf(r) !== 'public').map((r) => ({ ...r, credential: expectedOf(r)! }));
const call = (route: { method: string; url: string }, authorization?: string) =>
  ctx.app.inject({
    method: route.method as 'GET',
    url: route.url.replace(':workspace', 'matrix').replace(':brand', 'matrix').replace(/:[a-zA-Z]+/g, 'x'),
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization: `Bearer ${authorization}` } : {}) },
    payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
  });
// An error's code; a file (an export's CSV) has none.
const code = (res: { json(): { error?: { code: string } } }) => {
  try {
    return res.json().error?.code;
  } catch {
    return undefined;
  }
};

describe('credential matrix over every route', () => {
  it('covers the routes of the spec', () => {
    expect(routes().length).toBeGreaterThan(15);
  });

  it('every registered route has an expectation from the spec or docs/*.md, and every spec route exists', () => {
    const registered = allRoutes().map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((k) => !(k in EXPECTED_CREDENTIALS)), 'routes without a documented credential').toEqual([]);
    expect(Object.keys(SPEC_CREDENTIALS).filter((k) => !registered.includes(k)), 'spec routes not registered').toEqual([]);
  });

  it('public routes are exactly the documented public ones', () => {
    const publicRoutes = allRoutes().filter((r) => r.credential === 'public').map((r) => `${r.method} ${r.url}`);
    for (const key of publicRoutes) expect(EXPECTED_CREDENTIALS[key], key).toBe('public');
  });

  it('no credential → 401 invalid_key', async () => {
    for (const route of routes()) {
      const res = await call(route);
      expect([res.statusCode, code(res)], `${route.method} ${route.url}`).toEqual([401, 'invalid_key']);
    }
  });

  it('a wrong key → 401 invalid_key', async () => {
    for (const route of routes()) {
      const res = await call(route, `gp_live_${'Z'.repeat(43)}`);
      expect([res.statusCode, code(res)], `${route.method} ${route.url}`).toEqual([401, 'invalid_key']);
    }
  });

  it('a key without the route’s scope → 403 insufficient_scope; session-only routes → 403 session_required', async () => {
    for (const route of routes()) {
      const secret = route.credential === 'session' ? home.secret : withoutScope.get(route.credential as string)!;
      const res = await call(route, secret);
      const expected = route.credential === 'session' ? 'session_required' : 'insufficient_scope';
      expect([res.statusCode, code(res)], `${route.method} ${route.url}`).toEqual([403, expected]);
    }
  });

  it('a key of another workspace → the same 404 workspace_not_found as an unknown workspace', async () => {
    for (const route of routes().filter((r) => /:(workspace|brand)/.test(r.url))) {
      const res = await call(route, foreign.secret);
      expect([res.statusCode, code(res)], `${route.method} ${route.url}`).toEqual([404, 'workspace_not_found']);
      const unknown = await call({ ...route, url: route.url.replace(':workspace', 'no-such-ws').replace(':brand', 'no-such-ws') }, home.secret);
      expect(withoutRequestId(res.body)).toBe(withoutRequestId(unknown.body));
    }
  });

  it('a key holding the scope gets past access control', async () => {
    for (const route of routes().filter((r) => r.credential !== 'session')) {
      const res = await call(route, home.secret);
      expect([401, 403], `${route.method} ${route.url} → ${res.body}`).not.toContain(res.statusCode);
      expect(code(res)).not.toBe('workspace_not_found');
    }
  });
});
