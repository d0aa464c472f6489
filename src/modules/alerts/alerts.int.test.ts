import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { manualClock } from '../../lib/clock.ts';
import { rawRows } from '../../lib/db.ts';
import { activeKey, createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import type { DomainEvent } from '../events/events.hub.ts';
import { COMPONENTS } from '../scores/scores.fns.ts';
import { until as waitUntil } from '../../../test/helpers/wait.ts';

let ctx: TestContext;
let cookie: string;
let email: string;
const seen: DomainEvent[] = [];
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  ({ cookie, email } = await signup(ctx.app));
  ctx.app.events.subscribe((e) => void seen.push(e));
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = { cookie }) =>
  ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
async function workspace() {
  const slug = `al-${++n}`;
  await createWorkspace(ctx.app, cookie, slug);
  const [row] = await rawRows<{ id: string }>(ctx.database.db, sql`select id from workspaces where slug = ${slug}`);
  return { slug, id: row!.id };
}
async function rule(slug: string, body: Record<string, unknown>) {
  const res = await api('POST', `/api/v1/workspaces/${slug}/alerts`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}
const firings = async (slug: string, id: string) => (await api('GET', `/api/v1/workspaces/${slug}/alerts/${id}/firings`)).json().firings as Array<Record<string, any>>;
/** Publishes an event and waits until its evaluation job has run (it deletes the stored event). */
async function publish(workspaceId: string, type: DomainEvent['type'], data: Record<string, unknown>) {
  const event = await ctx.app.events.publish({ type, workspaceId, data });
  await until(async () => (await rawRows(ctx.database.db, sql`select 1 from alert_events where id = ${event.id}`)).length === 0);
  return event;
}
const until = (check: () => Promise<boolean>, what = 'condition') => waitUntil(check, (held) => held, what);

const reading = (value: number, lo: number, hi: number, n = 100) => ({ value, interval: [lo, hi], n });
function scoreChanged(runId: string, opts: { significant: boolean; delta: number; engine?: string; overtakes?: unknown[] }) {
  const before = reading(60, 55, 65);
  const after = opts.significant ? reading(60 + opts.delta, 60 + opts.delta - 4, 60 + opts.delta + 4) : reading(60 + opts.delta, 54, 66);
  const move = { before, after, delta: opts.delta, significant: opts.significant };
  return {
    runId, engine: opts.engine ?? 'composite', day: '2026-02-02', previousDay: '2026-02-01', ...move,
    components: Object.fromEntries(COMPONENTS.map((k) => [k, k === 'visibility' ? move : { ...move, significant: false }])), overtakes: opts.overtakes ?? [],
  };
}

describe('alert rules: routes', () => {
  it('creates, lists and deletes; every bad field is a 400 naming it', async () => {
    const { slug } = await workspace();
    const created = await rule(slug, { kind: 'score', name: 'GEO drop' });
    expect(created).toMatchObject({ kind: 'score', metric: 'score', direction: 'drop', engine: null, thresholdMicrousd: null, name: 'GEO drop' });
    await rule(slug, { kind: 'competitor_overtakes', competitor: 'globex', engine: 'chatgpt' });
    const list = (await api('GET', `/api/v1/workspaces/${slug}/alerts`)).json();
    expect(list.alerts.map((a: { kind: string }) => a.kind)).toEqual(['score', 'competitor_overtakes']);
    expect(list.alerts[1].competitor).toBe('Globex');
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'nope' }, 'body.kind'],
      [{}, 'kind'],
      [{ kind: 'score', thresholdMicrousd: 5 }, 'thresholdMicrousd'],
      [{ kind: 'score', metric: 'loudness' }, 'body.metric'],
      [{ kind: 'score', direction: 'sideways' }, 'body.direction'],
      [{ kind: 'score', engine: 'bing' }, 'body.engine'],
      [{ kind: 'credits_low' }, 'thresholdMicrousd'],
      [{ kind: 'credits_low', thresholdMicrousd: 0 }, 'thresholdMicrousd'],
      [{ kind: 'credits_low', thresholdMicrousd: 1.5 }, 'thresholdMicrousd'],
      [{ kind: 'competitor_overtakes', competitor: 'Hooli' }, 'competitor'],
      [{ kind: 'run_failed', engine: 'chatgpt' }, 'engine'],
      [{ kind: 'run_failed', extra: 1 }, 'extra'],
      [{ kind: 'run_failed', name: '' }, 'body.name'],
    ];
    for (const [body, field] of bad) {
      const res = await api('POST', `/api/v1/workspaces/${slug}/alerts`, body);
      expect([res.statusCode, res.json().error.code], JSON.stringify(body)).toEqual([400, 'invalid_request']);
      expect(res.json().error.message).toContain(field);
    }
    expect((await api('DELETE', `/api/v1/workspaces/${slug}/alerts/${created.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/api/v1/workspaces/${slug}/alerts/${created.id}`)).statusCode).toBe(404);
    expect((await api('GET', `/api/v1/workspaces/${slug}/alerts/${created.id}/firings`)).statusCode).toBe(404);
  });

  it('caps the rules of a workspace (409 beyond)', async () => {
    const { slug } = await workspace();
    const { limit } = (await api('GET', `/api/v1/workspaces/${slug}/alerts`)).json();
    await Promise.all(Array.from({ length: limit + 3 }, () => api('POST', `/api/v1/workspaces/${slug}/alerts`, { kind: 'run_failed' })));
    expect((await api('GET', `/api/v1/workspaces/${slug}/alerts`)).json().alerts).toHaveLength(limit);
    const over = await api('POST', `/api/v1/workspaces/${slug}/alerts`, { kind: 'run_failed' });
    expect([over.statusCode, over.json().error.code]).toEqual([409, 'invalid_state']);
  });

  it('settings:read lists but cannot create or delete (403); another workspace is 404', async () => {
    const { slug } = await workspace();
    const made = await rule(slug, { kind: 'run_failed' });
    const reader = await activeKey(ctx.app, cookie, slug, { scopes: ['settings:read'] });
    expect((await api('GET', `/api/v1/workspaces/${slug}/alerts`, undefined, reader.bearer)).statusCode).toBe(200);
    expect((await api('GET', `/api/v1/workspaces/${slug}/alerts/${made.id}/firings`, undefined, reader.bearer)).statusCode).toBe(200);
    const post = await api('POST', `/api/v1/workspaces/${slug}/alerts`, { kind: 'run_failed' }, reader.bearer);
    expect([post.statusCode, post.json().error.code]).toEqual([403, 'insufficient_scope']);
    expect((await api('DELETE', `/api/v1/workspaces/${slug}/alerts/${made.id}`, undefined, reader.bearer)).statusCode).toBe(403);
    const writer = await activeKey(ctx.app, cookie, slug, { scopes: ['settings:write'] });
    expect((await api('POST', `/api/v1/workspaces/${slug}/alerts`, { kind: 'run_failed' }, writer.bearer)).statusCode).toBe(201);
    const other = await workspace();
    expect((await api('DELETE', `/api/v1/workspaces/${other.slug}/alerts/${made.id}`)).statusCode).toBe(404);
  });
});

