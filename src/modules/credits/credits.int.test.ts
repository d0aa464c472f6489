import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { activeKey, createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import { createCreditsService, type CreditsService } from './credits.service.ts';
import { createWorkspacesRepo } from '../workspaces/workspaces.repo.ts';

const DAY = 24 * 3600 * 1000;
const clock = manualClock(new Date('2026-05-01T00:00:00Z'));
let ctx: TestContext;
let cookie: string;
let credits: CreditsService;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'first'); // takes this user's free grant
  credits = createCreditsService({ db: ctx.database.db, clock });
});
afterAll(() => ctx.close());

/** A fresh workspace with no credits (its owner already spent the free grant on "first"). */
async function emptyWorkspace() {
  const slug = `cr-${++n}-${Math.random().toString(36).slice(2, 7)}`;
  await createWorkspace(ctx.app, cookie, slug);
  const row = await createWorkspacesRepo(ctx.database.db).idBySlug(slug);
  return { id: row!.id, slug };
}
const balance = (slug: string) => ctx.app.inject({ url: `/api/v1/workspaces/${slug}/credits/balance`, headers: { cookie } }).then((r) => r.json());

describe('free grant', () => {
  it('gives 1,000,000 micro-USD expiring in 30 days to a user’s first workspace only', async () => {
    expect(await balance('first')).toEqual({
      workspace: 'first', state: 'active', postedMicrousd: 1_000_000, heldMicrousd: 0, availableMicrousd: 1_000_000,
      nextExpiryAt: new Date(clock.now().getTime() + 30 * DAY).toISOString(),
    });
    await createWorkspace(ctx.app, cookie, 'second');
    expect((await balance('second')).postedMicrousd).toBe(0);
    expect((await balance('second')).nextExpiryAt).toBeNull();
  });
});

