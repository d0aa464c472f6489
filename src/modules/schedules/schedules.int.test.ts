import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { manualClock } from '../../lib/clock.ts';
import { openPostgres, type Database } from '../../lib/db.ts';
import type { DomainEvent } from '../events/events.hub.ts';
import { activeKey, createTestApp, createWorkspace, driver, openTestDatabase, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';

// Schedules through the API and the tick, driven by an injected clock (no waiting for a minute).
// Workers are off: runs stay `running`, so "one already running" and the global cap are easy to reach.

const T0 = new Date('2026-03-02T05:00:00Z');
const clock = manualClock(T0);
const base = testConfig();
const config = { ...base, pipeline: { ...base.pipeline, workers: 'off', maxJobs: 3 } } as Config;
let ctx: TestContext;
let cookie: string;
const events: DomainEvent[] = [];
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({ clock, config });
  ctx.app.events.subscribe((e) => void events.push(e));
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'first'); // holds the user's free grant
});
afterAll(() => ctx.close());

type Method = 'GET' | 'PUT' | 'DELETE' | 'POST';
const api = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = { cookie }, app = ctx.app) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
async function workspace({ funded = true, app = ctx.app, who = cookie } = {}) {
  const slug = `s-${++n}`;
  await createWorkspace(app, who, slug);
  if (funded) await api('POST', `/api/v1/workspaces/${slug}/credits/top-up`, { amountMicrousd: 50_000_000, idempotencyKey: `t-${slug}` }, { cookie: who }, app);
  return slug;
}
const schedule = (slug: string, body: Record<string, unknown> = { cron: '0 6 * * *', timeZone: 'UTC', preset: 'smoke' }, app = ctx.app, who = cookie) =>
  api('PUT', `/api/v1/workspaces/${slug}/schedule`, body, { cookie: who }, app);
const runsOf = async (slug: string, app = ctx.app, who = cookie) => (await api('GET', `/api/v1/workspaces/${slug}/runs`, undefined, { cookie: who }, app)).json().runs;
// A cancelled run holds its pipeline slot until its worker stops it: wait for that, so the next
// test starts with the cap free (on PostgreSQL the stop can trail the DELETE).
const cancelAll = async (slug: string) => {
  for (const run of await runsOf(slug)) if (run.status === 'running') await api('DELETE', `/api/v1/workspaces/${slug}/runs/${run.id}`);
  for (let i = 0; i < 400 && (await runsOf(slug)).some((run: { status: string }) => run.status === 'running'); i++) await new Promise((r) => setTimeout(r, 25));
};
// A test's schedules would otherwise come due in a later test and take pipeline slots there
// (which of them the tick reaches first differs between PGlite and PostgreSQL).
const retire = async (slug: string) => {
  await api('DELETE', `/api/v1/workspaces/${slug}/schedule`);
  await cancelAll(slug);
};