describe('alert rules: firing', () => {
  it('a score rule fires on a significant move in its direction, never on noise, once per run; members get mail', async () => {
    const ws = await workspace();
    const drop = await rule(ws.slug, { kind: 'score', name: 'Score drop' });
    const rise = await rule(ws.slug, { kind: 'score', direction: 'rise' });
    const component = await rule(ws.slug, { kind: 'score', metric: 'visibility', direction: 'any' });
    const onEngine = await rule(ws.slug, { kind: 'score', engine: 'chatgpt', direction: 'any' });
    const fired = seen.length;

    await publish(ws.id, 'score.changed', scoreChanged('run_noise', { significant: false, delta: -3 }));
    expect(await firings(ws.slug, drop.id)).toEqual([]);
    expect(await firings(ws.slug, component.id)).toEqual([]);

    const event = await publish(ws.id, 'score.changed', scoreChanged('run_a', { significant: true, delta: -20 }));
    const [firing] = await firings(ws.slug, drop.id);
    expect(firing).toMatchObject({ eventId: event.id, eventType: 'score.changed', figures: { metric: 'score', delta: -20, before: { value: 60, interval: [55, 65], n: 100 }, after: { n: 100 } } });
    expect(firing!.reason).toMatch(/^The GEO score across all engines dropped from 60\.0 \(95% 55\.0–65\.0, n = 100\) on \w{3} \d+, \d{4} to 40\.0 \(95% [\d.]+–[\d.]+, n = 100\) on \w{3} \d+, \d{4}; the 95% intervals do not overlap\.$/);
    expect(await firings(ws.slug, rise.id)).toEqual([]);
    expect(await firings(ws.slug, component.id)).toHaveLength(1);
    expect(await firings(ws.slug, onEngine.id)).toEqual([]); // composite event, engine rule

    // The same run published again (a retry, another process): no second firing.
    await publish(ws.id, 'score.changed', scoreChanged('run_a', { significant: true, delta: -20 }));
    expect(await firings(ws.slug, drop.id)).toHaveLength(1);

    const alertFired = seen.slice(fired).filter((e) => e.type === 'alert.fired');
    expect(alertFired.map((e) => e.data.alertId).sort()).toEqual([drop.id, component.id].sort());
    expect(alertFired.find((e) => e.data.alertId === drop.id)!.data).toMatchObject({ sourceEventId: event.id, reason: firing!.reason, rule: { id: drop.id, kind: 'score' } });

    await until(async () => (await firings(ws.slug, drop.id))[0]!.mailStatus === 'sent', 'mail sent');
    const mail = ctx.mails.find((m) => m.to === email && m.subject.includes('Score drop'));
    expect(mail?.text).toContain(firing!.reason);
    // The member is sent to the dashboard's alerts, not to a JSON address.
    expect(mail?.text).toContain(`/w/${ws.slug}/settings#alerts`);
  });

  it('competitor_overtakes fires only on an overtake whose intervals separate, for its competitor', async () => {
    const ws = await workspace();
    const any = await rule(ws.slug, { kind: 'competitor_overtakes' });
    const initech = await rule(ws.slug, { kind: 'competitor_overtakes', competitor: 'Initech' });
    await publish(ws.id, 'score.changed', scoreChanged('run_x', { significant: true, delta: -20 }));
    expect(await firings(ws.slug, any.id)).toEqual([]);
    const overtake = {
      competitor: { entityId: 'competitor:0', name: 'Globex', rankBefore: 2, rankAfter: 1, visibility: reading(70, 62, 77), visibilityBefore: reading(40, 31, 50) },
      brand: { rankBefore: 1, rankAfter: 2, visibility: reading(35, 27, 44), visibilityBefore: reading(60, 50, 69) },
    };
    await publish(ws.id, 'score.changed', scoreChanged('run_y', { significant: false, delta: 0, overtakes: [overtake] }));
    const [firing] = await firings(ws.slug, any.id);
    expect(firing!.reason).toBe('Globex now ranks #1, mentioned in 70.0% (95% 62.0–77.0%, n = 100) of answers, above the brand at #2, mentioned in 35.0% (95% 27.0–44.0%, n = 100) across all engines; the 95% intervals of their mention rates do not overlap.');
    expect(await firings(ws.slug, initech.id)).toEqual([]);
  });

  it('run_failed and schedule_skipped fire once per run or due time', async () => {
    const ws = await workspace();
    const failed = await rule(ws.slug, { kind: 'run_failed' });
    const skipped = await rule(ws.slug, { kind: 'schedule_skipped' });
    const data = { runId: 'run_f', preset: 'smoke', samples: 1, status: 'failed', error: { code: 'all_calls_failed', message: 'all 4 engine calls failed' }, totals: { totalCalls: 4 } };
    await publish(ws.id, 'run.failed', data);
    await publish(ws.id, 'run.failed', data);
    await publish(ws.id, 'run.succeeded', { ...data, status: 'succeeded' });
    expect((await firings(ws.slug, failed.id)).map((f) => f.reason)).toEqual(['Run run_f (smoke) failed: all 4 engine calls failed [all_calls_failed].']);
    await publish(ws.id, 'schedule.skipped', { dueAt: '2026-02-02T06:00:00.000Z', reason: 'a run is already running', code: 'job_already_running' });
    await publish(ws.id, 'schedule.skipped', { dueAt: '2026-02-02T06:00:00.000Z', reason: 'a run is already running', code: 'job_already_running' });
    expect(await firings(ws.slug, skipped.id)).toHaveLength(1);
    expect((await firings(ws.slug, skipped.id))[0]!.reason).toContain('[job_already_running]');
  });
});

