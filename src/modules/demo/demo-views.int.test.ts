import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signup, type TestContext } from '../../../test/helpers/app.ts';
import { until } from '../../../test/helpers/wait.ts';

// The demo read by the agency's views: the portfolio lists it as simulated with its 90 days, a
// report is made from its history, and its access log is ingested as an upload is.

let ctx: TestContext;
let cookie: string;
let demo: { slug: string; from: string; to: string };
const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

beforeAll(async () => {
  ctx = await createTestApp();
  ({ cookie } = await signup(ctx.app));
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/demo-workspace', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(201);
  demo = res.json();
}, 180_000);
afterAll(async () => ctx?.close());

describe('the demo in the agency views', () => {
  it('the portfolio lists it, all simulated, measured from the first day of its history', async () => {
    const res = await get(`/api/v1/reports/portfolio?from=${demo.from}&to=${demo.to}&format=json`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ simulated: true, simulatedClients: 'all' });
    const row = body.rows.find((r: { workspace: string }) => r.workspace === demo.slug);
    expect(row).toMatchObject({ name: 'Brewline', day: demo.to, simulatedShare: 1 });
    expect(row.n).toBeGreaterThan(0);
    expect(row.change.firstDay).toBe(demo.from);
  });

  it('a report is made from its history, labelled simulated', { timeout: 180_000 }, async () => {
    const made = await ctx.app.inject({
      method: 'POST', url: `/api/v1/workspaces/${demo.slug}/reports`, headers: { cookie },
      payload: { type: 'visibility_summary', from: demo.from, to: demo.to },
    });
    expect(made.statusCode, made.body).toBe(202);
    const url = `/api/v1/workspaces/${demo.slug}/reports/${made.json().id}`;
    const ready = await until(async () => (await get(url)).json(), (item) => item.status === 'ready' || item.status === 'failed', 'the report');
    expect(ready.status).toBe('ready');
    const { report } = (await get(`${url}?format=json`)).json();
    expect(report).toMatchObject({ type: 'visibility_summary', simulated: true, periodFrom: demo.from, periodTo: demo.to });
  });

  it('its access log is ingested: AI crawlers’ visits are counted', { timeout: 180_000 }, async () => {
    type Day = { day: string; agent: string; verification: string; hits: number };
    const days = await until(async () => (await get(`/api/v1/workspaces/${demo.slug}/traffic/agents`)).json() as Day[], (rows) => rows.length > 0, 'the demo log ingested');
    const gptbot = days.filter((d) => d.agent === 'gptbot');
    // Thirty days of visits, verified by the crawler's published ranges.
    expect(gptbot.length).toBeGreaterThanOrEqual(28);
    expect(gptbot.every((d) => d.verification === 'verified' && d.hits > 0)).toBe(true);
  });
});
