import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeKey, createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { createWorkspacesRepo } from '../workspaces/workspaces.repo.ts';
import { createCreditsService } from './credits.service.ts';

// Moving credit between two workspaces of one owner (docs/credits.md, "Moving credit between
// clients"): both ledgers name the transfer, amounts are exact, a key answers once, and under
// parallel transfers neither balance goes below zero while their sum never changes.

let ctx: TestContext;
let owner: { cookie: string; user: { id: string } };
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await signup(ctx.app);
  await createWorkspace(ctx.app, owner.cookie, 'tr-first', {}, { category: false }); // the owner's free $1
});
afterAll(() => ctx.close());

const as = async (cookie: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) }).then((r) => r);
const transfer = (to: string, body: Record<string, unknown>, cookie = owner.cookie) => as(cookie, 'POST', `/api/v1/workspaces/${to}/credits/transfer`, body);
const balance = async (slug: string) => (await as(owner.cookie, 'GET', `/api/v1/workspaces/${slug}/credits/balance`)).json();
const ledger = async (slug: string) => (await as(owner.cookie, 'GET', `/api/v1/workspaces/${slug}/credits/usage`)).json().ledger as Array<Record<string, unknown>>;
const idOf = async (slug: string) => (await createWorkspacesRepo(ctx.database.db).idBySlug(slug))!.id;
let keys = 0;
const key = () => `k-${++keys}`;

/** A new workspace of the owner with `micros` of credit bought (none when 0). */
async function client(micros: number) {
  const slug = `tr-${++n}-${Math.random().toString(36).slice(2, 6)}`;
  await createWorkspace(ctx.app, owner.cookie, slug, {}, { category: false });
  if (micros) expect((await as(owner.cookie, 'POST', `/api/v1/workspaces/${slug}/credits/top-up`, { amountMicrousd: micros, idempotencyKey: key() })).statusCode).toBe(200);
  return slug;
}

