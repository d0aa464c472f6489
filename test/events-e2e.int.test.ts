import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, testConfig, type TestContext } from './helpers/app.ts';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.ts';

// Events across modules: a real measurement run ends, the runs module publishes its event, the
// alerts module fires a rule on it, and the webhooks module delivers both events, signed, to the
// workspace's endpoint. Nothing here publishes an event by hand.

let rx: Receiver;
let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  rx = await startReceiver();
  ctx = await createTestApp({
    config: testConfig({ fetch: { allowPrivate: false, allowOrigins: [rx.origin] }, webhooks: { maxAttempts: 3, retryBaseMs: 20, timeoutMs: 1_500, disableAfter: 5 } }),
  });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'e2e');
});
afterAll(async () => {
  await ctx.close();
  await rx.close();
});

// Every stage between a committed event and a webhook delivery, empty.
const settled = async () => {
  const pending = await ctx.database.executeSql(`select
      (select count(*) from event_outbox) + (select count(*) from alert_events)
    + (select count(*) from pgboss.job where name in ('alerts_eval', 'alerts_mail', 'webhook_delivery') and state not in ('completed', 'failed', 'cancelled')) as n`);
  return Number((pending.rows[0] as { n: string | number }).n) === 0;
};

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/workspaces/e2e${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('a run that ends reaches the customer’s endpoint', () => {
  it('run.succeeded is delivered signed; a run_failed alert rule does not fire on success', async () => {
    const hook = await api('POST', '/webhooks', { url: `${rx.origin}/runs`, events: ['run.succeeded', 'run.failed', 'alert.fired'] });
    expect(hook.statusCode).toBe(201);
    rx.route('/runs', { kind: 'ok' }, hook.json().secret);
    expect((await api('POST', '/alerts', { kind: 'run_failed' })).statusCode).toBe(201);
    await api('POST', '/credits/top-up', { amountMicrousd: 50_000_000, idempotencyKey: 'e2e-1' });

    const run = await api('POST', '/runs', { preset: 'smoke' });
    expect(run.statusCode).toBe(202);
    const runId = run.json().id;

    await expect.poll(() => rx.received.filter((r) => r.path === '/runs').length, { timeout: 20_000, interval: 50 }).toBeGreaterThan(0);
    const delivery = rx.received.find((r) => r.path === '/runs')!;
    expect(delivery.verified).toBe(true);
    expect(delivery.payload).toMatchObject({ type: 'run.succeeded', data: { runId, status: 'succeeded' } });
    // Success fires no run_failed alert, so nothing else arrives: once the pipeline has settled
    // (no event waiting in the outbox or for evaluation, no alert or delivery job pending), every
    // delivery that was going to be made has been made.
    await expect.poll(settled, { timeout: 20_000, interval: 50 }).toBe(true);
    expect(rx.received.filter((r) => r.path === '/runs').map((r) => (r.payload as { type: string }).type)).toEqual(['run.succeeded']);
  });
});
