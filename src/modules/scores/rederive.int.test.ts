import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { rawRows } from '../../lib/db.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { ended } from '../../../test/helpers/wait.ts';

// Re-derivable metrics: snapshots recomputed from the stored raw answers. Under the
// definition they were written with they come out exactly as the runs wrote them; under another
// the time series marks the day the definition changes, and later runs continue it.

const clock = manualClock(new Date('2026-05-04T09:00:00Z'));
let ctx: TestContext;
let cookie: string;
const slug = 'rederive';

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'rederive-home'); // holds the free grant
  await createWorkspace(ctx.app, cookie, slug);
  await api('POST', `/api/v1/workspaces/${slug}/credits/top-up`, { amountMicrousd: 50_000_000, idempotencyKey: `t-${slug}` });
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
const jobEnded = (path: string) => ended(async () => (await api('GET', path)).json(), path);
async function run(day: string) {
  clock.set(new Date(`${day}T09:00:00Z`));
  const started = await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'lite' });
  expect(started.statusCode, started.body).toBe(202);
  expect((await jobEnded(`/api/v1/workspaces/${slug}/runs/${started.json().id}`)).status).toBe('succeeded');
}
async function rederive(body: Record<string, unknown>) {
  const res = await api('POST', `/api/v1/workspaces/${slug}/scores/rederive`, body);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toMatchObject({ kind: 'score_rederive', status: 'running', progress: { source: 'days' } });
  return jobEnded(`/api/v1/workspaces/${slug}/jobs/${res.json().id}`);
}
const snapshots = () => rawRows<Record<string, unknown>>(ctx.database.db, sql`
  select engine, day, run_id, score, component_values, missing_components, point, data, answers, simulated_answers, stats, metric_version
  from score_snapshots where workspace_id = (select id from workspaces where slug = ${slug}) order by day, engine`);

describe('re-derivation', () => {
  it('under the current definition reproduces the runs\' snapshots exactly; under another the series marks the change', async () => {
    await run('2026-05-04');
    await run('2026-05-04'); // two runs pooled in one day
    await run('2026-05-05');
    const written = await snapshots();
    expect(written.length).toBeGreaterThan(2);
    expect(new Set(written.map((r) => r.metric_version))).toEqual(new Set(['geo-score-v1']));

    clock.set(new Date('2026-05-05T12:00:00Z'));
    const job = await rederive({ metricVersion: 'geo-score-v1' });
    expect(job).toMatchObject({ status: 'succeeded', progress: { completedCalls: 2, totalCalls: 2, percent: 100 } });
    expect(await snapshots()).toEqual(written);
    // Rewritten, not skipped: every row carries the re-derivation's time.
    const [stamped] = await rawRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from score_snapshots where workspace_id = (select id from workspaces where slug = ${slug}) and created_at = '2026-05-05T12:00:00Z'`);
    expect(stamped!.n).toBe(written.length);

    // geo-score-v2 from the second day: the stored answers analysed again with today's settings.
    expect((await rederive({ metricVersion: 'geo-score-v2', from: '2026-05-05' })).status).toBe('succeeded');
    const after = await snapshots();
    expect(after.filter((r) => r.day === '2026-05-04')).toEqual(written.filter((r) => r.day === '2026-05-04'));
    expect(new Set(after.filter((r) => r.day === '2026-05-05').map((r) => r.metric_version))).toEqual(new Set(['geo-score-v2']));

    const series = (await api('GET', `/api/v1/workspaces/${slug}/timeseries?range=28d`)).json();
    expect(series.version).toBe('geo-score-v2');
    expect(series.definitionChanges).toEqual([{ date: '2026-05-05', from: 'geo-score-v1', to: 'geo-score-v2' }]);
    expect(series.points.map((p: Record<string, unknown>) => [p.date, p.metricVersion, p.definitionChanged ?? null])).toEqual([
      ['2026-05-04', 'geo-score-v1', null],
      ['2026-05-05', 'geo-score-v2', { from: 'geo-score-v1', to: 'geo-score-v2' }],
    ]);
    // The last column is the stamp's grade; the three before it say the definition and engine changes.
    const csv = (await api('GET', `/api/v1/workspaces/${slug}/timeseries?range=28d&format=csv`)).body.trim().split('\r\n').map((l) => l.split(',').slice(-4, -1));
    expect(csv).toEqual([['metric_version', 'definition_changed', 'possible_engine_change'], ['geo-score-v1', '', ''], ['geo-score-v2', 'geo-score-v1 to geo-score-v2', '']]);
    // A later run continues the workspace's definition: no marker on its day.
    await run('2026-05-06');
    const next = (await api('GET', `/api/v1/workspaces/${slug}/timeseries?range=28d`)).json();
    expect(next.points.at(-1)).toMatchObject({ date: '2026-05-06', metricVersion: 'geo-score-v2' });
    expect(next.points.at(-1)).not.toHaveProperty('definitionChanged');
    expect((await api('GET', `/api/v1/workspaces/${slug}/score`)).json().version).toBe('geo-score-v2');
    const defs = (await api('GET', `/api/v1/workspaces/${slug}/scores/definitions`)).json();
    expect(defs).toMatchObject({ current: 'geo-score-v1', definitions: [{ version: 'geo-score-v1', analysis: 'stored', days: 1 }, { version: 'geo-score-v2', analysis: 'reanalysed', days: 2 }] });
  });

  it('bad input is a 4xx in the envelope', async () => {
    const post = (body: unknown) => api('POST', `/api/v1/workspaces/${slug}/scores/rederive`, body);
    for (const body of [{}, { metricVersion: 'geo-score-v9' }, { metricVersion: 'geo-score-v1', from: 'yesterday' }, { metricVersion: 'geo-score-v1', extra: 1 }]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    }
    expect((await post({ metricVersion: 'geo-score-v1', from: '2026-05-06', to: '2026-05-01' })).json().error).toMatchObject({ code: 'invalid_request' });
    const none = await post({ metricVersion: 'geo-score-v1', to: '2020-01-01' });
    expect([none.statusCode, none.json().error.code]).toEqual([404, 'score_not_available']);
  });
});
