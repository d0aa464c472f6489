import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activeKey, createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import { startReceiver, type Receiver } from '../../../test/helpers/webhook-receiver.ts';
import { newId } from '../../lib/ids.ts';
import { deliveryBody, LOST_ATTEMPT_ERROR } from './webhooks.fns.ts';
import { webhookDeliveries, webhookEndpoints } from './webhooks.tables.ts';

// Outbound webhooks end to end: a loopback receiver verifies every signature with the
// standardwebhooks library and fails on purpose; events are published on the app's hub directly.

let ctx: TestContext;
let rx: Receiver;
let owner: string;
let wsId: string;
const SLUG = 'hooks-a';

beforeAll(async () => {
  rx = await startReceiver();
  // The app's safe fetcher lifts the address rule for the receiver's origin only: any other
  // loopback, private or reserved address stays refused, at creation and at delivery.
  ctx = await createTestApp({
    config: testConfig({ fetch: { allowPrivate: false, allowOrigins: [rx.origin] }, webhooks: { maxAttempts: 3, retryBaseMs: 20, timeoutMs: 1_500, disableAfter: 2 } }),
  });
  owner = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, owner, SLUG);
  await createWorkspace(ctx.app, owner, 'hooks-b');
  wsId = await idOf(SLUG);
});
// Each test starts with no endpoints in the workspace (the cap is 10, and old endpoints would get the events).
afterEach(async () => {
  await ctx.database.db.delete(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, wsId));
});
afterAll(async () => {
  await ctx.close();
  await rx.close();
});

const idOf = async (slug: string) => ((await ctx.database.executeSql(`select id from workspaces where slug = '${slug}'`)).rows[0] as { id: string }).id;
const req = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object, headers: Record<string, string> = { cookie: owner }) =>
  ctx.app.inject({ method, url: `/api/v1/workspaces/${path}`, headers, ...(payload ? { payload } : {}) });

/** Registers an endpoint at `path` of the receiver, which then verifies with its secret. */
async function endpoint(path: string, behaviour: Parameters<Receiver['route']>[1], events: string[] = ['run.succeeded'], slug = SLUG) {
  rx.route(path, behaviour);
  const res = await req('POST', `${slug}/webhooks`, { url: `${rx.origin}${path}`, events });
  expect(res.statusCode, res.body).toBe(201);
  rx.setSecret(path, res.json().secret);
  return res.json() as { id: string; secret: string; url: string; events: string[]; createdAt: string };
}

