import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config } from '../../config.ts';
import { ENGINE_IDS } from '../engines/catalogue.ts';
import { manualClock } from '../../lib/clock.ts';
import { rawRows } from '../../lib/db.ts';
import type { DomainEvent } from '../events/events.hub.ts';
import { createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import { DEFAULT_CANARY_PROMPTS } from './canary-set.ts';
import { until as waitUntil } from '../../../test/helpers/wait.ts';

// A simulated model change — every simulated engine shifts its answer shape on SHIFT_DAY
// (prose instead of a list, longer, more citations, the brand named far less) with no model
// version change — is flagged by the canary prompts from their answers' features alone, and the
// significant score drop it causes is not raised as a brand alert: the firing says "possible
// engine change", as do the time series' points around it.

const day = (i: number) => new Date(Date.UTC(2026, 3, 1 + i)).toISOString().slice(0, 10);
const DAYS = 8;
const SHIFT = 6; // five days of baseline first (the change-point test's minimum), then the shift
const clock = manualClock(new Date(`${day(0)}T05:00:00Z`));
const base = testConfig();
const config: Config = { ...base, canaries: { enabled: true, prompts: [...DEFAULT_CANARY_PROMPTS], samples: 2 } };
let ctx: TestContext;
let cookie: string;
const events: DomainEvent[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ clock, config, simulatedShift: { from: day(SHIFT) } });
  ctx.app.events.subscribe((e) => void events.push(e));
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'canary-home'); // holds the free grant
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const until = <T>(check: () => Promise<T | null | undefined | false>, what: string) => waitUntil(check, Boolean, what) as Promise<T>;

describe('canary prompts', () => {
  it('flag the simulated model change on its day; the score drop it causes says "possible engine change"', async () => {
    const slug = 'canary-ws';
    await createWorkspace(ctx.app, cookie, slug);
    await api('POST', `/api/v1/workspaces/${slug}/credits/top-up`, { amountMicrousd: 50_000_000, idempotencyKey: `t-${slug}` });
    expect((await api('PUT', `/api/v1/workspaces/${slug}/schedule`, { cron: '0 6 * * *', timeZone: 'UTC', preset: 'lite' })).statusCode).toBe(200);
    expect((await api('POST', `/api/v1/workspaces/${slug}/alerts`, { kind: 'score', direction: 'any' })).statusCode).toBe(201);
    const [ws] = await rawRows<{ id: string }>(ctx.database.db, sql`select id from workspaces where slug = ${slug}`);

    for (let i = 0; i < DAYS; i++) {
      clock.set(new Date(`${day(i)}T06:00:30Z`));
      expect((await ctx.app.maintenance.tickSchedules()).started).toBe(1);
      // The day's run has ended and its score move (if any) has been evaluated by the alerts.
      await until(async () => events.some((e) => e.type === 'run.succeeded' && e.occurredAt.toISOString().startsWith(day(i))), `run of ${day(i)}`);
      await until(async () => (await rawRows(ctx.database.db, sql`select 1 from alert_events where workspace_id = ${ws!.id}`)).length === 0 && events.filter((e) => e.type === 'run.succeeded').length === i + 1, 'alert evaluation');
    }

    // The canaries flagged every engine on the shift day, and nothing before or after it.
    const changes = (await api('GET', `/api/v1/workspaces/${slug}/engine-changes`)).json();
    expect(changes).toMatchObject({ enabled: true, prompts: 3, samples: 2, radiusDays: 2 });
    expect(changes.changes.map((c: { engine: string; day: string }) => `${c.engine}@${c.day}`).sort()).toEqual(ENGINE_IDS.map((e) => `${e}@${day(SHIFT)}`).sort());
    for (const c of changes.changes) expect(c.reasons.map((r: { feature: string }) => r.feature)).not.toContain('modelVersion');
    expect(changes.rounds[0]).toMatchObject({ day: day(DAYS - 1), calls: ENGINE_IDS.length * 3 * 2, failed: 0 });

    // The canaries are the service's own: in no workspace's results, charged to none.
    const [counts] = await rawRows<{ results: number; canaries: number; calls: number }>(ctx.database.db, sql`
      select (select count(*)::int from run_results where prompt_text in (${sql.join(DEFAULT_CANARY_PROMPTS.map((p) => sql`${p}`), sql`, `)})) as results,
        (select count(*)::int from canary_answers) as canaries,
        (select coalesce(sum(completed_calls), 0)::int from jobs where workspace_id = ${ws!.id} and kind = 'measurement') as calls`);
    expect(counts).toEqual({ results: 0, canaries: DAYS * ENGINE_IDS.length * 3 * 2, calls: Number((await rawRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from run_results where workspace_id = ${ws!.id}`))[0]!.n) });

    // The shift moved the brand's score significantly on its day: fired, but as a possible engine change.
    const [rule] = (await api('GET', `/api/v1/workspaces/${slug}/alerts`)).json().alerts;
    const firings = (await api('GET', `/api/v1/workspaces/${slug}/alerts/${rule.id}/firings`)).json().firings as Array<{ reason: string; figures: Record<string, any>; possibleEngineChange: unknown[] }>;
    const onShift = firings.filter((f) => f.figures.day === day(SHIFT));
    expect(onShift).toHaveLength(1);
    expect(onShift[0]!.figures.delta).toBeLessThan(0);
    expect(onShift[0]!.reason).toMatch(/^Possible engine change: the canary prompts flag /);
    expect(onShift[0]!.figures.possibleEngineChange).toHaveLength(ENGINE_IDS.length);
    expect(onShift[0]!.possibleEngineChange).toHaveLength(ENGINE_IDS.length);
    // No significance alert within the flag's days is left reading as the brand's own move.
    for (const f of firings.filter((x) => x.figures.day >= day(SHIFT - 2) && x.figures.day <= day(SHIFT + 2))) expect(f.possibleEngineChange.length).toBeGreaterThan(0);
    const fired = events.filter((e) => e.type === 'alert.fired' && (e.data.figures as { day?: string }).day === day(SHIFT));
    expect((fired[0]!.data.reason as string)).toContain('Possible engine change');

    // The time series marks the days around the flag, and lists the flags.
    const series = (await api('GET', `/api/v1/workspaces/${slug}/timeseries?range=28d`)).json();
    expect(series.engineChanges).toHaveLength(ENGINE_IDS.length);
    const marked = series.points.filter((p: { possibleEngineChange?: unknown[] }) => p.possibleEngineChange?.length).map((p: { date: string }) => p.date);
    expect(marked).toEqual([day(SHIFT - 2), day(SHIFT - 1), day(SHIFT), day(SHIFT + 1)]);
    const one = (await api('GET', `/api/v1/workspaces/${slug}/timeseries?range=28d&engine=claude`)).json();
    expect(one.engineChanges.map((c: { engine: string }) => c.engine)).toEqual(['claude']);
  });
});