describe('schedule CRUD', () => {
  it('PUT sets, GET reads with the next due time in the zone, DELETE removes', async () => {
    clock.set(T0);
    const slug = await workspace({ funded: false });
    expect((await api('GET', `/api/v1/workspaces/${slug}/schedule`)).json().error.code).toBe('not_found');
    const put = await schedule(slug, { cron: '0  6 * * 1-5', timeZone: 'europe/paris', preset: 'lite', samples: 2, batch: true });
    expect(put.statusCode).toBe(200);
    // Monday 2 March 2026, 05:00Z is 06:00 in Paris (CET): strictly after now, so Tuesday.
    expect(put.json()).toEqual({ cron: '0 6 * * 1-5', timeZone: 'Europe/Paris', preset: 'lite', samples: 2, sampling: null, batch: true, nextRunAt: '2026-03-03T05:00:00.000Z', lastRun: null, history: [] });
    expect((await api('GET', `/api/v1/workspaces/${slug}/schedule`)).json()).toEqual(put.json());
    const replaced = await schedule(slug, { cron: '@hourly', timeZone: 'UTC', preset: 'smoke' });
    expect(replaced.json()).toMatchObject({ cron: '@hourly', samples: 1, batch: false, nextRunAt: '2026-03-02T06:00:00.000Z' });
    expect((await api('DELETE', `/api/v1/workspaces/${slug}/schedule`)).statusCode).toBe(204);
    expect((await api('DELETE', `/api/v1/workspaces/${slug}/schedule`)).statusCode).toBe(404);
    expect((await api('GET', `/api/v1/workspaces/${slug}/schedule`)).statusCode).toBe(404);
    // Asked whether there is one: no schedule is 204 with no body, not an error.
    const optional = await api('GET', `/api/v1/workspaces/${slug}/schedule?optional=true`);
    expect([optional.statusCode, optional.body]).toEqual([204, '']);
  });

  it('bad cron expressions and time zones are 400s naming the field', async () => {
    const slug = await workspace({ funded: false });
    const cases: Array<[Record<string, unknown>, string[], RegExp]> = [
      [{ cron: 'every day', timeZone: 'UTC', preset: 'smoke' }, ['cron'], /five fields/],
      [{ cron: '*/5 * * * *', timeZone: 'UTC', preset: 'smoke' }, ['cron'], /at most hourly/],
      [{ cron: '0 6 * * *', timeZone: 'Mars/Olympus', preset: 'smoke' }, ['timeZone'], /IANA/],
      [{ cron: '0 99 * * *', timeZone: 'Nowhere', preset: 'smoke' }, ['cron', 'timeZone'], /body\.cron.*body\.timeZone/],
    ];
    for (const [body, fields, message] of cases) {
      const res = await schedule(slug, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
      expect(res.json().error.message).toMatch(message);
      expect(res.json().error.details.fields.map((f: { field: string }) => f.field)).toEqual(fields);
    }
    for (const body of [
      { cron: '0 6 * * *', timeZone: 'UTC', preset: 'huge' },
      { cron: '0 6 * * *', timeZone: 'UTC', preset: 'smoke', samples: 11 },
      { cron: '0 6 * * *', timeZone: 'UTC', preset: 'smoke', extra: true },
      { cron: '0 6 * * *', preset: 'smoke' },
    ]) {
      expect((await schedule(slug, body)).statusCode).toBe(400);
    }
    expect((await api('GET', `/api/v1/workspaces/${slug}/schedule`)).statusCode).toBe(404);
  });

  it('settings:read reads, settings:write writes; other workspaces are 404', async () => {
    const slug = await workspace({ funded: false });
    await schedule(slug);
    const reader = await activeKey(ctx.app, cookie, slug, { scopes: ['settings:read'] });
    expect((await api('GET', `/api/v1/workspaces/${slug}/schedule`, undefined, reader.bearer)).statusCode).toBe(200);
    const denied = await api('PUT', `/api/v1/workspaces/${slug}/schedule`, { cron: '0 7 * * *', timeZone: 'UTC', preset: 'smoke' }, reader.bearer);
    expect(denied.json().error.code).toBe('insufficient_scope');
    expect((await api('DELETE', `/api/v1/workspaces/${slug}/schedule`, undefined, reader.bearer)).statusCode).toBe(403);
    const writer = await activeKey(ctx.app, cookie, slug, { scopes: ['settings:write'] });
    expect((await api('PUT', `/api/v1/workspaces/${slug}/schedule`, { cron: '0 7 * * *', timeZone: 'UTC', preset: 'smoke' }, writer.bearer)).statusCode).toBe(200);
    const stranger = (await signup(ctx.app)).cookie;
    expect((await api('GET', `/api/v1/workspaces/${slug}/schedule`, undefined, { cookie: stranger })).json().error.code).toBe('workspace_not_found');
    expect((await api('GET', `/api/v1/workspaces/${slug}/schedule`, undefined, {})).statusCode).toBe(401);
    expect((await api('DELETE', `/api/v1/workspaces/${slug}/schedule`, undefined, writer.bearer)).statusCode).toBe(204);
  });
});

describe('the tick', () => {
  it('starts the due run once, as POST …/runs would (preset, samples, credit hold), then waits for the next due time', async () => {
    clock.set(T0);
    const slug = await workspace();
    await schedule(slug, { cron: '0 6 * * *', timeZone: 'UTC', preset: 'smoke', samples: 2 });
    expect(await ctx.app.maintenance.tickSchedules()).toEqual({ started: 0, skipped: 0 }); // not yet due
    clock.set(new Date('2026-03-02T06:00:20Z'));
    const counts = await ctx.app.maintenance.tickSchedules();
    expect(counts.started).toBeGreaterThanOrEqual(1);
    const [run] = await runsOf(slug);
    expect(run).toMatchObject({ status: 'running', samples: 2, kind: 'measurement' });
    const balance = (await api('GET', `/api/v1/workspaces/${slug}/credits/balance`)).json();
    expect(balance.heldMicrousd).toBeGreaterThan(0);
    const read = (await api('GET', `/api/v1/workspaces/${slug}/schedule`)).json();
    expect(read.nextRunAt).toBe('2026-03-03T06:00:00.000Z');
    expect(read.lastRun).toMatchObject({ dueAt: '2026-03-02T06:00:00.000Z', status: 'started', runId: run.id, reason: null });
    expect(read.history).toHaveLength(1);
    await ctx.app.maintenance.tickSchedules(); // same minute again: nothing more
    expect(await runsOf(slug)).toHaveLength(1);
    await retire(slug);
  });

  it('a due run that cannot start is recorded with the reason, announced once, and not retried', async () => {
    clock.set(T0);
    const poor = await workspace({ funded: false });
    const busy = await workspace();
    const blocked = await workspace();
    for (const slug of [poor, busy, blocked]) await schedule(slug, { cron: '0 6 * * *', timeZone: 'UTC', preset: 'smoke' });
    const running = (await api('POST', `/api/v1/workspaces/${busy}/runs`, { preset: 'smoke' })).json();
    // Fill the pipeline's cap (3) with runs of two other workspaces, leaving `busy`'s in it.
    const fillers = [await workspace(), await workspace()];
    for (const slug of fillers) expect((await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'smoke' })).statusCode).toBe(202);
    events.length = 0;
    clock.set(new Date('2026-03-02T06:00:05Z'));
    await ctx.app.maintenance.tickSchedules();
    const lastRun = async (slug: string) => (await api('GET', `/api/v1/workspaces/${slug}/schedule`)).json().lastRun;
    expect(await lastRun(poor)).toMatchObject({ status: 'skipped', runId: null, reason: 'pipeline_capacity_reached' });
    expect(await lastRun(blocked)).toMatchObject({ status: 'skipped', reason: 'pipeline_capacity_reached' });
    const busyLast = await lastRun(busy);
    expect(busyLast.status).toBe('skipped');
    expect(['job_already_running', 'pipeline_capacity_reached']).toContain(busyLast.reason); // its own running job or the full pipeline, whichever the start meets first
    const skipped = events.filter((e) => e.type === 'schedule.skipped');
    expect(skipped).toHaveLength(3);
    for (const event of skipped) {
      expect(event.data).toMatchObject({ dueAt: '2026-03-02T06:00:00.000Z', code: event.data.reason === 'job_already_running' ? 409 : 429, preset: 'smoke' });
    }
    expect(events.filter((e) => e.type !== 'schedule.skipped')).toEqual([]);

    // Not retried: ticks until the next due time do nothing, even with room in the pipeline.
    for (const slug of fillers) await cancelAll(slug);
    await cancelAll(busy);
    await api('POST', `/api/v1/workspaces/${busy}/runs`, { preset: 'smoke' });
    clock.set(new Date('2026-03-02T18:00:00Z'));
    expect(await ctx.app.maintenance.tickSchedules()).toEqual({ started: 0, skipped: 0 });
    expect(events.filter((e) => e.type === 'schedule.skipped')).toHaveLength(3);

    // The next due time: no credits is 402, one already running is 409.
    events.length = 0;
    clock.set(new Date('2026-03-03T06:00:01Z'));
    const next = await ctx.app.maintenance.tickSchedules();
    expect(next.skipped).toBeGreaterThanOrEqual(2);
    expect(await lastRun(poor)).toMatchObject({ status: 'skipped', reason: 'insufficient_credits', dueAt: '2026-03-03T06:00:00.000Z' });
    expect(await lastRun(busy)).toMatchObject({ status: 'skipped', reason: 'job_already_running' });
    expect(await lastRun(blocked)).toMatchObject({ status: 'started' });
    const announced = events.map((e) => [e.data.reason, e.data.code, e.data.dueAt]).sort();
    expect(announced).toEqual([['insufficient_credits', 402, '2026-03-03T06:00:00.000Z'], ['job_already_running', 409, '2026-03-03T06:00:00.000Z']]);
    expect((await api('GET', `/api/v1/workspaces/${poor}/schedule`)).json().history.map((h: { reason: string }) => h.reason))
      .toEqual(['insufficient_credits', 'pipeline_capacity_reached']);
    for (const slug of [poor, busy, blocked]) await retire(slug);
  });

  it('due times missed while nothing ran start one run, not one per missed time', async () => {
    clock.set(T0);
    const slug = await workspace();
    await schedule(slug, { cron: '0 * * * *', timeZone: 'UTC', preset: 'smoke' });
    clock.set(new Date('2026-03-02T11:30:00Z')); // 06:00 … 11:00 all missed
    await ctx.app.maintenance.tickSchedules();
    expect(await runsOf(slug)).toHaveLength(1);
    expect((await api('GET', `/api/v1/workspaces/${slug}/schedule`)).json()).toMatchObject({ nextRunAt: '2026-03-02T12:00:00.000Z', history: [{ dueAt: '2026-03-02T06:00:00.000Z' }] });
    await retire(slug);
  });
});