async function settled(id: string, count = 1) {
  for (const until = Date.now() + 50_000; Date.now() < until;) {
    const page = (await req('GET', `${SLUG}/webhooks/${id}/deliveries?limit=100`)).json();
    if (page.items.length >= count && page.items.every((d: { status: string }) => d.status !== 'pending')) return page.items;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('deliveries did not settle');
}

const publish = (type: string, data: Record<string, unknown> = {}, workspaceId = wsId) => ctx.app.events.publish({ type: type as 'run.succeeded', workspaceId, data });

describe('creating endpoints', () => {
  it('answers 201 with a whsec_ secret shown once, stored sealed', async () => {
    const created = await endpoint('/once', { kind: 'ok' });
    expect(created).toMatchObject({ id: expect.stringMatching(/^whk_/), url: `${rx.origin}/once`, events: ['run.succeeded'], createdAt: expect.any(String) });
    expect(created.secret).toMatch(/^whsec_/);
    const list = await req('GET', `${SLUG}/webhooks`);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.json().find((e: { id: string }) => e.id === created.id)).toMatchObject({ disabled: false, consecutiveFailures: 0 });
    const [row] = await ctx.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row!.secretCiphertext).not.toContain(created.secret.slice(6, 20));
  });

  it.each([
    ['events empty', { events: [] }, 'body.events'],
    ['an unknown event', { events: ['run.started'] }, 'body.events'],
    ['an internal event', { events: ['schedule.skipped'] }, 'body.events'],
    ['a missing url', { url: undefined }, 'body.url'],
    ['an unknown field', { secret: 'whsec_x' }, 'body.secret'],
  ])('%s → 400 naming the field', async (_, patch, field) => {
    const res = await req('POST', `${SLUG}/webhooks`, { url: `${rx.origin}/x`, events: ['run.failed'], ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_request', message: expect.stringContaining(field) });
  });

  it.each([
    ['a private address', 'http://10.0.0.1/hook', 'private_address'],
    ['cloud metadata', 'http://169.254.169.254/latest', 'private_address'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/hook', 'private_address'],
    ['decimal loopback', 'http://2130706433/hook', 'private_address'],
    ['another loopback port', 'http://127.0.0.1:9/hook', 'private_address'],
    ['localhost', 'http://localhost:8080/hook', 'private_address'],
    ['a name that does not resolve', 'https://hooks.example.invalid/x', 'dns'],
    ['a user name', 'https://user:pw@example.com/hook', 'credentials'],
    ['another scheme', 'ftp://example.com/hook', 'scheme'],
    ['not a URL', 'not a url', 'invalid_url'],
  ])('%s is refused by the fetching rules → 400 naming url, and never contacted', async (_, url, reason) => {
    const before = rx.received.length;
    const res = await req('POST', `${SLUG}/webhooks`, { url, events: ['run.failed'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^body\.url: /);
    expect(res.json().error.details).toMatchObject({ field: 'url', reason });
    expect(rx.received.length).toBe(before);
  });

  it('at most 10 endpoints per workspace', async () => {
    await createWorkspace(ctx.app, owner, 'hooks-cap');
    const results = await Promise.all(Array.from({ length: 12 }, () => req('POST', 'hooks-cap/webhooks', { url: `${rx.origin}/cap`, events: ['credits.low'] })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => [r.statusCode, r.json().error.code])).toEqual([[400, 'invalid_request'], [400, 'invalid_request']]);
    expect(refused[0]!.json().error.message).toContain('at most 10');
  });
});

describe('delivering events', { timeout: 60_000 }, () => {
  it('signs each delivery (Standard Webhooks) and logs the attempt', async () => {
    const hook = await endpoint('/ok', { kind: 'ok' });
    const event = await publish('run.succeeded', { runId: 'run_1' });
    const [delivery] = await settled(hook.id);
    expect(delivery, JSON.stringify(delivery.attempts)).toMatchObject({ eventId: event.id, type: 'run.succeeded', status: 'succeeded', attemptCount: 1 });
    expect(delivery.attempts).toEqual([expect.objectContaining({ attempt: 1, statusCode: 204, error: null, nextAttemptAt: null, latencyMs: expect.any(Number) })]);
    const got = rx.received.filter((r) => r.path === '/ok');
    expect(got).toHaveLength(1);
    expect(got[0]!.verified).toBe(true);
    expect(got[0]!.headers['webhook-id']).toBe(event.id);
    expect(got[0]!.payload).toEqual({ type: 'run.succeeded', timestamp: event.occurredAt.toISOString(), data: { runId: 'run_1' } });
    expect(delivery.payload).toEqual(got[0]!.payload);
  });

  it('delivers only the events an endpoint subscribed to, and never internal ones', async () => {
    const hook = await endpoint('/scores', { kind: 'ok' }, ['score.changed']);
    await publish('run.failed');
    await publish('schedule.skipped');
    await publish('score.changed', { score: 71 });
    await publish('score.changed', { score: 72 }, await idOf('hooks-b'));
    const items = await settled(hook.id);
    expect(items.map((d: { type: string }) => d.type)).toEqual(['score.changed']);
  });

  it('retries a failing endpoint with backoff until it answers, logging every attempt', async () => {
    const hook = await endpoint('/flaky', { kind: 'flaky', failures: 2, status: 503 });
    await publish('run.succeeded');
    const [delivery] = await settled(hook.id);
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts.map((a: { attempt: number; statusCode: number }) => [a.attempt, a.statusCode])).toEqual([[3, 200], [2, 503], [1, 503]]);
    const [last, second, first] = delivery.attempts;
    expect(last.nextAttemptAt).toBeNull();
    // The waits grow by the factor of 3 from the 20 ms base. Each gap from an attempt's start also
    // holds that attempt's own duration, which varies with load, so each gap is checked against
    // its own floor rather than against the other gap.
    expect(Date.parse(first.nextAttemptAt) - Date.parse(first.startedAt)).toBeGreaterThanOrEqual(20);
    expect(Date.parse(second.nextAttemptAt) - Date.parse(second.startedAt)).toBeGreaterThanOrEqual(60);
    // Every attempt carries the same webhook-id (receivers dedupe on it) and verifies.
    const got = rx.received.filter((r) => r.path === '/flaky');
    expect(new Set(got.map((r) => r.headers['webhook-id']))).toEqual(new Set([delivery.eventId]));
    expect(got.every((r) => r.verified)).toBe(true);
  });

  it('an endpoint that answers 500 or times out forever ends failed; repeated failures disable it', async () => {
    const down = await endpoint('/down', { kind: 'fail', status: 500 });
    const slow = await endpoint('/slow', { kind: 'stall', ms: 3_000 });
    await publish('run.succeeded');
    const [failed] = await settled(down.id);
    expect(failed).toMatchObject({ status: 'failed', attemptCount: 3, nextAttemptAt: null });
    expect(failed.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 500, 500]);
    const [timedOut] = await settled(slow.id);
    expect(timedOut.status).toBe('failed');
    expect(timedOut.attempts[0]).toMatchObject({ statusCode: null, error: expect.stringContaining('timeout') });

    await publish('run.succeeded');
    await settled(down.id, 2);
    await settled(slow.id, 2);
    const views = (await req('GET', `${SLUG}/webhooks`)).json();
    expect(views.find((e: { id: string }) => e.id === down.id)).toMatchObject({ disabled: true, consecutiveFailures: 2, disabledReason: expect.stringContaining('2 consecutive') });
    expect(views.find((e: { id: string }) => e.id === slow.id)).toMatchObject({ disabled: true });
    // A disabled endpoint gets no new deliveries.
    const ok = await endpoint('/ok-after', { kind: 'ok' });
    await publish('run.succeeded');
    await settled(ok.id, 1);
    expect(await settled(down.id, 2)).toHaveLength(2);
  }, 120_000);

  it('a redirect is not followed: the attempt fails and the target is never contacted', async () => {
    rx.route('/target', { kind: 'ok' });
    const hook = await endpoint('/moved', { kind: 'redirect', to: `${rx.origin}/target` });
    await publish('run.succeeded');
    const [delivery] = await settled(hook.id);
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts[0]).toMatchObject({ statusCode: 302, error: expect.stringContaining('redirects are not followed') });
    expect(rx.received.filter((r) => r.path === '/target')).toHaveLength(0);
  });

  it('delivery goes through the safe fetcher: an address forbidden at send time is refused without connecting', async () => {
    const hook = await endpoint('/rebound', { kind: 'ok' });
    // As if the endpoint's address now led somewhere forbidden (DNS rebinding does this to names).
    await ctx.database.db.update(webhookEndpoints).set({ url: 'http://127.0.0.1:9/rebound' }).where(eq(webhookEndpoints.id, hook.id));
    await publish('run.succeeded');
    const [delivery] = await settled(hook.id);
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts[0]).toMatchObject({ statusCode: null, error: expect.stringContaining('private_address') });
  });
});