describe('reserve, lease, settle, release', () => {
  it('holds, authorises leases up to the hold, debits what was used and releases the rest', async () => {
    const ws = await emptyWorkspace();
    await credits.grant(ws.id, { kind: 'top_up', amount: 1_000_000, days: 365 });
    const { reservationId } = await credits.reserve(ws.id, 'measurement', 720_000);
    expect(await balance(ws.slug)).toMatchObject({ postedMicrousd: 1_000_000, heldMicrousd: 720_000, availableMicrousd: 280_000 });

    for (let i = 0; i < 6; i++) expect((await credits.lease(reservationId, 120_000)).granted).toBe(true);
    expect(await credits.lease(reservationId, 1)).toEqual({ granted: false, leasedMicrousd: 720_000, remainingMicrousd: 0 });

    await credits.settle(reservationId, 500_000);
    expect(await balance(ws.slug)).toMatchObject({ postedMicrousd: 500_000, heldMicrousd: 0, availableMicrousd: 500_000 });
    await expect(credits.settle(reservationId, 1)).rejects.toMatchObject({ code: 'invalid_state' });
    expect(await credits.ledgerSum(ws.id)).toBe(500_000);

    const other = await credits.reserve(ws.id, 'chat', 100_000);
    await credits.release(other.reservationId);
    expect((await balance(ws.slug)).availableMicrousd).toBe(500_000);
  });

  it('402 insufficient_credits carries required and available', async () => {
    const ws = await emptyWorkspace();
    await credits.grant(ws.id, { kind: 'top_up', amount: 300_000, days: 365 });
    await expect(credits.reserve(ws.id, 'run', 300_001)).rejects.toMatchObject({
      code: 'insufficient_credits', statusCode: 402, details: { requiredMicrousd: 300_001, availableMicrousd: 300_000 },
    });
    await credits.reserve(ws.id, 'run', 200_000);
    await expect(credits.reserve(ws.id, 'run', 100_001)).rejects.toMatchObject({ details: { requiredMicrousd: 100_001, availableMicrousd: 100_000 } });
  });

  it('refuses to settle more than was reserved', async () => {
    const ws = await emptyWorkspace();
    await credits.grant(ws.id, { kind: 'top_up', amount: 100, days: 1 });
    const { reservationId } = await credits.reserve(ws.id, 'run', 50);
    await expect(credits.settle(reservationId, 51)).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(credits.settle(reservationId, -1)).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('debits the earliest-expiring grant first', async () => {
    const ws = await emptyWorkspace();
    const late = await credits.grant(ws.id, { kind: 'top_up', amount: 100, days: 300 });
    const early = await credits.grant(ws.id, { kind: 'checkout', amount: 100, days: 10 });
    const { reservationId } = await credits.reserve(ws.id, 'run', 150);
    await credits.settle(reservationId, 150);
    expect((await credits.grantById(early.id))!.remaining).toBe(0);
    expect((await credits.grantById(late.id))!.remaining).toBe(50);
  });

  it('200 parallel reservations against a balance covering 50: exactly 50 succeed', async () => {
    const ws = await emptyWorkspace();
    await credits.grant(ws.id, { kind: 'top_up', amount: 50 * 10_000, days: 365 });
    const results = await Promise.allSettled(Array.from({ length: 200 }, () => credits.reserve(ws.id, 'run', 10_000)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(50);
    for (const r of results) if (r.status === 'rejected') expect(r.reason.code).toBe('insufficient_credits');
    expect(await balance(ws.slug)).toMatchObject({ heldMicrousd: 500_000, availableMicrousd: 0 });
  });
});

describe('expiry', () => {
  it('posts the unused remainder of an expired grant, but not what a hold pins until it settles', async () => {
    const ws = await emptyWorkspace();
    await credits.grant(ws.id, { kind: 'top_up', amount: 1000, days: 1 });
    const { reservationId } = await credits.reserve(ws.id, 'run', 400);
    clock.advance(DAY);
    expect(await balance(ws.slug)).toMatchObject({ postedMicrousd: 400, heldMicrousd: 400, availableMicrousd: 0, nextExpiryAt: null });
    await credits.settle(reservationId, 100);
    expect(await balance(ws.slug)).toMatchObject({ postedMicrousd: 0, heldMicrousd: 0, availableMicrousd: 0 });
    const usage = await ctx.app.inject({ url: `/api/v1/workspaces/${ws.slug}/credits/usage`, headers: { cookie } });
    expect(usage.json().ledger.map((e: { kind: string; amountMicrousd: number }) => `${e.kind}:${e.amountMicrousd}`).sort()).toEqual(['debit:-100', 'expiry:-300', 'expiry:-600', 'grant:1000']);
    expect(await credits.ledgerSum(ws.id)).toBe(0);
  });

  it('the sweeper settles an expired reservation for what was leased', async () => {
    const ws = await emptyWorkspace();
    await credits.grant(ws.id, { kind: 'top_up', amount: 1000, days: 30 });
    const { reservationId } = await credits.reserve(ws.id, 'run', 500, { ttlMs: 60_000 });
    await credits.lease(reservationId, 200);
    clock.advance(60_000);
    expect((await credits.lease(reservationId, 1)).granted).toBe(false);
    await ctx.app.maintenance.sweep();
    expect(await balance(ws.slug)).toMatchObject({ postedMicrousd: 800, heldMicrousd: 0 });
    const op = (await ctx.app.inject({ url: `/api/v1/workspaces/${ws.slug}/credits/usage`, headers: { cookie } })).json().operations[0];
    expect(op).toMatchObject({ reservationId, status: 'expired', reservedMicrousd: 500, leasedMicrousd: 200, settledMicrousd: 200, leases: [{ amountMicrousd: 200 }] });
  });
});

describe('mock top-up', () => {
  const topUp = (slug: string, payload: unknown, app = ctx.app) =>
    app.inject({ method: 'POST', url: `/api/v1/workspaces/${slug}/credits/top-up`, headers: { cookie }, payload: payload as object });

  it('credits once per idempotency key; another amount with the same key is 409', async () => {
    const ws = await emptyWorkspace();
    const results = await Promise.all(Array.from({ length: 5 }, () => topUp(ws.slug, { amountMicrousd: 2_000_000, idempotencyKey: 'tu-1' })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.json().grantId)).size).toBe(1);
    expect(results.filter((r) => !r.json().replayed)).toHaveLength(1);
    expect((await balance(ws.slug)).postedMicrousd).toBe(2_000_000);
    const conflict = await topUp(ws.slug, { amountMicrousd: 3_000_000, idempotencyKey: 'tu-1' });
    expect([conflict.statusCode, conflict.json().error.code]).toEqual([409, 'idempotency_conflict']);
    expect((await topUp(ws.slug, { amountMicrousd: 1, idempotencyKey: 'tu-2' })).json().balance.postedMicrousd).toBe(2_000_001);
  });

  it.each([[{ amountMicrousd: 100 }], [{ idempotencyKey: 'x' }], [{ amountMicrousd: 0, idempotencyKey: 'x' }], [{ amountMicrousd: 1.5, idempotencyKey: 'x' }], [{ amountMicrousd: '100', idempotencyKey: 'x' }], [{ amountMicrousd: 500_000_001, idempotencyKey: 'x' }], [{ amountMicrousd: 5, idempotencyKey: '' }]])('400 for %j', async (payload) => {
    expect((await topUp('first', payload)).statusCode).toBe(400);
  });

  it('is session-only', async () => {
    const key = await activeKey(ctx.app, cookie, 'first', { scopes: ['credits:read'] });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/first/credits/top-up', headers: key.bearer, payload: { amountMicrousd: 1, idempotencyKey: 'k' } });
    expect(res.json().error.code).toBe('session_required');
    expect((await ctx.app.inject({ url: '/api/v1/workspaces/first/credits/balance', headers: key.bearer })).statusCode).toBe(200);
  });

  it.each([
    ['a processor is configured', testConfig({ payments: { mode: 'processor', stripeSecretKey: 'sk_test_x', stripeApiUrl: undefined, webhookSecret: 'whsec' } })],
    ['production', testConfig({ env: 'production' })],
  ])('409 mock_topup_disabled when %s', async (_name, config) => {
    const other = await createTestApp({ clock, config }, ctx.database);
    try {
      const res = await topUp('first', { amountMicrousd: 1, idempotencyKey: 'off' }, other.app);
      expect([res.statusCode, res.json().error.code]).toEqual([409, 'mock_topup_disabled']);
    } finally {
      await other.close();
    }
  });
});

describe('usage', () => {
  it('limit defaults to 100 and is bounded 1-500', async () => {
    const ws = await emptyWorkspace();
    for (let i = 0; i < 3; i++) await credits.grant(ws.id, { kind: 'top_up', amount: 10, days: 1 });
    const url = `/api/v1/workspaces/${ws.slug}/credits/usage`;
    expect((await ctx.app.inject({ url, headers: { cookie } })).json().ledger).toHaveLength(3);
    expect((await ctx.app.inject({ url: `${url}?limit=2`, headers: { cookie } })).json().ledger).toHaveLength(2);
    for (const limit of ['0', '501', 'x', '1.5']) expect((await ctx.app.inject({ url: `${url}?limit=${limit}`, headers: { cookie } })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: `${url}?limit=500`, headers: { cookie } })).statusCode).toBe(200);
  });
});
