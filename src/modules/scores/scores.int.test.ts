import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { activeKey, createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { ended } from '../../../test/helpers/wait.ts';

// Scores from runs of known (deterministic) simulated output, checked against the formulas
// applied independently to the run's detail.

const clock = manualClock(new Date('2026-09-01T10:00:00Z'));
let ctx: TestContext;
let cookie: string;

const get = (url: string) => ctx.app.inject({ url, headers: { cookie } });
async function run(slug: string, preset = 'lite') {
  const started = (await ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${slug}/runs`, headers: { cookie }, payload: { preset } })).json();
  return ended(async () => (await get(`/api/v1/workspaces/${slug}/runs/${started.id}`)).json(), 'the run');
}

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'scored');
  await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/scored/credits/top-up', headers: { cookie }, payload: { amountMicrousd: 100_000_000, idempotencyKey: 'scores' } });
});
afterAll(() => ctx.close());

interface Detail { engines: Array<{ engine: string; mentions: Array<{ entityId: string; answers: number }>; prompts: Array<{ error: string | null; brandMentioned: boolean; brandRank: number | null; brandSentiment: number | null; citations: Array<{ class: string }> }> }> }

function expected(detail: Detail, engine?: string) {
  const engines = detail.engines.filter((e) => !engine || e.engine === engine);
  const answers = engines.flatMap((e) => e.prompts.filter((p) => !p.error));
  const mentioned = answers.filter((a) => a.brandMentioned);
  const counts = new Map<string, number>();
  for (const e of engines) for (const m of e.mentions) counts.set(m.entityId, (counts.get(m.entityId) ?? 0) + m.answers);
  const top = Math.max(...counts.values());
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const citing = answers.filter((a) => a.citations.length);
  const tones = mentioned.map((a) => a.brandSentiment).filter((s): s is number => s !== null);
  const c = {
    visibility: (100 * mentioned.length) / answers.length,
    relativeSov: (100 * (counts.get('brand') ?? 0)) / top,
    position: 100 * mean(mentioned.map((a) => 1 / a.brandRank!)),
    sentiment: 50 * (1 + mean(tones)),
    volume: (100 * citing.filter((a) => a.citations.some((x) => x.class === 'owned')).length) / citing.length,
  };
  return { components: c, score: 0.25 * c.visibility + 0.35 * c.relativeSov + 0.15 * c.position + 0.1 * c.sentiment + 0.15 * c.volume };
}

describe('GEO score', () => {
  it('is 404 score_not_available before any run succeeded; 400 for a malformed date', async () => {
    for (const route of ['score', 'scoreboard', 'timeseries', 'timeseries/engines', 'metrics']) {
      const res = await get(`/api/v1/workspaces/scored/${route}`);
      expect([res.statusCode, res.json().error.code], route).toEqual([404, 'score_not_available']);
    }
    for (const date of ['2026-13-01', '2026-02-30', 'yesterday', '2026-9-1']) {
      expect((await get(`/api/v1/workspaces/scored/score?date=${date}`)).statusCode).toBe(400);
    }
  });

  it('after a run: the composite of the run’s answers with the spec weights, per engine too', async () => {
    const done = await run('scored');
    expect(done.status).toBe('succeeded');
    const detail = (await get(`/api/v1/workspaces/scored/runs/${done.id}/detail`)).json() as Detail;
    const score = (await get('/api/v1/workspaces/scored/score')).json();
    const want = expected(detail);
    expect(score).toMatchObject({ version: 'geo-score-v1', date: '2026-09-01', missingComponents: [], engine: 'composite' });
    expect(score.score).toBeCloseTo(want.score, 1);
    for (const [k, weight] of Object.entries({ visibility: 0.25, relativeSov: 0.35, position: 0.15, sentiment: 0.1, volume: 0.15 })) {
      expect(score.components[k].weight).toBeCloseTo(weight, 6);
      expect(score.components[k].value).toBeCloseTo(want.components[k as keyof typeof want.components], 2);
    }
    expect(score.sampleSizes.visibility.n).toBe(250);
    expect(score.sampleSizes.visibility.interval[0]).toBeLessThan(score.components.visibility.value);
    expect((await get('/api/v1/w/scored/score')).json()).toEqual(score);

    const gemini = (await get('/api/v1/workspaces/scored/timeseries?engine=gemini&range=7d')).json();
    expect(gemini.points).toHaveLength(1);
    expect(gemini.points[0].score).toBeCloseTo(expected(detail, 'gemini').score, 1);
  });

  it('keeps a snapshot per day pooling every succeeded run of it (n adds up); `date` picks the latest on or before it', async () => {
    clock.set(new Date('2026-09-03T09:00:00Z'));
    const first = await run('scored', 'smoke');
    const smoke = (await get('/api/v1/workspaces/scored/score')).json();
    expect(smoke).toMatchObject({ n: 10, runs: 1, simulatedShare: 1, simulated: true });
    const second = await run('scored');
    const details = await Promise.all([first, second].map(async (r) => (await get(`/api/v1/workspaces/scored/runs/${r.id}/detail`)).json() as Detail));
    const pooled = { engines: details.flatMap((d) => d.engines) };
    const today = (await get('/api/v1/workspaces/scored/score')).json();
    expect(today).toMatchObject({ date: '2026-09-03', n: 260, runs: 2, prompts: 50, simulatedShare: 1, simulated: true });
    expect(today.score).toBeCloseTo(expected(pooled).score, 1);
    expect(today.sampleSizes.visibility.n).toBe(260);
    expect(today.interval[0]).toBeLessThanOrEqual(today.score);
    expect(today.interval[1]).toBeGreaterThanOrEqual(today.score);
    expect(today.change).toMatchObject({ previousDate: '2026-09-01', significant: expect.any(Boolean) });
    expect((await get('/api/v1/workspaces/scored/score?date=2026-09-02')).json().date).toBe('2026-09-01');
    expect((await get('/api/v1/workspaces/scored/score?date=2026-08-31')).json().error.code).toBe('score_not_available');

    const series = (await get('/api/v1/workspaces/scored/timeseries')).json();
    expect(series).toMatchObject({ engine: 'composite', range: '28d', to: '2026-09-03', answers: 250 + 260, simulatedShare: 1, simulated: true });
    expect(series.points[1]).toMatchObject({ n: 260, runs: 2, simulatedShare: 1, simulated: true, interval: today.interval, change: today.change });
    expect(series.points.map((p: { date: string }) => p.date)).toEqual(['2026-09-01', '2026-09-03']);
    expect(Object.keys(series.points[0].components)).toEqual(['visibility', 'relativeSov', 'position', 'sentiment', 'volume']);
    expect((await get('/api/v1/w/scored/timeseries?range=all')).json().points).toHaveLength(2);
    clock.set(new Date('2026-09-08T09:00:00Z'));
    expect((await get('/api/v1/workspaces/scored/timeseries?range=7d')).json().points.map((p: { date: string }) => p.date)).toEqual(['2026-09-03']);
  });

  it.each([['engine=bing'], ['range=30d'], ['range=all&engine=composite&x=1']])('timeseries 400 for %s', async (query) => {
    expect((await get(`/api/v1/workspaces/scored/timeseries?${query}`)).statusCode).toBe(400);
  });
});

describe('scoreboard and metrics', () => {
  it('ranks the brand and every competitor by the same formula', async () => {
    const board = (await get('/api/v1/workspaces/scored/scoreboard')).json();
    expect(board.entities).toHaveLength(3);
    expect(board.entities.map((e: { rank: number }) => e.rank)).toEqual([1, 2, 3]);
    const scores = board.entities.map((e: { score: number }) => e.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const brand = board.entities.find((e: { kind: string }) => e.kind === 'brand');
    expect(brand.score).toBeCloseTo((await get('/api/v1/workspaces/scored/score')).json().score, 6);
    expect(board.entities.reduce((sum: number, e: { shareOfVoice: number }) => sum + e.shareOfVoice, 0)).toBeCloseTo(100, 1);
    for (const e of board.entities) expect(e).toMatchObject({ citations: expect.any(Number), visibilityInterval: [expect.any(Number), expect.any(Number)], shareOfVoiceInterval: [expect.any(Number), expect.any(Number)] });
    expect(board).toMatchObject({ answers: 260, runs: 2, simulatedShare: 1, simulated: true });
  });

  it('overview: rates with intervals, top cited domains by class, engines, and the change with its significance', async () => {
    const metrics = (await get('/api/v1/workspaces/scored/metrics')).json();
    expect(metrics).toMatchObject({ workspace: 'scored', date: '2026-09-03', answers: 260, runs: 2, simulatedShare: 1, simulated: true });
    expect(metrics.engines.every((e: { simulated: boolean }) => e.simulated)).toBe(true);
    expect(metrics.mentionRate.interval).toHaveLength(2);
    expect(Object.keys(metrics.topCitedDomains)).toEqual(['owned', 'competitor', 'thirdParty']);
    expect(metrics.topCitedDomains.owned[0].domain).toBe('acme.com');
    expect(metrics.engines.map((e: { engine: string }) => e.engine)).toEqual(['chatgpt', 'claude', 'gemini', 'google-aio', 'perplexity']);
    expect(metrics.change).toMatchObject({ previousDate: '2026-09-01', mentionRate: { significant: expect.any(Boolean) } });
    expect(metrics.change.score.delta).toBeCloseTo(metrics.change.score.current - metrics.change.score.previous, 1);
  });

  it('needs metrics:read', async () => {
    const key = await activeKey(ctx.app, cookie, 'scored', { scopes: ['runs:read'] });
    expect((await ctx.app.inject({ url: '/api/v1/workspaces/scored/score', headers: key.bearer })).json().error.code).toBe('insufficient_scope');
    const reader = await activeKey(ctx.app, cookie, 'scored', { scopes: ['metrics:read'] });
    expect((await ctx.app.inject({ url: '/api/v1/w/scored/score', headers: reader.bearer })).statusCode).toBe(200);
  });
});
