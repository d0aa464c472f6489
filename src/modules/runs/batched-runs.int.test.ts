import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../config.ts';
import { DEFAULT_PRICING } from '../engines/catalogue.ts';
import { defaultEngineLimits } from '../engines/limits/limits.config.ts';
import { DEFAULT_MODEL_PRICES } from '../engines/limits/usage.fns.ts';
import { startEmulator, type Emulator } from '../../../test/emulator/emulator.ts';
import type { BatchOutcome } from '../../../test/emulator/batches.ts';
import { createTestApp, createWorkspace, openTestDatabase, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import type { Database } from '../../lib/db.ts';
import { manualClock } from '../../lib/clock.ts';

// Runs that are not urgent (`batch: true`): Claude's calls go to Anthropic Message Batches (the
// provider emulator's), the run parks until the batch has ended, the poller resumes it and its
// worker collects the results through the live capture path and settles. The other engines are
// simulated here (no key), so only Claude is real. Batches end when the test says so.

let emulator: Emulator;
let ctx: TestContext;
let database: Database;
let config: Config;
let cookie: string;
const outcomes = new Map<string, BatchOutcome>();
// An injected clock, so that a schedule comes due when the test says (it moves only for that).
const clock = manualClock(new Date('2026-03-02T05:00:00Z'));

beforeAll(async () => {
  emulator = await startEmulator({ batches: { outcome: (id) => outcomes.get(id) ?? 'succeeded' } });
  const providers = loadConfig({ DATA_DIR: '/nonexistent', ANTHROPIC_API_KEY: 'sk-ant-batch', ...emulator.env() }).providers;
  const limits = defaultEngineLimits();
  for (const p of Object.values(limits.providers)) p.rpm = 1_000_000;
  config = testConfig({ providers, engineLimits: { ...limits, retries: 1, retryBaseMs: 1, retryCapMs: 5 } });
  // A database of the test's own: the restart test builds a second app on it.
  database = await openTestDatabase();
  ctx = await createTestApp({ config, clock }, database);
  cookie = (await signup(ctx.app)).cookie;
});
afterAll(async () => {
  await ctx.close();
  await database.close();
  await emulator.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, app = ctx.app) => app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
type RunView = { id: string; status: string; batch: boolean; progress: { completedCalls: number }; batches: Array<{ batchId: string; status: string; providerStatus: string; requestCounts: Record<string, number> }>; providerCostMicrousd: number };
const view = async (slug: string, id: string, app = ctx.app) => (await api('GET', `/api/v1/workspaces/${slug}/runs/${id}`, undefined, app)).json() as RunView;
const turn = () => new Promise((r) => setImmediate(r));
/** Every batch read now, whatever its backoff (the poller's timer does this at each batch's own time). */
const pollAll = (app = ctx.app) => app.maintenance.pollBatches(new Date(Date.now() + 365 * 86_400_000));

/**
 * Starts a batched run (through `POST …/runs`, or as a schedule's due run) and waits until its
 * live calls are done and it waits for its batch.
 */
async function startParked(slug: string, samples = 1, app = ctx.app, via: 'post' | 'schedule' = 'post') {
  await createWorkspace(app, cookie, slug);
  await api('POST', `/api/v1/workspaces/${slug}/credits/top-up`, { amountMicrousd: 50_000_000, idempotencyKey: slug }, app);
  let started: RunView;
  if (via === 'schedule') {
    const put = (await api('PUT', `/api/v1/workspaces/${slug}/schedule`, { cron: '0 6 * * *', timeZone: 'UTC', preset: 'smoke', samples, batch: true }, app)).json();
    expect(put).toMatchObject({ batch: true, nextRunAt: '2026-03-02T06:00:00.000Z' });
    clock.set(new Date('2026-03-02T06:00:05Z'));
    expect(await app.maintenance.tickSchedules()).toEqual({ started: 1, skipped: 0 });
    const runId = (await api('GET', `/api/v1/workspaces/${slug}/schedule`, undefined, app)).json().lastRun.runId as string;
    started = await view(slug, runId, app);
  } else started = (await api('POST', `/api/v1/workspaces/${slug}/runs`, { preset: 'smoke', samples, batch: true }, app)).json() as RunView;
  expect(started.batch).toBe(true);
  const live = 4 * 2 * samples; // chatgpt, gemini, perplexity, google-aio simulated
  let v = await view(slug, started.id, app);
  while (!(v.batches.length === 1 && v.progress.completedCalls === live && v.status === 'running')) {
    expect(v.status).toBe('running');
    await turn();
    v = await view(slug, started.id, app);
  }
  // The park's log line is written after the progress: wait for it too, so the poller can resume it.
  while (!(await api('GET', `/api/v1/workspaces/${slug}/jobs/${started.id}`, undefined, app)).json().lastLines.some((l: string) => l.includes('waiting for the provider batch'))) await turn();
  return v;
}

async function untilEnded(slug: string, id: string, app = ctx.app) {
  let v = await view(slug, id, app);
  while (v.status === 'running') {
    await pollAll(app);
    await turn();
    v = await view(slug, id, app);
  }
  return v;
}

const liveCredits = (samples: number) => 2 * samples * (DEFAULT_PRICING.chatgpt + DEFAULT_PRICING.gemini + DEFAULT_PRICING.perplexity + DEFAULT_PRICING['google-aio']);

describe('a batched run', () => {
  it('a scheduled one waits for its Message Batch (status shows it), then collects, prices at the batch price and settles', async () => {
    const before = emulator.batches.counts();
    const parked = await startParked('batched', 1, ctx.app, 'schedule');
    expect(parked.batches[0]).toMatchObject({ status: 'in_progress', providerStatus: 'in_progress', requestCounts: { processing: 2 } });
    expect(emulator.counts('anthropic').received).toBe(0); // no live Claude call
    // Still in progress: a poll reads it and leaves the run waiting.
    await pollAll();
    expect((await view('batched', parked.id)).status).toBe('running');

    emulator.batches.end();
    const done = await untilEnded('batched', parked.id);
    expect(done.status).toBe('succeeded');
    expect(done.batches[0]).toMatchObject({ status: 'collected', providerStatus: 'ended', requestCounts: { succeeded: 2 } });
    const after = emulator.batches.counts();
    expect(after.created - before.created).toBe(1);
    expect(after.requests - before.requests).toBe(2);

    const detail = (await api('GET', `/api/v1/workspaces/batched/runs/${parked.id}/detail`)).json();
    expect(detail.engines.find((e: { engine: string }) => e.engine === 'claude')).toMatchObject({ simulated: false, answers: 2, errors: 0 });
    // Batch price: tokens at half the list price, searches at the full price (rounded once per call).
    const price = DEFAULT_MODEL_PRICES['claude-sonnet-4-5']!;
    const tokens = after.inputTokens - before.inputTokens, output = after.outputTokens - before.outputTokens, searches = after.searchCalls - before.searchCalls;
    const expected = (tokens * price.inputPerMTok / 2 + output * price.outputPerMTok / 2) / 1e6 + searches * price.perSearch;
    expect(Math.abs(done.providerCostMicrousd - expected)).toBeLessThanOrEqual(2);

    // Credits: every call answered, each charged once.
    const usage = (await api('GET', '/api/v1/workspaces/batched/credits/usage')).json();
    const op = usage.operations.find((o: { operation: string }) => o.operation === 'measurement');
    expect(op).toMatchObject({ status: 'settled', settledMicrousd: liveCredits(1) + 2 * DEFAULT_PRICING.claude });
    expect((await api('GET', '/api/v1/workspaces/batched/credits/balance')).json().heldMicrousd).toBe(0);
  });

  it('an errored or expired request fails alone, with its reason, and is not charged', async () => {
    // samples 2: r0..r3 in the batch; one errors, one expires.
    outcomes.set('r1', 'errored').set('r2', 'expired');
    try {
      const parked = await startParked('partial', 2);
      emulator.batches.end(parked.batches[0]!.batchId);
      const done = await untilEnded('partial', parked.id);
      expect(done.status).toBe('succeeded');
      expect(done.batches[0]!.requestCounts).toMatchObject({ succeeded: 2, errored: 1, expired: 1 });
      const detail = (await api('GET', `/api/v1/workspaces/partial/runs/${parked.id}/detail`)).json();
      expect(detail.engines.find((e: { engine: string }) => e.engine === 'claude')).toMatchObject({ answers: 2, errors: 2 });
      const errors = JSON.stringify(detail);
      expect(errors).toContain('anthropic batch request errored (invalid_request_error: Injected batch entry error)');
      expect(errors).toContain('anthropic batch request expired');
      const op = (await api('GET', '/api/v1/workspaces/partial/credits/usage')).json().operations.find((o: { operation: string }) => o.operation === 'measurement');
      expect(op).toMatchObject({ status: 'settled', settledMicrousd: liveCredits(2) + 2 * DEFAULT_PRICING.claude });
    } finally {
      outcomes.clear();
    }
  });

  it('a cancelled run abandons its batch: cancelled at the provider, only the live calls charged', async () => {
    const parked = await startParked('cancelled');
    expect((await api('DELETE', `/api/v1/workspaces/cancelled/runs/${parked.id}`)).statusCode).toBe(200);
    await pollAll();
    const v = await view('cancelled', parked.id);
    expect(v).toMatchObject({ status: 'cancelled', batches: [{ status: 'abandoned' }] });
    expect(emulator.batches.counts().canceled).toBeGreaterThanOrEqual(2);
    // Nothing of the batch was leased: the hold, once settled, charges the live calls only.
    const op = (await api('GET', '/api/v1/workspaces/cancelled/credits/usage')).json().operations.find((o: { operation: string }) => o.operation === 'measurement');
    expect(op.leases.reduce((sum: number, l: { amountMicrousd: number }) => sum + l.amountMicrousd, 0)).toBe(liveCredits(1));
  });

  it('the poller resumes after a restart: a new process on the same database collects the batch', async () => {
    const parked = await startParked('restart');
    await ctx.close(); // the process that started the run is gone; its database stays
    ctx = await createTestApp({ config, clock }, database);
    // The new process's sweep, well past the dead-worker cutoff, does not fail the parked run (no worker, no heartbeat expected).
    clock.advance(10 * 60_000);
    expect(await ctx.app.maintenance.sweepJobs()).toBe(0);
    expect((await view('restart', parked.id)).status).toBe('running');
    emulator.batches.end(parked.batches[0]!.batchId);
    const done = await untilEnded('restart', parked.id);
    expect(done).toMatchObject({ status: 'succeeded', batches: [{ status: 'collected' }] });
    const detail = (await api('GET', `/api/v1/workspaces/restart/runs/${parked.id}/detail`)).json();
    expect(detail.engines.find((e: { engine: string }) => e.engine === 'claude')).toMatchObject({ answers: 2, errors: 0 });
  });
});

describe('the quote of a batched run', () => {
  it('prices the batchable engine at the batch price and names the discount', async () => {
    await createWorkspace(ctx.app, cookie, 'quoted');
    const live = (await api('GET', '/api/v1/workspaces/quoted/runs/quote?preset=smoke')).json();
    expect(live.batchDiscount).toBeNull();
    const quote = (await api('GET', '/api/v1/workspaces/quoted/runs/quote?preset=smoke&batch=true')).json();
    const claude = quote.engines.find((e: { id: string }) => e.id === 'claude');
    // Typical Claude call: 12,000 input and 800 output tokens at half price, one search at full price.
    expect(claude).toMatchObject({ batched: true, calls: 2, providerCostMicrousd: 2 * (18_000 + 6_000 + 10_000) });
    expect(live.engines.find((e: { id: string }) => e.id === 'claude')).toMatchObject({ batched: false, providerCostMicrousd: 2 * 58_000 });
    expect(quote.providerCostMicrousd).toBe(2 * 34_000);
    expect(quote.batchDiscount).toMatchObject({ engines: ['claude'], tokenDiscountPercent: 50, savedMicrousd: 2 * 24_000, savedUsd: '$0.0480' });
    expect(quote.batchDiscount.note).toContain('web search fees at the full price');
    expect((await api('GET', '/api/v1/workspaces/quoted/runs/quote?preset=smoke&batch=maybe')).statusCode).toBe(400);
  });
});
