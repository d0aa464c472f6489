import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import { ended } from '../../../test/helpers/wait.ts';

const TOKEN = 'metrics-token-0123456789';
let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ metricsToken: TOKEN }) });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'metered');
});
afterAll(() => ctx.close());

const scrape = (authorization?: string) => ctx.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  it('is 404 without the token, with a wrong one, or with another scheme', async () => {
    for (const header of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(header);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('does not exist at all when METRICS_TOKEN is not configured', async () => {
    const other = await createTestApp();
    try {
      expect((await other.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('counts requests by route pattern, engine calls by engine, jobs by kind and status, and credit holds', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/metered/credits/top-up', headers: { cookie }, payload: { amountMicrousd: 50_000_000, idempotencyKey: 'm-1' } });
    const started = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/metered/runs', headers: { cookie }, payload: { preset: 'smoke' } });
    expect(started.statusCode).toBe(202);
    const id = started.json().id;
    await ended(async () => (await ctx.app.inject({ url: `/api/v1/workspaces/metered/jobs/${id}`, headers: { cookie } })).json(), 'the run');
    await ctx.app.inject({ url: '/api/v1/nowhere' });

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    // The route pattern, never the raw URL (bounded label values).
    expect(sample(text, 'geo_http_request_duration_seconds_count', { route: '/api/v1/workspaces/:workspace/runs', method: 'POST', status_code: '202' })).toBe(1);
    expect(text).not.toContain('route="/api/v1/workspaces/metered/runs"');
    expect(sample(text, 'geo_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBe(1);
    const simulatedCalls = text.split('\n').filter((l) => l.startsWith('geo_provider_calls_total{') && l.includes('simulated="true"') && l.includes('outcome="ok"'));
    expect(simulatedCalls.reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0)).toBe(started.json().progress.totalCalls);
    // Ended jobs are counted by the process that ended them; the gauge reads only running ones.
    expect(sample(text, 'geo_jobs_ended_total', { kind: 'measurement', status: 'succeeded' })).toBe(1);
    expect(sample(text, 'geo_jobs', { kind: 'measurement', status: 'running' })).toBe(0);
    expect(text).not.toMatch(/^geo_jobs\{[^}]*status="succeeded"/m);
    // Likewise holds: closed ones counted by the process whose commit closed them, open ones read.
    expect(sample(text, 'geo_credit_holds_closed_total', { status: 'settled' })).toBe(1);
    expect(sample(text, 'geo_credit_holds', { status: 'held' })).toBe(0);
    expect(text).not.toMatch(/^geo_credit_holds\{[^}]*status="settled"/m);
    expect(text).toMatch(/^geo_credit_held_microusd\{service="geo"\} 0$/m);
    expect(text).toContain('geo_process_cpu_seconds_total');
  });
});