describe('ticks from two app instances at once', () => {
  let other: TestContext;
  let database: Database;
  let second: Database | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    // On PostgreSQL each instance has a pool of its own, as two processes would.
    second = driver() === 'postgres' ? openPostgres((database as Database & { url: string }).url) : undefined;
    other = await createTestApp({ clock, config: { ...config, pipeline: { ...config.pipeline, maxJobs: 32 } } as Config }, database);
  });
  afterAll(async () => {
    await other.close();
    await second?.close();
    await database.close();
  });

  it('start each due run once', async () => {
    clock.set(T0);
    const twin = await createTestApp({ clock, config: { ...config, pipeline: { ...config.pipeline, maxJobs: 32 } } as Config }, second ?? database);
    try {
      const who = (await signup(other.app)).cookie;
      const slugs: string[] = [];
      for (let i = 0; i < 8; i++) {
        const slug = await workspace({ app: other.app, who });
        expect((await schedule(slug, { cron: '0 6 * * *', timeZone: 'UTC', preset: 'smoke' }, other.app, who)).statusCode).toBe(200);
        slugs.push(slug);
      }
      clock.set(new Date('2026-03-02T06:00:00Z'));
      const results = await Promise.all([other.app, twin.app, other.app, twin.app].map((app) => app.maintenance.tickSchedules()));
      expect(results.reduce((sum, r) => sum + r.started, 0)).toBe(8);
      expect(results.reduce((sum, r) => sum + r.skipped, 0)).toBe(0);
      for (const slug of slugs) {
        expect(await runsOf(slug, other.app, who)).toHaveLength(1);
        const read = (await api('GET', `/api/v1/workspaces/${slug}/schedule`, undefined, { cookie: who }, twin.app)).json();
        expect(read.history).toHaveLength(1);
      }
    } finally {
      await twin.close();
    }
  });
});