describe('a claimant killed mid-attempt', { timeout: 60_000 }, () => {
  /** A delivery as a poller that was then killed left it: claimed `agoMs` ago, `attempts` counted, never recorded, its job gone. */
  async function orphan(endpointId: string, agoMs: number, attempts: number) {
    const eventId = newId('evt');
    const body = deliveryBody({ type: 'run.succeeded', occurredAt: new Date(), data: { runId: `run_${eventId}` } });
    const [row] = await ctx.database.db.insert(webhookDeliveries).values({
      id: newId('wdl'), endpointId, workspaceId: wsId, eventId, eventType: 'run.succeeded', body, status: 'pending', attempts,
      claimedAt: new Date(Date.now() - agoMs), createdAt: new Date(),
    }).returning();
    return row!;
  }
  const received = (eventId: string) => rx.received.filter((r) => r.headers['webhook-id'] === eventId);

  it('the sweep takes back a claim past its lease: the lost attempt is logged and counted, and the delivery goes out once', async () => {
    const hook = await endpoint('/orphan', { kind: 'ok' });
    // Test policy: 1.5 s timeout → a 33 s lease. One claim is long dead, one is still live.
    const dead = await orphan(hook.id, 60_000, 1);
    const live = await orphan(hook.id, 5_000, 1);
    await ctx.app.maintenance.sweep();
    const delivered = await until(async () => {
      const [row] = await ctx.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, dead.id));
      return row!.status === 'succeeded' ? row : null;
    });
    expect(delivered).toMatchObject({ attempts: 2, claimedAt: null });
    const [view] = (await req('GET', `${SLUG}/webhooks/${hook.id}/deliveries?limit=100`)).json().items.filter((d: { id: string }) => d.id === dead.id);
    expect(view.attempts.map((a: { attempt: number; statusCode: number | null; error: string | null }) => [a.attempt, a.statusCode, a.error]))
      .toEqual([[2, 204, null], [1, null, LOST_ATTEMPT_ERROR]]);
    expect(received(dead.eventId)).toHaveLength(1);
    expect(received(dead.eventId)[0]!.verified).toBe(true);
    // The live claim is left to its claimant: untouched, nothing sent.
    const [stillLive] = await ctx.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, live.id));
    expect(stillLive).toMatchObject({ status: 'pending', attempts: 1, claimedAt: live.claimedAt });
    expect(received(live.eventId)).toHaveLength(0);
  });

  it('while the lease is live, a duplicate job for the delivery sends nothing; a lost last attempt ends it failed', async () => {
    const hook = await endpoint('/orphan-2', { kind: 'ok' });
    const live = await orphan(hook.id, 1_000, 1);
    // A second job for the claimed delivery (pg-boss delivers at least once): the claim refuses it.
    await ctx.database.executeSql(`insert into pgboss.job (name, data) values ('webhook_delivery', $1::jsonb)`, [JSON.stringify({ jobId: live.id })]);
    await until(async () => ((await ctx.database.executeSql(`select state from pgboss.job where name = 'webhook_delivery' and data->>'jobId' = $1`, [live.id])).rows[0] as { state: string }).state === 'completed' || null);
    const [row] = await ctx.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, live.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, claimedAt: live.claimedAt });
    expect(received(live.eventId)).toHaveLength(0);

    // The test policy allows 3 attempts: a claimant lost on the 3rd leaves nothing to retry.
    const last = await orphan(hook.id, 60_000, 3);
    await ctx.app.maintenance.sweep();
    const [ended] = await ctx.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, last.id));
    expect(ended).toMatchObject({ status: 'failed', attempts: 3, claimedAt: null, finishedAt: expect.any(Date) });
    expect(received(last.eventId)).toHaveLength(0);
  });
});

