import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';

// The registered routes on the app's own safe fetcher. The workspace's domain (acme.com) is not
// reachable from a test (names do not resolve here, and nothing may leave loopback): both routes
// answer the 2.7 shape saying nothing was extracted, and store nothing.

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'unreach');
});
afterAll(() => ctx.close());

describe('design routes on the safe fetcher', () => {
  it.each([
    ['/api/v1/workspaces/unreach/profile/design/extract'],
    ['/api/v1/workspaces/unreach/profile/icon/refresh'],
  ])('%s reports an unreachable site without storing anything', async (url) => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/v1/workspaces/unreach/settings', headers: { cookie } })).json();
    const res = await ctx.app.inject({ method: 'POST', url, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: false });
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/v1/workspaces/unreach/settings', headers: { cookie } })).json();
    expect(after.brandMeta).toEqual(before.brandMeta);
  });

  it('answers 404 for another workspace and 401 without a credential', async () => {
    const other = (await signup(ctx.app)).cookie;
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/unreach/profile/design/extract', headers: { cookie: other } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/unreach/profile/design/extract' })).statusCode).toBe(401);
  });
});
