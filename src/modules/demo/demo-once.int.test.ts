import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';

// One demo per person: asked twice, or twice at once, it is the same workspace (201 then 200,
// the same body); it costs the person's other workspaces nothing; deleted as any workspace, it
// can be asked for again.

let ctx: TestContext;
const ask = (cookie: string) => ctx.app.inject({ method: 'POST', url: '/api/v1/demo-workspace', headers: { cookie } });
const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('one demo per person', () => {
  it('two asks at once make one workspace; a later ask answers it again', async () => {
    const { cookie } = await signup(ctx.app);
    const [a, b] = await Promise.all([ask(cookie), ask(cookie)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json()).toEqual(b.json());
    const again = await ask(cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(a.json());
    const list = (await get(cookie, '/api/v1/workspaces')).json() as Array<{ id: string }>;
    expect(list.map((w) => w.id)).toEqual([a.json().slug]);
  }, 180_000);

  it('spends nothing of the person’s credit, and their first real workspace still gets the free grant', async () => {
    const { cookie } = await signup(ctx.app);
    const demo = (await ask(cookie)).json() as { slug: string };
    const real = await createWorkspace(ctx.app, cookie, 'real-client');
    const balance = (slug: string) => get(cookie, `/api/v1/workspaces/${slug}/credits/balance`).then((r) => r.json());
    const before = await balance(real.slug);
    expect(before.postedMicrousd).toBeGreaterThan(0);
    expect(await balance(demo.slug)).toMatchObject({ postedMicrousd: 0, heldMicrousd: 0 });
    expect((await ask(cookie)).statusCode).toBe(200);
    expect(await balance(real.slug)).toEqual(before);
  }, 180_000);

  it('is deleted as any workspace; asked again, a new one is made', async () => {
    const { cookie } = await signup(ctx.app);
    const first = (await ask(cookie)).json() as { slug: string };
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/workspaces/${first.slug}`, headers: { cookie } });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ slug: first.slug, deleted: true });
    expect((await get(cookie, `/api/v1/workspaces/${first.slug}/runs`)).statusCode).toBe(404);
    const second = await ask(cookie);
    expect(second.statusCode).toBe(201);
    expect(second.json().slug).not.toBe(first.slug);
  }, 180_000);

  it('needs a session: a request without one is refused', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/demo-workspace' })).statusCode).toBe(401);
  });
});