describe('moving credit between two clients', () => {
  it('moves the exact amount in one step, each ledger naming the other, keeping the credit’s expiry', async () => {
    const [a, b] = [await client(2_000_000), await client(0)];
    const res = await transfer(b, { from: a, amountMicrousd: 750_001, idempotencyKey: 'move-1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ from: a, to: b, amountMicrousd: 750_001, replayed: false });
    expect(body.balances.from).toMatchObject({ postedMicrousd: 1_249_999, availableMicrousd: 1_249_999 });
    expect(body.balances.to).toMatchObject({ postedMicrousd: 750_001, availableMicrousd: 750_001, nextExpiryAt: (await balance(a)).nextExpiryAt });

    expect(await ledger(a)).toContainEqual(expect.objectContaining({ kind: 'transfer_out', amountMicrousd: -750_001, transferId: body.transferId, counterpartWorkspace: b }));
    expect(await ledger(b)).toEqual([expect.objectContaining({ kind: 'transfer_in', amountMicrousd: 750_001, transferId: body.transferId, counterpartWorkspace: a })]);
    const credits = createCreditsService({ db: ctx.database.db, clock: { now: () => new Date() } });
    expect(await credits.ledgerSum(await idOf(a))).toBe(1_249_999);
    expect(await credits.ledgerSum(await idOf(b))).toBe(750_001);
  });

  it('answers a repeated key with the same transfer, and refuses the key with another body', async () => {
    const [a, b] = [await client(1_000_000), await client(0)];
    const first = (await transfer(b, { from: a, amountMicrousd: 100_000, idempotencyKey: 'same' })).json();
    const again = await transfer(b, { from: a, amountMicrousd: 100_000, idempotencyKey: 'same' });
    expect(again.json()).toMatchObject({ transferId: first.transferId, replayed: true, balances: { to: { postedMicrousd: 100_000 } } });
    const other = await transfer(b, { from: a, amountMicrousd: 200_000, idempotencyKey: 'same' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_conflict');
    expect((await balance(a)).postedMicrousd).toBe(900_000);
  });

  it('is 402 when the source’s available credit (posted less held) is short, and moves nothing', async () => {
    const [a, b] = [await client(1_000_000), await client(0)];
    const credits = createCreditsService({ db: ctx.database.db, clock: { now: () => new Date() } });
    await credits.reserve(await idOf(a), 'measurement', 600_000);
    const res = await transfer(b, { from: a, amountMicrousd: 400_001, idempotencyKey: key() });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ code: 'insufficient_credits', details: { requiredMicrousd: 400_001, availableMicrousd: 400_000 } });
    expect((await balance(b)).postedMicrousd).toBe(0);
    expect((await transfer(b, { from: a, amountMicrousd: 400_000, idempotencyKey: key() })).statusCode).toBe(200);
    expect(await balance(a)).toMatchObject({ postedMicrousd: 600_000, heldMicrousd: 600_000, availableMicrousd: 0 });
  });

  it('is 404 for a source the caller cannot see, whether or not it exists, and 403 unless they own both', async () => {
    const b = await client(0);
    const stranger = await signup(ctx.app);
    await createWorkspace(ctx.app, stranger.cookie, 'tr-strangers', {}, { category: false });
    const hidden = await transfer(b, { from: 'tr-strangers', amountMicrousd: 1, idempotencyKey: key() });
    const missing = await transfer(b, { from: 'tr-nowhere', amountMicrousd: 1, idempotencyKey: key() });
    expect([hidden.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(hidden.json().error).toEqual({ ...missing.json().error, requestId: hidden.json().error.requestId });

    // A member (not owner) of the source may not move its credit.
    await createWorkspacesRepo(ctx.database.db).addMember(await idOf('tr-strangers'), owner.user.id, 'member', new Date());
    const member = await transfer(b, { from: 'tr-strangers', amountMicrousd: 1, idempotencyKey: key() });
    expect(member.statusCode).toBe(403);
    expect((await balance('tr-strangers')).postedMicrousd).toBe(1_000_000);
    // Nor may an API key, even of the target.
    const { bearer } = await activeKey(ctx.app, owner.cookie, b, { scopes: ['credits:read'] });
    const byKey = await ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${b}/credits/transfer`, headers: bearer, payload: { from: 'tr-first', amountMicrousd: 1, idempotencyKey: key() } });
    expect(byKey.statusCode).toBe(403);
  });

  it.each([
    ['a zero amount', { amountMicrousd: 0 }, 'amountMicrousd'],
    ['a negative amount', { amountMicrousd: -5 }, 'amountMicrousd'],
    ['a fraction of a micro-USD', { amountMicrousd: 1.5 }, 'amountMicrousd'],
    ['no idempotency key', { idempotencyKey: undefined }, 'idempotencyKey'],
    ['the same workspace', { from: 'self' }, 'from'],
  ])('is 400 naming the field for %s', async (_name, change, field) => {
    const [a, b] = [await client(1_000_000), await client(0)];
    const body: Record<string, unknown> = { from: a, amountMicrousd: 1_000, idempotencyKey: key(), ...change };
    if (body.from === 'self') body.from = b;
    const res = await transfer(b, JSON.parse(JSON.stringify(body)) as Record<string, unknown>);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error)).toContain(field);
    expect((await balance(a)).postedMicrousd).toBe(1_000_000);
  });
});

describe('parallel transfers', () => {
  it('never take a balance below zero and never change the two balances’ sum', async () => {
    const [a, b] = [await client(1_000_000), await client(500_000)];
    // 15 ask to move about 4.1 million out of a, which holds 1 million and can get at most 1.4
    // million back: some must be refused; any one alone fits its source.
    const moves = Array.from({ length: 20 }, (_, i) => ({ to: i % 4 ? b : a, from: i % 4 ? a : b, amount: 200_000 + i * 7_919 }));
    const results = await Promise.all(moves.map((m) => transfer(m.to, { from: m.from, amountMicrousd: m.amount, idempotencyKey: key() })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 402)).toBe(true);
    expect(codes).toContain(200);
    expect(codes).toContain(402);
    const [ba, bb] = [await balance(a), await balance(b)];
    expect(ba.postedMicrousd + bb.postedMicrousd).toBe(1_500_000);
    expect(Math.min(ba.availableMicrousd, bb.availableMicrousd)).toBeGreaterThanOrEqual(0);
    // Each side's ledger is the sum of what moved: exact, entry by entry.
    const moved = (slug: string) => results.reduce((sum, r, i) => (r.statusCode !== 200 ? sum : sum + (moves[i]!.to === slug ? 1 : -1) * moves[i]!.amount), 0);
    expect(ba.postedMicrousd).toBe(1_000_000 + moved(a));
    expect(bb.postedMicrousd).toBe(500_000 + moved(b));
  });
});
