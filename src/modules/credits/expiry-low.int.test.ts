import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { createEventHub, type DomainEvent } from '../events/events.hub.ts';
import { createWorkspacesRepo } from '../workspaces/workspaces.repo.ts';
import { createCreditsService, type CreditsService } from './credits.service.ts';

// credits.low when grants expiring take the available balance below a threshold: published once
// per crossing, after the expiry has committed, whichever write posts the expiry (the sweep, a
// balance read, a settlement, a new hold).

const DAY = 24 * 3600 * 1000;
const clock = manualClock(new Date('2026-06-01T00:00:00Z'));
let ctx: TestContext;
let cookie: string;
let credits: CreditsService;
let n = 0;
const published: Array<DomainEvent & { ledgerSeenAtPublish: number }> = [];
/** Thresholds by workspace (its credits_low rules); none: the $1 default. */
const thresholds = new Map<string, number[]>();

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'exp-first'); // takes this user's free grant
  const events = createEventHub({ db: ctx.database.db, clock, log: { error: () => {}, warn: () => {} } });
  credits = createCreditsService({ db: ctx.database.db, clock, events, lowThresholds: async (_tx, id) => thresholds.get(id) ?? [] });
  // The listener reads the ledger outside the write: it sees the expiry only if it has committed.
  events.subscribe(async (e) => void published.push({ ...e, ledgerSeenAtPublish: await credits.ledgerSum(e.workspaceId) }));
});
afterAll(() => ctx.close());

async function emptyWorkspace(levels?: number[]) {
  const slug = `exp-${++n}`;
  await createWorkspace(ctx.app, cookie, slug);
  const id = (await createWorkspacesRepo(ctx.database.db).idBySlug(slug))!.id;
  if (levels) thresholds.set(id, levels);
  return id;
}
const lowsOf = (workspaceId: string) => published.filter((e) => e.type === 'credits.low' && e.workspaceId === workspaceId);

describe('credits.low on grant expiry', () => {
  it('the sweep posting an expiry publishes it once, after the commit, naming the grants', async () => {
    const ws = await emptyWorkspace();
    const expiring = await credits.grant(ws, { kind: 'top_up', amount: 2_000_000, days: 10 });
    await credits.grant(ws, { kind: 'top_up', amount: 500_000, days: 365 });
    await credits.sweep();
    expect(lowsOf(ws)).toEqual([]);
    clock.advance(10 * DAY);
    await credits.sweep();
    await credits.sweep();
    expect(lowsOf(ws)).toHaveLength(1);
    expect(lowsOf(ws)[0]).toMatchObject({
      ledgerSeenAtPublish: 500_000,
      data: {
        reservationId: null, grantIds: [expiring.id], operation: 'expiry', previousAvailableMicrousd: 2_500_000, availableMicrousd: 500_000,
        thresholdMicrousd: 1_000_000, thresholdsMicrousd: [1_000_000], thresholdSource: 'default',
      },
    });
  });

  it('an expiry that does not cross (already below, or still above) publishes nothing', async () => {
    const below = await emptyWorkspace();
    await credits.grant(below, { kind: 'top_up', amount: 300_000, days: 1 });
    await credits.grant(below, { kind: 'top_up', amount: 200_000, days: 365 });
    const above = await emptyWorkspace();
    await credits.grant(above, { kind: 'top_up', amount: 300_000, days: 1 });
    await credits.grant(above, { kind: 'top_up', amount: 5_000_000, days: 365 });
    clock.advance(DAY);
    await credits.sweep();
    expect([...lowsOf(below), ...lowsOf(above)]).toEqual([]);
  });

  it('a balance read that posts the expiry publishes it, against the rule thresholds', async () => {
    const ws = await emptyWorkspace([3_000_000, 1_500_000]);
    await credits.grant(ws, { kind: 'top_up', amount: 2_000_000, days: 1 });
    await credits.grant(ws, { kind: 'top_up', amount: 1_000_000, days: 365 });
    clock.advance(DAY);
    expect((await credits.balance({ id: ws, slug: 'x' })).availableMicrousd).toBe(1_000_000);
    expect(lowsOf(ws).map((e) => e.data)).toEqual([expect.objectContaining({ thresholdMicrousd: 3_000_000, thresholdsMicrousd: [3_000_000, 1_500_000], thresholdSource: 'alert_rule' })]);
  });

  it('a settlement judges from the balance before it: unused hold given back then expired is no crossing; a real drop is one', async () => {
    // The first hold pins 1,000,000 of the expiring grant; available stays 1,500,000 throughout.
    const flat = await emptyWorkspace();
    await credits.grant(flat, { kind: 'top_up', amount: 1_000_000, days: 1 });
    await credits.grant(flat, { kind: 'top_up', amount: 5_000_000, days: 365 });
    const hold = await credits.reserve(flat, 'measurement', 1_000_000);
    await credits.reserve(flat, 'measurement', 3_500_000);
    // From here a rule at $2: settling gives back 800,000 of the expiring grant, which then expires.
    thresholds.set(flat, [2_000_000]);
    // Available 2,100,000 (900,000 of it expiring), falling to 1,200,000 when the grant expires.
    const drop = await emptyWorkspace([2_000_000]);
    await credits.grant(drop, { kind: 'top_up', amount: 1_000_000, days: 1 });
    await credits.grant(drop, { kind: 'top_up', amount: 1_200_000, days: 365 });
    const small = await credits.reserve(drop, 'measurement', 100_000);
    clock.advance(DAY);
    await credits.settle(hold.reservationId, 200_000);
    expect(lowsOf(flat)).toEqual([]);
    await credits.release(small.reservationId);
    expect(lowsOf(drop).map((e) => e.data)).toEqual([expect.objectContaining({ operation: 'expiry', previousAvailableMicrousd: 2_100_000, availableMicrousd: 1_200_000 })]);
  });

  it('a hold that posts an expiry first reports one crossing for both, as the hold', async () => {
    const ws = await emptyWorkspace();
    await credits.grant(ws, { kind: 'top_up', amount: 2_000_000, days: 1 });
    await credits.grant(ws, { kind: 'top_up', amount: 500_000, days: 365 });
    clock.advance(DAY);
    const held = await credits.reserve(ws, 'measurement', 100_000);
    expect(lowsOf(ws).map((e) => e.data)).toEqual([expect.objectContaining({ reservationId: held.reservationId, operation: 'measurement', previousAvailableMicrousd: 2_500_000, availableMicrousd: 400_000 })]);
    await credits.sweep();
    expect(lowsOf(ws)).toHaveLength(1);
  });
});