async function until<T>(check: () => Promise<T | null | false>): Promise<T> {
  for (const end = Date.now() + 20_000; Date.now() < end;) {
    const value = await check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition never held');
}

describe('test send, log and removal', () => {
  it('sends webhook.test now and returns the attempt; it is logged; a success re-enables a disabled endpoint', async () => {
    const hook = await endpoint('/ping', { kind: 'ok', status: 200 });
    await ctx.database.db.update(webhookEndpoints).set({ disabledAt: new Date(), disabledReason: 'test', consecutiveFailures: 5 }).where(eq(webhookEndpoints.id, hook.id));
    const res = await req('POST', `${SLUG}/webhooks/${hook.id}/test`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'webhook.test', succeeded: true, statusCode: 200, error: null, attempt: 1, latencyMs: expect.any(Number) });
    const got = rx.received.filter((r) => r.path === '/ping');
    expect(got.at(-1)).toMatchObject({ verified: true, payload: { type: 'webhook.test', data: { webhookId: hook.id } } });
    const [logged] = await settled(hook.id);
    expect(logged).toMatchObject({ id: res.json().deliveryId, type: 'webhook.test', status: 'succeeded' });
    const view = (await req('GET', `${SLUG}/webhooks`)).json().find((e: { id: string }) => e.id === hook.id);
    expect(view).toMatchObject({ disabled: false, consecutiveFailures: 0 });
  });

  it('a failing test send answers 200 with succeeded false and the status', async () => {
    const hook = await endpoint('/ping-down', { kind: 'fail', status: 500 });
    const res = await req('POST', `${SLUG}/webhooks/${hook.id}/test`);
    expect(res.json()).toMatchObject({ succeeded: false, statusCode: 500 });
  });

  it('pages the delivery log newest first', async () => {
    const hook = await endpoint('/paged', { kind: 'ok' });
    for (let i = 0; i < 3; i++) await publish('run.succeeded', { n: i });
    await settled(hook.id, 3);
    const first = (await req('GET', `${SLUG}/webhooks/${hook.id}/deliveries?limit=2`)).json();
    expect(first.items.map((d: { payload: { data: { n: number } } }) => d.payload.data.n)).toEqual([2, 1]);
    const second = (await req('GET', `${SLUG}/webhooks/${hook.id}/deliveries?limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((d: { payload: { data: { n: number } } }) => d.payload.data.n)).toEqual([0]);
    expect(second.nextCursor).toBeNull();
    expect((await req('GET', `${SLUG}/webhooks/${hook.id}/deliveries?limit=0`)).statusCode).toBe(400);
  });

  it('deletes an endpoint; unknown or foreign ids are 404', async () => {
    const hook = await endpoint('/gone', { kind: 'ok' });
    expect((await req('DELETE', `${SLUG}/webhooks/${hook.id}`)).statusCode).toBe(204);
    for (const [method, path] of [['DELETE', ''], ['POST', '/test'], ['GET', '/deliveries']] as const) {
      const res = await req(method, `${SLUG}/webhooks/${hook.id}${path}`);
      expect([res.statusCode, res.json().error.code]).toEqual([404, 'not_found']);
    }
    const other = await endpoint('/other', { kind: 'ok' }, ['run.failed'], 'hooks-b');
    const res = await req('GET', `${SLUG}/webhooks/${other.id}/deliveries`);
    expect(res.statusCode).toBe(404);
  });
});

describe('credentials', () => {
  it('settings:read lists, settings:write manages; other scopes and workspaces are refused', async () => {
    const reader = await activeKey(ctx.app, owner, SLUG, { scopes: ['settings:read'] });
    const writer = await activeKey(ctx.app, owner, SLUG, { scopes: ['settings:write'] });
    const body = { url: `${rx.origin}/keyed`, events: ['credits.low'] };
    expect((await req('GET', `${SLUG}/webhooks`, undefined, reader.bearer)).statusCode).toBe(200);
    const denied = await req('POST', `${SLUG}/webhooks`, body, reader.bearer);
    expect([denied.statusCode, denied.json().error.code]).toEqual([403, 'insufficient_scope']);
    const created = await req('POST', `${SLUG}/webhooks`, body, writer.bearer);
    expect(created.statusCode).toBe(201);
    expect((await req('GET', `${SLUG}/webhooks`, undefined, writer.bearer)).statusCode).toBe(403);
    expect((await req('GET', `hooks-b/webhooks`, undefined, reader.bearer)).statusCode).toBe(404);
    expect((await req('GET', `${SLUG}/webhooks`, undefined, {})).statusCode).toBe(401);
  });
});
