import { EventEmitter, once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../lib/db.ts';
import { openTestDatabase } from '../../../../test/helpers/app.ts';
import { startEmulator, type Emulator, type EmulatorOptions, type ReceivedRequest } from '../../../../test/emulator/emulator.ts';
import { DATAFORSEO_TASK_COST, type EmulatedProvider } from '../../../../test/emulator/bodies.ts';
import { MODELS, realEngine } from '../providers.ts';
import { adaptiveConcurrency, guardedCaller } from './guard.ts';
import { defaultEngineLimits, type EngineLimitsConfig } from './limits.config.ts';
import { createPacer, keyId, LATE_MS } from './pacer.ts';
import { costMicrousd, priceOf } from './usage.fns.ts';

// The guard (pacing, retries, circuit, cost) against the provider emulator over loopback, with
// the real SDKs. Each test has its own key, so its pacing row starts fresh on the shared database.

let database: Database;
let emulator: Emulator | undefined;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

const ENGINE_OF: Record<EmulatedProvider, 'chatgpt' | 'claude' | 'gemini' | 'perplexity' | 'google-aio' | 'dataforseo-chatgpt'> = { openai: 'chatgpt', anthropic: 'claude', gemini: 'gemini', perplexity: 'perplexity', serpapi: 'google-aio', dataforseo: 'dataforseo-chatgpt' };
let keys = 0;

function limitsWith(provider: EmulatedProvider, over: Partial<EngineLimitsConfig['providers']['openai']>, rest: Partial<EngineLimitsConfig> = {}): EngineLimitsConfig {
  const limits = { ...defaultEngineLimits(), retryBaseMs: 5, retryCapMs: 100, timeoutMs: 30_000, ...rest };
  limits.providers[provider] = { ...limits.providers[provider], ...over };
  return limits;
}

/** `workers` independent engines (own pacer and concurrency, as separate processes would have) on one key. */
function workers(provider: EmulatedProvider, limits: EngineLimitsConfig, count = 1) {
  const apiKey = `key-${++keys}-${Date.now()}`;
  return Array.from({ length: count }, () => {
    const pacer = createPacer({ db: database.db, limits });
    const adaptive = adaptiveConcurrency(limits.providers[provider].concurrency);
    const engine = ENGINE_OF[provider];
    const model = engine === 'google-aio' ? 'google' : engine === 'dataforseo-chatgpt' ? 'dataforseo' : MODELS[engine];
    const guarded = guardedCaller({ pacer, limits, provider, keyId: keyId(apiKey), model });
    const ask = realEngine(engine, apiKey, { apiKey: undefined, baseUrl: emulator!.url(provider) }, (a, t, s) => guarded(a, t, s, adaptive));
    return {
      ask: (text: string) => adaptive.run(() => ask({ text, language: 'en' }, new AbortController().signal)),
      status: async () => (await pacer.status([provider], keyId(apiKey)))[0]!,
    };
  });
}

async function start(options: EmulatorOptions) {
  emulator = await startEmulator(options);
  return emulator;
}

describe('engines at their limits, against the provider emulator', () => {
  it('a 429 storm is paced and every call succeeds', async () => {
    const em = await start({ faults: { rate429: 0.4, retryAfterS: 0.02 }, limits: { perplexity: { rpm: 1_200, burstMs: 500 } } });
    const [w] = workers('perplexity', limitsWith('perplexity', { rpm: 1_200, concurrency: 8 }, { retries: 12 }));
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => w!.ask(`best crm ${i}`)));
    expect(answers.every((a) => a.text.includes('Acme'))).toBe(true);
    const c = em.counts('perplexity');
    expect(c.ok).toBe(30);
    expect(c.injected429).toBeGreaterThan(5);
    expect(c.violations).toBe(0);
  });

  it('two workers on one key together never exceed its RPM (the emulator counts)', async () => {
    // A minute's limit enforced over one second, as OpenAI quantises it: sharing nothing, the pair would send twice the pace.
    const em = await start({ limits: { openai: { rpm: 1_200, burstMs: 1_000 } }, latency: { medianMs: 20 } });
    const pair = workers('openai', limitsWith('openai', { rpm: 1_200, concurrency: 16 }), 2);
    await Promise.all(pair.flatMap((w, n) => Array.from({ length: 30 }, (_, i) => w.ask(`q ${n}-${i}`))));
    const c = em.counts('openai');
    expect(c.ok).toBe(60);
    expect(c.violations).toBe(0);
  });

  it("the provider's headers lower the pace, then raise it", async () => {
    // Configured far above what the key really has: the first answers' headers bring the pace down.
    const em = await start({ limits: { openai: { rpm: 600, burstMs: 500 } } });
    const [w] = workers('openai', limitsWith('openai', { rpm: 60_000, concurrency: 4 }, { retries: 10 }));
    await Promise.all(Array.from({ length: 12 }, (_, i) => w!.ask(`q ${i}`)));
    expect((await w!.status()).rpm).toBe(600);
    expect(em.counts('openai').ok).toBe(12);
    // The account moves up a tier: the next answer advertises more and the pace follows.
    em.setLimit('openai', { rpm: 2_400, burstMs: 500 });
    await w!.ask('after the upgrade');
    expect((await w!.status()).rpm).toBe(2_400);
  });

  it('a provider that is down opens its circuit, says so, and the calls succeed once it is back', async () => {
    const em = await start({});
    em.setDown('gemini', 503);
    const limits = limitsWith('gemini', { rpm: 6_000, concurrency: 4 }, { retries: 50, circuitFailures: 3, circuitOpenMs: 1_000 });
    const [w] = workers('gemini', limits);
    const calls = Promise.all(Array.from({ length: 4 }, (_, i) => w!.ask(`q ${i}`)));
    calls.catch(() => {}); // awaited below; a failure must not go unhandled meanwhile
    await vi.waitFor(async () => expect((await w!.status()).circuit).toBe('open'), { timeout: 20_000, interval: 20 });
    const open = await w!.status();
    expect(open.paused).toMatch(/gemini circuit open after \d+ failed attempts \(last: gemini answered 503/);
    const sent = em.counts('gemini').received;
    em.setDown('gemini', null);
    const answers = await calls;
    expect(answers).toHaveLength(4);
    // While open, calls waited for the probe instead of hammering the provider.
    expect(em.counts('gemini').received - sent).toBeLessThanOrEqual(4 + 1);
    expect(await w!.status()).toMatchObject({ circuit: 'closed', paused: null, failures: 0 });
  });

  it('a call that exhausts its retries fails alone with its reason; another 4xx is never retried', async () => {
    const em = await start({});
    const [w] = workers('serpapi', limitsWith('serpapi', { rpm: 6_000 }, { retries: 2, circuitFailures: 100 }));
    em.setDown('serpapi', 502);
    await expect(w!.ask('q')).rejects.toThrow(/serpapi answered 502 \(gave up after 3 attempts\)/);
    expect(em.counts('serpapi').down).toBe(3);
    em.setDown('serpapi', 401);
    await expect(w!.ask('q')).rejects.toThrow(/answered 401; not retried/);
    expect(em.counts('serpapi').down).toBe(4);
    em.setDown('serpapi', null);
    await expect(w!.ask('q')).resolves.toMatchObject({ text: expect.stringContaining('Acme') });
  });

  it('timeouts and cut-short bodies are retried', async () => {
    const em = await start({ faults: { rateHang: 0.15, rateTruncate: 0.2 }, seed: 7 });
    const [w] = workers('openai', limitsWith('openai', { rpm: 6_000 }, { retries: 12, timeoutMs: 2_500, circuitFailures: 1_000 }));
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => w!.ask(`q ${i}`)));
    expect(answers).toHaveLength(12);
    const c = em.counts('openai');
    expect(c.hangs + c.truncated).toBeGreaterThan(0);
    expect(c.ok).toBe(12);
  });

  it('the daily USD ceiling pauses new calls with a clear status until the next UTC day (clock and sleep injected)', async () => {
    const limits = limitsWith('openai', { rpm: 6_000, dailyMicrousd: 50_000_000 });
    let t = Date.parse('2031-03-04T23:58:30Z');
    const sleeps: Array<{ ms: number; wake: () => void }> = [];
    const slept = new EventEmitter();
    const sleep = (ms: number) => (ms <= 0 ? Promise.resolve() : new Promise<void>((wake) => {
      sleeps.push({ ms, wake });
      slept.emit('sleep');
    }));
    const pacer = createPacer({ db: database.db, limits, now: () => t, sleep });
    const key = keyId(`ceiling-${Date.now()}`);
    // Another process's calls today have spent $50.12 (the spend is per provider, every key).
    await pacer.succeeded('openai', key, false, 0, 50_120_000);
    const paused = 'openai daily ceiling of $50.00 reached ($50.12 spent today, UTC); new calls wait for the next day';
    expect((await pacer.status(['openai']))[0]).toMatchObject({ paused, spentTodayMicrousd: 50_120_000, dailyCeilingMicrousd: 50_000_000, circuit: 'closed' });

    const waits: string[] = [];
    let granted = false;
    const call = pacer.acquire('openai', key, 100, new AbortController().signal, (why) => waits.push(why)).then(() => void (granted = true));
    const nextSleep = async () => {
      if (!sleeps.length) await once(slept, 'sleep');
      return sleeps.shift()!;
    };
    // Re-checked each minute, then at midnight: never sent meanwhile.
    const first = await nextSleep();
    expect(first.ms).toBe(60_000);
    expect(waits).toEqual(['openai daily ceiling of $50.00 reached']);
    t += 60_000;
    first.wake();
    const second = await nextSleep();
    expect(second.ms).toBe(30_000); // what is left of the UTC day
    expect(granted).toBe(false);
    t += 30_000;
    second.wake();
    await call;
    expect(granted).toBe(true);
    expect(waits).toHaveLength(2);
    // A new UTC day: nothing spent, no pause.
    expect((await pacer.status(['openai']))[0]).toMatchObject({ paused: null, spentTodayMicrousd: 0 });
  });

  it('a caller that wakes too late for its slot (a held-up event loop) does not send then: it reserves a new slot', async () => {
    const limits = limitsWith('perplexity', { rpm: 600 }); // a slot every 100 ms
    let t = Date.parse('2031-05-06T10:00:00Z');
    let stall = LATE_MS + 150;
    const sleep = async (ms: number) => {
      t += Math.max(0, ms) + stall; // this process's timers fire `stall` ms late, once
      stall = 0;
    };
    const key = keyId(`late-${Date.now()}`);
    const held = createPacer({ db: database.db, limits, now: () => t, sleep });
    const other = createPacer({ db: database.db, limits, now: () => t, sleep: async (ms) => void (t += Math.max(0, ms)) });
    const start = t;
    await held.acquire('perplexity', key, 0, new AbortController().signal);
    // Its first slot (at `start`) was missed by 400 ms: given up, and the next one taken at the time it woke.
    expect(held.lateSlots).toBe(1);
    expect(t).toBe(start + LATE_MS + 150);
    // The grid goes on from there for every process: the next caller waits one interval.
    await other.acquire('perplexity', key, 0, new AbortController().signal);
    expect(t).toBe(start + LATE_MS + 150 + 100);
    expect(other.lateSlots).toBe(0);
  });

  it("cost totals equal the emulator's usage × prices", async () => {
    const em = await start({});
    const limits = limitsWith('anthropic', { rpm: 6_000 });
    let total = 0;
    for (const provider of ['openai', 'anthropic', 'gemini', 'perplexity', 'serpapi'] as const) {
      const [w] = workers(provider, limits);
      const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => w!.ask(`what is the best crm for a team of ${i}`)));
      total += answers.reduce((sum, a) => sum + a.costMicrousd, 0);
    }
    const expected = em.requests.filter((r): r is Required<ReceivedRequest> => r.status === 200)
      .reduce((sum, r) => sum + costMicrousd({ ...r.usage, model: r.model }, priceOf(limits.prices, r.model)), 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBe(expected);
  });

  it('DataForSEO: over its limit it answers 200 with task status 40202, which is paced and retried; each answer costs what its envelope billed', async () => {
    // The key is configured far above what the account allows: the refusals (5 a burst, 10 a second after) pace it.
    const em = await start({ limits: { dataforseo: { rpm: 600, burstMs: 500 } } });
    const [w] = workers('dataforseo', limitsWith('dataforseo', { rpm: 6_000, concurrency: 8 }, { retries: 12, retryCapMs: 400 }));
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => w!.ask(`best crm ${i}`)));
    expect(answers.every((a) => a.text.includes('Acme') && a.trace?.format === 'dataforseo-chatgpt-scraper')).toBe(true);
    expect(answers[0]!.trace?.queries).toEqual(['best crm 0']);
    expect(answers.every((a) => a.costMicrousd === DATAFORSEO_TASK_COST * 1e6)).toBe(true);
    const c = em.counts('dataforseo');
    expect(c.ok).toBe(12);
    expect(c.violations).toBeGreaterThan(0);
    // The emulator read the key back out of HTTP Basic: one key, the one configured.
    expect([...new Set(em.requests.filter((r) => r.provider === 'dataforseo').map((r) => r.key))]).toEqual([expect.stringMatching(/^key-\d+-\d+$/)]);
  });
});
