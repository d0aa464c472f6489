import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';

// Scores and time series never mix surfaces silently: the composite says `mixed` when it pools API
// engines with consumer-product ones, `?surface=` pools one surface on its own (its n adds up to
// the composite's), the CSV carries the surface on every row, and the methodology stamp agrees.

const clock = manualClock(new Date('2026-10-05T10:00:00Z'));
let ctx: TestContext;
let cookie: string;
let detail: { engines: Array<{ engine: string; prompts: Array<{ error: string | null }> }> };
const get = (url: string) => ctx.app.inject({ url: `/api/v1/workspaces/surfaced/${url}`, headers: { cookie } });

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'surfaced');
  await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/surfaced/credits/top-up', headers: { cookie }, payload: { amountMicrousd: 100_000_000, idempotencyKey: 'surfaces' } });
  const started = (await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/surfaced/runs', headers: { cookie }, payload: { preset: 'lite' } })).json();
  let status = 'running';
  for (let i = 0; i < 400 && status === 'running'; i++) {
    status = (await get(`runs/${started.id}`)).json().status;
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(status).toBe('succeeded');
  detail = (await get(`runs/${started.id}/detail`)).json();
}, 120_000);
afterAll(() => ctx.close());

const answersOf = (engines: string[]) => detail.engines.filter((e) => engines.includes(e.engine)).flatMap((e) => e.prompts.filter((p) => !p.error)).length;

describe('surfaces in scores and time series', () => {
  it('the composite pools both and says mixed; each surface is scored on its own and their n add up', async () => {
    const all = (await get('score')).json();
    expect(all.surface).toBe('mixed');
    const api = (await get('score?surface=api')).json();
    const product = (await get('score?surface=product')).json();
    expect(api).toMatchObject({ surface: 'api', engine: 'composite', n: answersOf(['chatgpt', 'perplexity', 'gemini', 'claude']) });
    expect(product).toMatchObject({ surface: 'product', n: answersOf(['google-aio']) });
    expect(api.n + product.n).toBe(all.n);
    expect((await get('methodology')).json().surface).toBe(all.surface);
  });

  it('the time series names its surface: mixed for the composite, the engine’s own, or the one asked', async () => {
    expect((await get('timeseries')).json()).toMatchObject({ engine: 'composite', surface: 'mixed' });
    expect((await get('timeseries?engine=google-aio')).json()).toMatchObject({ surface: 'product' });
    const product = (await get('timeseries?surface=product')).json();
    expect(product).toMatchObject({ engine: 'composite', surface: 'product', answers: answersOf(['google-aio']) });
    expect(product.points[0].n).toBe(answersOf(['google-aio']));
    const entities = (await get('timeseries/entities?surface=api')).json();
    expect(entities).toMatchObject({ surface: 'api' });
    expect(entities.entities[0].points[0].n).toBe(answersOf(['chatgpt', 'perplexity', 'gemini', 'claude']));
  });

  it('every engine\'s series in one response: the composite first, each as its own route answers it, of the surface asked', async () => {
    const engines = (s: { series: Array<{ engine: string }> }) => s.series.map((one) => one.engine);
    const all = (await get('timeseries/engines?range=7d')).json();
    expect(all).toMatchObject({ workspace: 'surfaced', range: '7d', surface: null });
    expect(engines(all)).toEqual(['composite', 'chatgpt', 'perplexity', 'gemini', 'claude', 'google-aio']);
    for (const one of all.series) expect(one, one.engine).toEqual((await get(`timeseries?engine=${one.engine}&range=7d`)).json());
    const api = (await get('timeseries/engines?surface=api')).json();
    expect([api.range, api.surface, engines(api)]).toEqual(['28d', 'api', ['composite', 'chatgpt', 'perplexity', 'gemini', 'claude']]);
    expect(api.series[0]).toEqual((await get('timeseries?surface=api')).json());
    for (const query of ['range=30d', 'engine=chatgpt', 'surface=web', 'format=csv']) {
      const res = await get(`timeseries/engines?${query}`);
      expect([res.statusCode, res.json().error.code], query).toEqual([400, 'invalid_request']);
    }
  });

  it('CSV rows carry the surface', async () => {
    const series = await get('timeseries?surface=api&format=csv');
    expect(series.headers['content-type']).toMatch(/^text\/csv/);
    // RFC 4180: every record ends with CRLF, the last one included, and no bare LF.
    expect(series.body).toMatch(/\r\n$/);
    expect(series.body).not.toMatch(/[^\r]\n/);
    const [head, row] = series.body.trim().split('\r\n');
    expect(head).toBe('date,engine,surface,score,score_low,score_high,n,runs,simulated_share,missing_components,change_delta,change_significant,metric_version,definition_changed,possible_engine_change,grade');
    expect(row!.split(',').slice(0, 3)).toEqual(['2026-10-05', 'composite', 'api']);
    const score = await get('score?format=csv');
    expect(score.body.split('\r\n')[1]!.split(',').slice(1, 3)).toEqual(['composite', 'mixed']);
  });

  it('bad surface input is a clear 400; the per-surface composites are not engines of the overview', async () => {
    const wrong = await get('timeseries?engine=google-aio&surface=api');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toMatch(/google-aio is measured on the product surface/);
    expect((await get('score?surface=both')).statusCode).toBe(400);
    expect((await get('timeseries?surface=')).statusCode).toBe(400);
    const metrics = (await get('metrics')).json();
    const engines = metrics.engines.map((e: { engine: string }) => e.engine);
    expect(engines).not.toContain('composite:api');
    expect(metrics.surface).toBe('mixed');
    expect(metrics.engines.find((e: { engine: string }) => e.engine === 'google-aio').surface).toBe('product');
    expect(metrics.engines.find((e: { engine: string }) => e.engine === 'chatgpt').surface).toBe('api');
    expect((await get('scoreboard')).json().surface).toBe('mixed');
  });
});
