import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, signup, testConfig, workspaceBody, type TestContext } from '../../../test/helpers/app.ts';

// In production the free credit waits for a verified email (so that throwaway sign-ups cannot
// farm it), then goes to the user's first workspace exactly once; local and test mode grant at
// creation.

let prod: TestContext;
let local: TestContext;
beforeAll(async () => {
  prod = await createTestApp({ config: testConfig({ env: 'production', simulation: 'enabled' }) });
  local = await createTestApp({}, prod.database);
});
afterAll(async () => {
  await local.close();
  await prod.close();
});

let n = 0;
/** Signs up through the test-mode app (cheap password hashing); the account then acts on the production app. */
async function prodSignup() {
  const email = `farmer${++n}-${Date.now()}@example.com`;
  const res = await local.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email, password: 'correct horse battery' } });
  expect(res.statusCode).toBe(201);
  const mail = [...local.mails].reverse().find((m) => m.to === email)!;
  return { cookie: sessionCookie(res), token: /token is (\S+)/.exec(mail.text)![1]! };
}
const create = (ctx: TestContext, cookie: string, brand: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: { cookie }, payload: workspaceBody(brand) });
const verify = (token: string) => prod.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });
const posted = async (ctx: TestContext, cookie: string, slug: string) =>
  (await ctx.app.inject({ url: `/api/v1/workspaces/${slug}/credits/balance`, headers: { cookie } })).json().postedMicrousd as number;

describe('production: free credit only with a verified email', () => {
  it('an unverified user’s first workspace gets no grant until verification, then exactly one', async () => {
    const { cookie, token } = await prodSignup();
    const first = await create(prod, cookie, 'farm-first');
    expect(first.statusCode).toBe(201);
    expect(first.json().freeCredit).toEqual({ status: 'awaiting_email_verification', amountMicrousd: 1_000_000, message: expect.stringContaining('verified') });
    expect(await posted(prod, cookie, 'farm-first')).toBe(0);
    const second = await create(prod, cookie, 'farm-second');
    expect(second.json().freeCredit).toMatchObject({ status: 'not_eligible', amountMicrousd: 0 });
    expect(await posted(prod, cookie, 'farm-second')).toBe(0);
    // A run cannot spend what was not granted.
    const run = await prod.app.inject({ method: 'POST', url: '/api/v1/workspaces/farm-first/runs', headers: { cookie }, payload: { preset: 'lite' } });
    expect([run.statusCode, run.json().error.code]).toEqual([402, 'insufficient_credits']);

    expect((await verify(token)).statusCode).toBe(200);
    expect(await posted(prod, cookie, 'farm-first')).toBe(1_000_000);
    expect(await posted(prod, cookie, 'farm-second')).toBe(0);
    expect((await verify(token)).statusCode).toBe(400); // the token is spent; nothing more is granted
    const third = await create(prod, cookie, 'farm-third');
    expect(third.json().freeCredit).toMatchObject({ status: 'not_eligible', amountMicrousd: 0 });
    expect(await posted(prod, cookie, 'farm-first')).toBe(1_000_000);
    expect(await posted(prod, cookie, 'farm-third')).toBe(0);
  });

  it('a verified user’s first workspace is granted at creation', async () => {
    const { cookie, token } = await prodSignup();
    expect((await verify(token)).statusCode).toBe(200);
    const res = await create(prod, cookie, 'verified-first');
    expect(res.json().freeCredit).toMatchObject({ status: 'granted', amountMicrousd: 1_000_000 });
    expect(await posted(prod, cookie, 'verified-first')).toBe(1_000_000);
  });

  it('verification racing the first workspace’s creation grants exactly once', async () => {
    for (let i = 0; i < 3; i++) {
      const { cookie, token } = await prodSignup();
      const [created, verified] = await Promise.all([create(prod, cookie, `race-${i}`), verify(token)]);
      expect([created.statusCode, verified.statusCode]).toEqual([201, 200]);
      expect(['granted', 'awaiting_email_verification']).toContain(created.json().freeCredit.status);
      expect(await posted(prod, cookie, `race-${i}`)).toBe(1_000_000);
    }
  });
});

describe('local and test mode keep granting at creation', () => {
  it('the first workspace of an unverified user is granted; the second is not', async () => {
    const { cookie } = await signup(local.app);
    expect((await create(local, cookie, 'local-first')).json().freeCredit).toMatchObject({ status: 'granted', amountMicrousd: 1_000_000 });
    expect((await create(local, cookie, 'local-second')).json().freeCredit).toMatchObject({ status: 'not_eligible', amountMicrousd: 0 });
    expect(await posted(local, cookie, 'local-first')).toBe(1_000_000);
    expect(await posted(local, cookie, 'local-second')).toBe(0);
  });
});
