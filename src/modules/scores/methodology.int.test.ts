import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { jobWhenDone } from '../../../test/helpers/fixture-site.ts';

// The methodology stamp through the API: the same day and n as the score, the surface named, the
// simulated engines' model versions, and the grade with its reasons.

let ctx: TestContext;
let cookie: string;
const get = (path: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/stamp/${path}`, headers: { cookie } });

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'stamp');
}, 60_000);
afterAll(() => ctx.close());

describe('GET …/methodology', () => {
  it('404 before any measurement, like the score', async () => {
    const res = await get('methodology');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('score_not_available');
  });

  it('stamps the day\'s score: same day and n, surfaces, model versions, grade and reasons', async () => {
    const run = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/stamp/runs', headers: { cookie }, payload: { preset: 'smoke' } });
    expect((await jobWhenDone(ctx.app, 'stamp', run.json().id, { cookie })).status).toBe('succeeded');
    const score = (await get('score')).json();
    const res = await get('methodology');
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json();
    expect(m).toMatchObject({ date: score.date, engine: 'composite', answers: score.n, surface: 'mixed', simulatedShare: 1, runDays: 1, grade: 'exploratory', metricVersion: 'geo-score-v1' });
    expect(m.engines.map((e: { engine: string }) => e.engine)).toEqual(['chatgpt', 'claude', 'gemini', 'google-aio', 'perplexity']);
    expect(m.engines.find((e: { engine: string }) => e.engine === 'chatgpt').modelVersions).toEqual(['simulated-chatgpt-1']);
    expect(m.reasons).toEqual(expect.arrayContaining(['simulated answers', 'platform coverage: surface not stated as one of api or product', 'cadence: runs on 1 distinct day, fewer than 4']));
    expect(m.prompts).toBe(Object.values(m.intentCoverage as Record<string, number>).reduce((s, n) => s + n, 0));

    const one = (await get('methodology?engine=chatgpt')).json();
    expect(one).toMatchObject({ engine: 'chatgpt', surface: 'api', unversionedShare: 0 });
    expect(one.answers).toBeLessThan(m.answers);
    expect((await get('methodology?engine=google-aio')).json()).toMatchObject({ surface: 'product', unversionedShare: 1 });
    expect((await get('methodology?date=nope')).statusCode).toBe(400);
    expect((await get('methodology?other=1')).statusCode).toBe(400);
  });

  it('rides as `stamp` on the score, scoreboard, metrics, series, sources views and CSV, with the same n', async () => {
    const { date, engine, cadenceDays, ...dayStamp } = (await get('methodology')).json();
    expect([date, engine, cadenceDays]).toEqual([expect.any(String), 'composite', 7]);
    const score = (await get('score')).json();
    expect(score.stamp).toEqual(dayStamp);
    expect((await get('scoreboard')).json().stamp).toEqual(dayStamp);
    expect((await get('metrics')).json().stamp).toEqual(dayStamp);
    expect((await get('score?surface=api')).json().stamp).toMatchObject({ surface: 'api', failedCriteria: expect.not.arrayContaining(['platform_coverage']) });

    const series = (await get('timeseries?range=7d')).json();
    expect(series.stamp).toMatchObject({ answers: series.answers, runDays: 1, grade: 'exploratory', dateRange: { from: series.from, to: series.to } });
    expect(series.stamp.failedCriteria).toEqual(expect.arrayContaining(['simulation', 'cadence', 'platform_coverage']));
    const one = (await get('timeseries?engine=chatgpt')).json();
    expect(one.stamp).toMatchObject({ surface: 'api', engines: [{ engine: 'chatgpt', modelVersions: ['simulated-chatgpt-1'] }] });
    expect((await get('timeseries/entities')).json().stamp.answers).toBe(series.answers);

    const domains = (await get('sources/domains')).json();
    expect(domains.stamp.answers).toBe(domains.answers);
    const csv = (await get('timeseries?format=csv')).body.trim().split('\r\n');
    const head = csv[0]!.split(',');
    const cells = csv[1]!.split(',');
    expect([cells[head.indexOf('grade')], cells[head.indexOf('metric_version')]]).toEqual(['exploratory', 'geo-score-v1']);
  });

  it('a stamp given again is still true: a new run of the same day shows in it at once', async () => {
    // Stamps are kept while their period's answers are unchanged (scores/stamps.ts); the test
    // clock does not move, so only the answers' count can tell the kept stamp is out of date.
    const before = (await get('timeseries?range=7d')).json();
    expect((await get('timeseries?range=7d')).json().stamp).toEqual(before.stamp);
    const dayBefore = (await get('score')).json().stamp;
    const run = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/stamp/runs', headers: { cookie }, payload: { preset: 'smoke' } });
    expect((await jobWhenDone(ctx.app, 'stamp', run.json().id, { cookie })).status).toBe('succeeded');
    const after = (await get('timeseries?range=7d')).json();
    expect(after.stamp.answers).toBe(after.answers);
    expect(after.stamp.answers).toBeGreaterThan(before.stamp.answers);
    const score = (await get('score')).json();
    expect(score.stamp.answers).toBe(score.n);
    expect(score.stamp.answers).toBeGreaterThan(dayBefore.answers);
  });
});
