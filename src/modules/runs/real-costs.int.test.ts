import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { DEFAULT_PRICING } from '../engines/catalogue.ts';
import { defaultEngineLimits } from '../engines/limits/limits.config.ts';
import { startEmulator, type Emulator } from '../../../test/emulator/emulator.ts';
import { createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';

// A run on real engines (the provider emulator) where one provider is down: its calls exhaust
// their retries and fail alone; the run's settlement charges only the calls that answered. The
// quote and the usage endpoint show the provider cost in USD beside the credits.

let emulator: Emulator;
let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  emulator = await startEmulator({});
  const keys = { OPENAI_API_KEY: 'sk-e', ANTHROPIC_API_KEY: 'sk-ant-e', GOOGLE_GENERATIVE_AI_API_KEY: 'g-e', PERPLEXITY_API_KEY: 'pplx-e', SERPAPI_API_KEY: 'serp-e' };
  const providers = loadConfig({ DATA_DIR: '/nonexistent', ...keys, ...emulator.env() }).providers;
  const limits = defaultEngineLimits();
  for (const p of Object.values(limits.providers)) p.rpm = 1_000_000;
  ctx = await createTestApp({ config: testConfig({ providers, engineLimits: { ...limits, retries: 2, retryBaseMs: 1, retryCapMs: 5, circuitFailures: 1_000 } }) });
  cookie = (await signup(ctx.app)).cookie;
});
afterAll(async () => {
  await ctx.close();
  await emulator.close();
});

const api = (method: 'GET' | 'POST', url: string, payload?: object) => ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('a failed real call is not charged', () => {
  it('with gemini down, the run succeeds on the other engines and settles for their calls only', async () => {
    await createWorkspace(ctx.app, cookie, 'down');
    await api('POST', '/api/v1/workspaces/down/credits/top-up', { amountMicrousd: 50_000_000, idempotencyKey: 'down' });
    const posted = (await api('GET', '/api/v1/workspaces/down/credits/balance')).json().postedMicrousd;
    emulator.setDown('gemini', 503);
    const run = (await api('POST', '/api/v1/workspaces/down/runs', { preset: 'smoke' })).json();
    expect(run.simulated).toBe(false);
    let done;
    while ((done = (await api('GET', `/api/v1/workspaces/down/jobs/${run.id}`)).json()).status === 'running') await new Promise((r) => setImmediate(r));
    expect(done.status).toBe('succeeded');

    const detail = (await api('GET', `/api/v1/workspaces/down/runs/${run.id}/detail`)).json();
    expect(detail.engines.find((e: { engine: string }) => e.engine === 'gemini')).toMatchObject({ answers: 0, errors: 2 });
    expect(emulator.counts('gemini').down).toBe(2 * 3); // two calls, three attempts each

    const answered = 2 * (DEFAULT_PRICING.chatgpt + DEFAULT_PRICING.perplexity + DEFAULT_PRICING.claude + DEFAULT_PRICING['google-aio']);
    const balance = (await api('GET', '/api/v1/workspaces/down/credits/balance')).json();
    expect(balance).toMatchObject({ heldMicrousd: 0, postedMicrousd: posted - answered });
    const usage = (await api('GET', '/api/v1/workspaces/down/credits/usage')).json();
    const op = usage.operations.find((o: { reservationId: string; operation: string }) => o.operation === 'measurement');
    expect(op).toMatchObject({ status: 'settled', settledMicrousd: answered, leasedMicrousd: answered });
    // The failed calls' leases are there, given back.
    const returned = op.leases.filter((l: { amountMicrousd: number }) => l.amountMicrousd < 0);
    expect(returned.map((l: { amountMicrousd: number }) => l.amountMicrousd)).toEqual([-DEFAULT_PRICING.gemini, -DEFAULT_PRICING.gemini]);
    const debits = usage.ledger.filter((e: { kind: string; reservationId: string }) => e.kind === 'debit' && e.reservationId === op.reservationId);
    expect(debits.reduce((s: number, e: { amountMicrousd: number }) => s + e.amountMicrousd, 0)).toBe(-answered);
    emulator.setDown('gemini', null);
  });
});

describe('provider cost in money beside credits', () => {
  it('the quote estimates the real calls\' provider cost from typical usage × prices', async () => {
    await createWorkspace(ctx.app, cookie, 'quote');
    const quote = (await api('GET', '/api/v1/workspaces/quote/runs/quote?preset=smoke&samples=2')).json();
    const typical = { chatgpt: 27_320, claude: 58_000, gemini: 37_018, perplexity: 5_660, 'google-aio': 15_000 } as Record<string, number>;
    for (const e of quote.engines) expect(e.providerCostMicrousd).toBe(4 * typical[e.id]!);
    const total = 4 * Object.values(typical).reduce((a, b) => a + b, 0);
    expect(quote).toMatchObject({ totalCalls: 20, providerCostMicrousd: total, providerCostUsd: `$${(total / 1e6).toFixed(4)}` });
  });

  it('the usage endpoint shows, per day and engine, the provider cost recorded beside the credits debited', async () => {
    await createWorkspace(ctx.app, cookie, 'usage');
    await api('POST', '/api/v1/workspaces/usage/credits/top-up', { amountMicrousd: 50_000_000, idempotencyKey: 'usage' });
    const run = (await api('POST', '/api/v1/workspaces/usage/runs', { preset: 'smoke' })).json();
    while ((await api('GET', `/api/v1/workspaces/usage/jobs/${run.id}`)).json().status === 'running') await new Promise((r) => setImmediate(r));
    const recorded = (await api('GET', `/api/v1/workspaces/usage/runs/${run.id}`)).json().providerCostMicrousd;
    expect(recorded).toBeGreaterThan(0);
    const usage = (await api('GET', '/api/v1/workspaces/usage/credits/usage?days=1')).json();
    const credits = 2 * (DEFAULT_PRICING.chatgpt + DEFAULT_PRICING.perplexity + DEFAULT_PRICING.gemini + DEFAULT_PRICING.claude + DEFAULT_PRICING['google-aio']);
    expect(usage.periods).toHaveLength(1);
    expect(usage.periods[0]).toMatchObject({ day: new Date().toISOString().slice(0, 10), creditsMicrousd: credits, providerCostMicrousd: recorded });
    expect(usage.periods[0].engines.map((e: { engine: string }) => e.engine)).toEqual(['chatgpt', 'claude', 'gemini', 'google-aio', 'perplexity']);
    expect(usage.periods[0].engines.every((e: { calls: number; answered: number; providerCostMicrousd: number }) => e.calls === 2 && e.answered === 2 && e.providerCostMicrousd > 0)).toBe(true);
    expect((await api('GET', '/api/v1/workspaces/usage/credits/usage?days=0')).statusCode).toBe(400);
  });
});
