import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from './helpers/app.ts';

// No input produces a 5xx: every registered route, with and without a session, gets a set of
// hostile bodies and query strings.

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'fuzz');
});
afterAll(() => ctx.close());

const payloads: Array<[string, string]> = [
  ['application/json', '{}'],
  ['application/json', 'null'],
  ['application/json', '"string"'],
  ['application/json', '12'],
  ['application/json', '[{}]'],
  ['application/json', '{"index": 99999999999999999999, "model": {}, "email": [], "password": null}'],
  ['application/json', '{"domains": [null], "competitors": [1], "quotas": "x", "brand": "\\u0000"}'],
  ['application/json', '{"text": "a\\u0000b", "idempotencyKey": "\\u0000", "intent": "expert", "language": "en", "preset": "smoke", "amountMicrousd": 5, "token": "\\u0000", "email": "a@b.co", "password": "\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000"}'],
  ['application/json', '{"socials": {"X": {"a": 1}, "y": null}, "brandMeta": {"fontNames": [1]}, "productsServices": [null]}'],
  ['application/json', '{"a":'.repeat(2000)],
  ['application/json', `{"deep": ${'['.repeat(5000)}${']'.repeat(5000)}}`],
  ['application/x-www-form-urlencoded', 'a=1'],
  ['multipart/form-data; boundary=x', '--x--'],
];

/** Statuses each operation's OpenAPI entry declares, keyed "METHOD /fastify/:url". */
function declaredStatuses(): Map<string, Set<string>> {
  const doc = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  const out = new Map<string, Set<string>>();
  for (const [p, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) out.set(`${m.toUpperCase()} ${p.replace(/\{([a-zA-Z]+)\}/g, ':$1')}`, new Set(Object.keys(op.responses)));
  }
  return out;
}

describe('no 5xx from any input', () => {
  it('holds for every route, and every status answered is one the route declares', { timeout: 180_000 }, async () => {
    const failures: string[] = [];
    const declared = declaredStatuses();
    const undeclared = new Set<string>();
    // Logout last: it ends the session the other routes are called with.
    const routes = ctx.app.registeredRoutes.filter((r) => !r.hidden).sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
    for (const route of routes) {
      const url = route.url.replace(':workspace', 'fuzz').replace(/:[a-zA-Z]+/g, 'x%00');
      for (const headers of [{ cookie }, {}]) {
        for (const [type, payload] of payloads) {
          const res = await ctx.app.inject({ method: route.method as 'POST', url: `${url}?limit=-1&date=%ZZ&range=[]`, headers: { ...headers, 'content-type': type }, payload });
          if (res.statusCode >= 500) failures.push(`${route.method} ${url} ${type} ${payload.slice(0, 40)} -> ${res.statusCode} ${res.body}`);
          else expect(res.headers['x-request-id']).toBeDefined();
          const statuses = declared.get(`${route.method} ${route.url}`);
          if (statuses && !statuses.has(String(res.statusCode))) undeclared.add(`${route.method} ${route.url} answered ${res.statusCode} ${res.statusCode >= 400 ? res.json().error?.code : ''}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect([...undeclared]).toEqual([]);
  });
});
