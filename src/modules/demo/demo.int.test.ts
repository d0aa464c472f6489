import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signup, type TestContext } from '../../../test/helpers/app.ts';
import { HISTORY_DAYS } from './demo.fns.ts';

// The demo workspace as a person gets it in one request: 90 days of daily simulated runs that
// the time series, the runs and the answers routes read as any history, recommendations in each
// state, every figure labelled simulated, and no credit spent.

let ctx: TestContext;
let cookie: string;
let demo: { slug: string; from: string; to: string; simulated: boolean; historyDays: number };
const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

beforeAll(async () => {
  ctx = await createTestApp();
  ({ cookie } = await signup(ctx.app));
  const started = performance.now();
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/demo-workspace', headers: { cookie } });
  // Recorded in docs/demo.md; never asserted (a loaded machine is slower).
  console.log(`demo workspace made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  expect(res.statusCode, res.body).toBe(201);
  demo = res.json();
}, 180_000);
afterAll(async () => ctx?.close());

describe('POST /api/v1/demo-workspace', () => {
  it('makes a workspace the person owns, labelled simulated', async () => {
    expect(demo).toMatchObject({ simulated: true, historyDays: HISTORY_DAYS, displayName: 'Brewline', languages: ['en', 'es'] });
    const list = (await get('/api/v1/workspaces')).json() as Array<{ id: string; role: string }>;
    expect(list).toEqual([expect.objectContaining({ id: demo.slug, role: 'owner' })]);
  });

  it('has 90 distinct days in the time series, each from a simulated run', async () => {
    const res = await get(`/api/v1/workspaces/${demo.slug}/timeseries?range=all`);
    expect(res.statusCode, res.body).toBe(200);
    const series = res.json() as { simulated: boolean; points: Array<{ date?: string; day?: string }> };
    const days = new Set(series.points.map((p) => p.date ?? p.day));
    expect(days.size).toBe(HISTORY_DAYS);
    expect([...days].sort()[0]).toBe(demo.from);
    expect([...days].sort().at(-1)).toBe(demo.to);
    expect(series.simulated).toBe(true);
  });

  it('lists its runs, one finished on each day, all simulated', async () => {
    const res = await get(`/api/v1/workspaces/${demo.slug}/runs?limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    const runs = res.json().runs as Array<{ status: string; finishedAt: string; simulated: boolean; simulatedShare: number }>;
    expect(runs).toHaveLength(HISTORY_DAYS);
    expect(new Set(runs.map((r) => r.finishedAt.slice(0, 10))).size).toBe(HISTORY_DAYS);
    expect(runs.every((r) => r.status === 'succeeded' && r.simulated && r.simulatedShare === 1)).toBe(true);
  });

  it('answers of the first and the last day are readable, in both languages', async () => {
    for (const day of [demo.from, demo.to]) {
      const res = await get(`/api/v1/workspaces/${demo.slug}/answers?from=${day}&to=${day}&limit=100`);
      expect(res.statusCode, res.body).toBe(200);
      const answers = res.json().answers as Array<{ simulated: boolean; language: string }>;
      expect(answers.length).toBeGreaterThan(0);
      expect(answers.every((a) => a.simulated)).toBe(true);
      expect(new Set(answers.map((a) => a.language))).toEqual(new Set(['en', 'es']));
    }
  });

  it('has recommendations in each state', async () => {
    const res = await get(`/api/v1/workspaces/${demo.slug}/recs`);
    expect(res.statusCode, res.body).toBe(200);
    const groups = res.json() as Record<string, unknown[]>;
    for (const status of ['proposed', 'todo', 'in_review', 'done', 'archived']) expect(groups[status]?.length, status).toBeGreaterThan(0);
  });

  it('costs no credit: no grant, no hold, no charge', async () => {
    const balance = (await get(`/api/v1/workspaces/${demo.slug}/credits/balance`)).json();
    expect(balance).toMatchObject({ postedMicrousd: 0, heldMicrousd: 0, availableMicrousd: 0 });
  });
});