describe('emission', () => {
  it('credits.low: a hold that crosses the rule’s threshold publishes once per crossing, and the rule fires', async () => {
    const ws = await workspace();
    await api('POST', `/api/v1/workspaces/${ws.slug}/credits/top-up`, { amountMicrousd: 5_000_000, idempotencyKey: `t-${ws.slug}` });
    const available = (await api('GET', `/api/v1/workspaces/${ws.slug}/credits/balance`)).json().availableMicrousd as number;
    const low = await rule(ws.slug, { kind: 'credits_low', thresholdMicrousd: available - 1 });
    const from = seen.length;
    const run = (await api('POST', `/api/v1/workspaces/${ws.slug}/runs`, { preset: 'smoke' })).json();
    await until(async () => (await api('GET', `/api/v1/workspaces/${ws.slug}/runs/${run.id}`)).json().status !== 'running', 'run ended');
    await until(async () => (await firings(ws.slug, low.id)).length === 1, 'credits_low fired');
    const events = seen.slice(from).filter((e) => e.type === 'credits.low');
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ previousAvailableMicrousd: available, thresholdMicrousd: available - 1, thresholdSource: 'alert_rule', operation: 'measurement' });
    expect((await firings(ws.slug, low.id))[0]!.figures).toMatchObject({ thresholdMicrousd: available - 1, previousAvailableMicrousd: available });

    // Still below the threshold: the next hold is no new crossing.
    const again = (await api('POST', `/api/v1/workspaces/${ws.slug}/runs`, { preset: 'smoke' })).json();
    await until(async () => (await api('GET', `/api/v1/workspaces/${ws.slug}/runs/${again.id}`)).json().status !== 'running', 'run ended');
    // run.succeeded is published after the commit that the status read sees: wait for it.
    const published = (id: string) => seen.some((e) => e.type === 'run.succeeded' && e.data.runId === id);
    await until(async () => published(run.id) && published(again.id), 'run.succeeded published');
    expect(seen.slice(from).filter((e) => e.type === 'credits.low')).toHaveLength(1);
    const succeeded = seen.slice(from).filter((e) => e.type === 'run.succeeded');
    expect(succeeded.map((e) => e.data.runId)).toEqual([run.id, again.id]);
    expect(succeeded[0]!.data).toMatchObject({ preset: 'smoke', samples: 1, status: 'succeeded', totals: { totalCalls: run.progress.totalCalls } });
  });

  it('score.changed: a run that moves the score beyond the intervals publishes it, and a score rule fires and mails', async () => {
    const ws = await workspace();
    await api('POST', `/api/v1/workspaces/${ws.slug}/credits/top-up`, { amountMicrousd: 5_000_000, idempotencyKey: `t-${ws.slug}` });
    const drop = await rule(ws.slug, { kind: 'score' });
    // Yesterday the brand was everywhere, with a tight interval: today's simulated answers are far below.
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
    const top = { value: 100, n: 400, interval: [99, 100] };
    const data = {
      engine: 'composite', score: 99.5, interval: [99, 100], answers: 400, weights: {}, missingComponents: [],
      components: Object.fromEntries(COMPONENTS.map((k) => [k, top])),
      scoreboard: [{ entityId: 'brand', name: 'Acme Analytics', kind: 'brand', rank: 1, score: 99.5, visibility: 100, visibilityInterval: [99, 100] }],
      metrics: { answers: 400 },
    };
    await ctx.database.db.execute(sql`insert into score_snapshots (workspace_id, engine, day, run_id, score, data, created_at)
      values (${ws.id}, 'composite', ${yesterday}, 'run_before', 99.5, ${JSON.stringify(data)}::jsonb, now())`);
    const from = seen.length;
    const run = (await api('POST', `/api/v1/workspaces/${ws.slug}/runs`, { preset: 'smoke' })).json();
    await until(async () => (await firings(ws.slug, drop.id)).length === 1, 'score rule fired');
    const changed = seen.slice(from).filter((e) => e.type === 'score.changed');
    expect(changed.map((e) => e.data.engine)).toEqual(['composite']); // only the composite had a before
    expect(changed[0]!.data).toMatchObject({ runId: run.id, previousDay: yesterday, significant: true, before: { value: 99.5, interval: [99, 100], n: 400 } });
    const after = changed[0]!.data.after as { value: number; interval: [number, number]; n: number };
    expect(after.interval[1]).toBeLessThan(99);
    expect(after.n).toBeGreaterThan(0);
    await until(async () => (await firings(ws.slug, drop.id))[0]!.mailStatus === 'sent', 'mail sent');
    expect(ctx.mails.some((m) => m.to === email && m.text.includes(run.id) === false && m.text.includes('dropped from 99.5'))).toBe(true);
  });

  it('run.failed: a run that ends failed publishes its error code and totals', async () => {
    const clock = manualClock(new Date());
    const config = testConfig();
    const apiOnly = await createTestApp({ clock, config: { ...config, pipeline: { ...config.pipeline, workers: 'off' } } as Config });
    try {
      const own = (await signup(apiOnly.app)).cookie;
      await createWorkspace(apiOnly.app, own, 'fails');
      const events: DomainEvent[] = [];
      apiOnly.app.events.subscribe((e) => void events.push(e));
      const run = (await apiOnly.app.inject({ method: 'POST', url: '/api/v1/workspaces/fails/runs', headers: { cookie: own }, payload: { preset: 'smoke' } })).json();
      clock.advance(31_000);
      expect(await apiOnly.app.maintenance.sweepJobs()).toBe(1);
      const failed = events.filter((e) => e.type === 'run.failed');
      expect(failed).toHaveLength(1);
      expect(failed[0]!.data).toMatchObject({
        runId: run.id, preset: 'smoke', samples: 1, status: 'failed', error: { code: 'worker_lost', message: 'no worker took the job' },
        totals: { totalCalls: run.progress.totalCalls, completedCalls: 0, answers: 0, failedCalls: 0 },
      });
      expect(await apiOnly.app.maintenance.sweepJobs()).toBe(0);
      expect(events.filter((e) => e.type === 'run.failed')).toHaveLength(1);
    } finally {
      await apiOnly.close();
    }
  });
});
