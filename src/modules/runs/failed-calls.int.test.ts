import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, loadConfig } from '../../config.ts';
import { defaultEngineLimits } from '../engines/limits/limits.config.ts';
import { startEmulator, type Emulator } from '../../../test/emulator/emulator.ts';
import { createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';

// A run on real engines (the provider emulator) where one provider is down: its calls exhaust
// their retries and fail alone; the run's settlement charges only the calls that answered.

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
  });
});
