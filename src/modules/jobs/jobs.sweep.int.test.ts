import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { rawRows, type Database } from '../../lib/db.ts';
import { createTestApp, createWorkspace, openTestDatabase, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import { startReceiver, type Receiver } from '../../../test/helpers/webhook-receiver.ts';

// Sends lost after the commit. The queue's inserts fail (pg-boss reaches the
// database through `executeSql`, which this test makes refuse them) while the service's own writes
// commit: a run and a webhook delivery exist with no pg-boss job behind them. The sweeps find them
// and send them; sending again is a no-op, and nothing is failed for a send that was lost.

let database: Database;
let rx: Receiver;
let ctx: TestContext;
let cookie: string;
let refuseQueue = false;
const clock = manualClock(new Date());

beforeAll(async () => {
  database = await openTestDatabase();
  const flaky: Database = {
    ...database,
    executeSql: (text, values) => (refuseQueue && /insert\s+into\s+\S*\.?job\b/i.test(text)
      ? Promise.reject(new Error('queue unreachable (test)'))
      : database.executeSql(text, values)),
  };
  rx = await startReceiver();
  const base = testConfig({ fetch: { allowPrivate: false, allowOrigins: [rx.origin] } });
  ctx = await createTestApp({ clock, config: { ...base, pipeline: { ...base.pipeline, workers: 'off' } } }, flaky);
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'lost');
  await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/lost/credits/top-up', headers: { cookie }, payload: { amountMicrousd: 50_000_000, idempotencyKey: 'lost-1' } });
}, 180_000);
afterAll(async () => {
  await ctx.close();
  await database.close();
  await rx.close();
});

const queued = async (name: string, jobId: string) =>
  (await rawRows<{ n: number }>(database.db, sql`select count(*)::int as n from pgboss.job where name = ${name} and data->>'jobId' = ${jobId}`))[0]!.n;

describe('lost sends are recovered by the sweeps', () => {
  it('a run whose enqueue failed after its row committed is sent by the jobs sweep, once', async () => {
    refuseQueue = true;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/lost/runs', headers: { cookie }, payload: { preset: 'smoke' } });
    refuseQueue = false;
    expect(res.statusCode).toBe(202); // the run exists; the send is the sweep's to retry, not the client's
    const runId = res.json().id as string;
    expect(await queued('measurement', runId)).toBe(0);

    expect(await ctx.app.maintenance.sweepJobs()).toBe(0); // within the grace: start() may still be sending
    expect(await queued('measurement', runId)).toBe(0);
    clock.advance(6_000);
    expect(await ctx.app.maintenance.sweepJobs()).toBe(0); // sent, not failed
    expect(await queued('measurement', runId)).toBe(1);
    const [row] = await rawRows<{ enqueued_at: Date | null; status: string }>(database.db, sql`select enqueued_at, status from jobs where id = ${runId}`);
    expect([row!.status, row!.enqueued_at !== null]).toEqual(['running', true]);
    clock.advance(6_000);
    await ctx.app.maintenance.sweepJobs();
    expect(await queued('measurement', runId)).toBe(1); // one pg-boss job however often it is sent
  }, 120_000);

  it('a webhook delivery whose job was lost is queued again by the maintenance sweep', async () => {
    const hook = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/lost/webhooks', headers: { cookie }, payload: { url: `${rx.origin}/geo`, events: ['run.succeeded'] } });
    expect(hook.statusCode).toBe(201);
    const [ws] = await rawRows<{ id: string }>(database.db, sql`select id from workspaces where slug = 'lost'`);
    refuseQueue = true;
    const event = await ctx.app.events.publish({ type: 'run.succeeded', workspaceId: ws!.id, data: { runId: 'run_lost' } });
    refuseQueue = false;
    const [delivery] = await rawRows<{ id: string }>(database.db, sql`select id from webhook_deliveries where event_id = ${event.id}`);
    expect(await queued('webhook_delivery', delivery!.id)).toBe(0);

    clock.advance(60_000);
    await ctx.app.maintenance.sweep();
    expect(await queued('webhook_delivery', delivery!.id)).toBe(0); // not yet overdue: a poller may still take it
    clock.advance(61_000);
    await ctx.app.maintenance.sweep();
    expect(await queued('webhook_delivery', delivery!.id)).toBe(1);
    // The event itself was delivered to the listeners again by the relay (its webhook listener had
    // failed), which added no second delivery: one per endpoint and event.
    expect(await rawRows(database.db, sql`select id from webhook_deliveries where event_id = ${event.id}`)).toHaveLength(1);
    expect(await rawRows(database.db, sql`select id from event_outbox where id = ${event.id}`)).toEqual([]);
  }, 120_000);
});
