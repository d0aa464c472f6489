import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { manualClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { createWorkspacesRepo } from '../workspaces/workspaces.repo.ts';
import { createCreditsService, type CreditsService } from './credits.service.ts';
import { createTransferService, type TransferService } from './transfer.ts';

// Random sequences of grant / reserve / lease / settle / release / expire against the real
// service and database, checked after every step against a simple model:
// - the ledger's sum equals the reported posted balance, and available = posted − held ≥ 0;
// - held equals what the model believes is held;
// - a reservation succeeds exactly when the available balance covers it;
// - a lease is granted exactly when it fits in what is reserved and not yet leased;
// - a settlement debits exactly the amount settled;
// - a transfer to or from a partner workspace succeeds exactly when its source's available
//   balance covers it, and leaves the two balances' sum unchanged.

const DAY = 24 * 3600 * 1000;
const clock = manualClock(new Date('2026-06-01T00:00:00Z'));
let ctx: TestContext;
let cookie: string;
let credits: CreditsService;
let transfers: TransferService;

beforeAll(async () => {
  // The app keeps real time (sessions must not expire as the model's clock runs months ahead).
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'prop-free'); // spends the free grant of this user
  credits = createCreditsService({ db: ctx.database.db, clock });
  const owned = new Map<string, { id: string; slug: string; role: string }>();
  transfers = createTransferService({ db: ctx.database.db, clock, credits, membership: async (slug) => owned.get(slug) ?? null });
  own = (ws) => void owned.set(ws.slug, { ...ws, role: 'owner' });
});
let own: (ws: { id: string; slug: string }) => void;
afterAll(() => ctx.close());

type Op =
  | { op: 'grant'; amount: number; days: number }
  | { op: 'reserve'; amount: number }
  | { op: 'lease'; pick: number; amount: number }
  | { op: 'settle'; pick: number; fraction: number }
  | { op: 'release'; pick: number }
  | { op: 'expire'; days: number }
  | { op: 'transfer'; out: boolean; amount: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('grant' as const), amount: fc.integer({ min: 1, max: 2_000_000 }), days: fc.integer({ min: 1, max: 60 }) }),
  fc.record({ op: fc.constant('reserve' as const), amount: fc.integer({ min: 1, max: 1_500_000 }) }),
  fc.record({ op: fc.constant('lease' as const), pick: fc.nat(), amount: fc.integer({ min: 1, max: 600_000 }) }),
  fc.record({ op: fc.constant('settle' as const), pick: fc.nat(), fraction: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ op: fc.constant('release' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('expire' as const), days: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ op: fc.constant('transfer' as const), out: fc.boolean(), amount: fc.integer({ min: 1, max: 1_500_000 }) }),
);

let runs = 0;
async function freshWorkspace() {
  const slug = `prop-${++runs}-${Math.random().toString(36).slice(2, 7)}`;
  await createWorkspace(ctx.app, cookie, slug);
  return { id: (await createWorkspacesRepo(ctx.database.db).idBySlug(slug))!.id, slug };
}

// 40 generated sequences of holds, captures and releases against the database: a few seconds
// quiet, far longer on a loaded machine; nothing in it waits on a clock.
describe('credits ledger (property-based)', { timeout: 180_000 }, () => {
  it('never overdraws and always agrees with its ledger', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const ws = await freshWorkspace();
        // A partner of the same owner that credit moves to and from.
        const partner = await freshWorkspace();
        own(ws); own(partner);
        await credits.grant(partner.id, { kind: 'top_up', amount: 1_000_000, days: 60 });
        const held = new Map<string, { amount: number; leased: number }>();
        const pick = (i: number) => [...held.keys()][i % Math.max(1, held.size)];

        for (const step of ops) {
          const before = await credits.balance(ws);
          switch (step.op) {
            case 'grant': {
              await credits.grant(ws.id, { kind: 'top_up', amount: step.amount, days: step.days });
              expect((await credits.balance(ws)).postedMicrousd).toBe(before.postedMicrousd + step.amount);
              break;
            }
            case 'reserve': {
              const result = await credits.reserve(ws.id, 'prop', step.amount).catch((err: AppError) => err);
              if (result instanceof AppError) {
                expect(result.code).toBe('insufficient_credits');
                expect(before.availableMicrousd).toBeLessThan(step.amount);
              } else {
                expect(before.availableMicrousd).toBeGreaterThanOrEqual(step.amount);
                held.set(result.reservationId, { amount: step.amount, leased: 0 });
              }
              break;
            }
            case 'lease': {
              const id = pick(step.pick);
              if (!id) break;
              const r = held.get(id)!;
              const { granted } = await credits.lease(id, step.amount);
              expect(granted).toBe(r.leased + step.amount <= r.amount);
              if (granted) r.leased += step.amount;
              break;
            }
            case 'settle': {
              const id = pick(step.pick);
              if (!id) break;
              const actual = Math.floor(held.get(id)!.amount * step.fraction);
              await credits.settle(id, actual);
              held.delete(id);
              const usage = await credits.usage(ws, 500);
              const debited = usage.ledger.filter((e) => e.reservationId === id).reduce((sum, e) => sum - e.amountMicrousd, 0);
              expect(debited).toBe(actual);
              break;
            }
            case 'release': {
              const id = pick(step.pick);
              if (!id) break;
              await credits.release(id);
              held.delete(id);
              break;
            }
            case 'transfer': {
              const [from, to] = step.out ? [ws, partner] : [partner, ws];
              const [source, pair] = [await credits.balance(from), (await credits.balance(ws)).postedMicrousd + (await credits.balance(partner)).postedMicrousd];
              const result = await transfers.transfer({ ...to, role: 'owner' }, 'usr_prop', { from: from.slug, amountMicrousd: step.amount, idempotencyKey: `p-${Math.random()}` })
                .catch((err: AppError) => err);
              if (result instanceof AppError) {
                expect(result.code).toBe('insufficient_credits');
                expect(source.availableMicrousd).toBeLessThan(step.amount);
              } else {
                expect(source.availableMicrousd).toBeGreaterThanOrEqual(step.amount);
                expect(result.balances.from.availableMicrousd).toBe(source.availableMicrousd - step.amount);
              }
              expect((await credits.balance(ws)).postedMicrousd + (await credits.balance(partner)).postedMicrousd).toBe(pair);
              expect(await credits.ledgerSum(partner.id)).toBe((await credits.balance(partner)).postedMicrousd);
              break;
            }
            case 'expire': {
              clock.advance(step.days * DAY);
              // Holds live for two hours by default: the sweeper settles them for what was leased.
              const before2 = [...held.keys()];
              await credits.sweep();
              for (const id of before2) held.delete(id);
              break;
            }
          }
          const after = await credits.balance(ws);
          expect(after.availableMicrousd).toBeGreaterThanOrEqual(0);
          expect(after.availableMicrousd).toBe(after.postedMicrousd - after.heldMicrousd);
          expect(await credits.ledgerSum(ws.id)).toBe(after.postedMicrousd);
          expect(after.heldMicrousd).toBe([...held.values()].reduce((sum, r) => sum + r.amount, 0));
        }
      }),
      { numRuns: 40 },
    );
  });
});
