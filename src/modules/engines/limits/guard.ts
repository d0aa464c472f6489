import { APICallError, RetryError } from 'ai';
import type { EngineAnswer } from '../simulated.fns.ts';
import { backoffMs, readLimitHeaders, retryAfterMs, retryable, type Headers } from './headers.fns.ts';
import type { EngineLimitsConfig, PacedProvider } from './limits.config.ts';
import type { Pacer } from './pacer.ts';
import { abortableSleep } from './sleep.ts';
import { costMicrousd, priceOf, usageFromBody, type Usage } from './usage.fns.ts';

// One real engine call under the provider's limits: an adaptive concurrency slot (AIMD) in this
// process, a fleet-wide paced slot per attempt, a timeout per attempt, full-jitter retries of
// what may succeed again, the circuit fed with outages, and usage and cost read from the answer.

/** What one attempt brought back: the parsed answer, the response headers and the raw body. */
export interface Attempted { answer: EngineAnswer; headers: Headers; body: unknown }

/** A provider's HTTP refusal from our own clients (SerpAPI); SDK calls fail with APICallError. */
export class ProviderHttpError extends Error {
  constructor(readonly status: number, readonly headers: Headers, readonly body: unknown) {
    super(`answered ${status}`);
  }
}

export interface PricedAnswer extends EngineAnswer { usage: Usage; costMicrousd: number }

/**
 * Additive increase, multiplicative decrease: the in-flight limit grows by 1/limit per success
 * (one slot per round of answers) up to the configured maximum and halves on a 429 or 529.
 */
export function adaptiveConcurrency(max: number, now: () => number = Date.now) {
  let limit = max;
  let inFlight = 0;
  let lastDecrease = -Infinity;
  const waiters: Array<() => void> = [];
  const next = () => {
    while (waiters.length && inFlight < Math.max(1, Math.floor(limit))) {
      inFlight++;
      waiters.shift()!();
    }
  };
  const enter = () => new Promise<void>((resolve) => {
    waiters.push(resolve);
    next();
  });
  const leave = () => {
    inFlight--;
    next();
  };
  return {
    get limit() { return limit; },
    async run<T>(fn: () => Promise<T>): Promise<T> {
      await enter();
      try {
        return await fn();
      } finally {
        leave();
      }
    },
    /** Runs `fn` (a retry's backoff) with this call's slot handed to others meanwhile. */
    async outside<T>(fn: () => Promise<T>): Promise<T> {
      leave();
      try {
        return await fn();
      } finally {
        await enter();
      }
    },
    increase() {
      limit = Math.min(max, limit + 1 / Math.max(1, limit));
      next();
    },
    /** Halves the limit at most once a second: the refusals of one round of calls are one signal, not many. */
    decrease() {
      if (now() - lastDecrease < 1_000) return;
      lastDecrease = now();
      limit = Math.max(1, limit / 2);
    },
  };
}
export type Adaptive = ReturnType<typeof adaptiveConcurrency>;

function failureOf(err: unknown): { status?: number; headers: Headers; body: unknown; message: string } {
  const e = err instanceof RetryError ? err.lastError : err;
  if (APICallError.isInstance(e)) {
    let body: unknown = e.responseBody;
    try {
      body = e.responseBody ? JSON.parse(e.responseBody) : undefined;
    } catch { /* a cut-short or non-JSON body is kept as text */ }
    return { status: e.statusCode, headers: e.responseHeaders ?? {}, body, message: e.statusCode ? `answered ${e.statusCode}` : e.message };
  }
  if (e instanceof ProviderHttpError) return { status: e.status, headers: e.headers, body: e.body, message: e.message };
  const message = (e as Error)?.name === 'TimeoutError' ? 'timed out' : (e as Error)?.message ?? String(e);
  return { headers: {}, body: undefined, message };
}

export function guardedCaller(deps: { pacer: Pacer; limits: EngineLimitsConfig; provider: PacedProvider; keyId: string; model: string; random?: () => number }) {
  const { pacer, limits, provider, keyId } = deps;
  const random = deps.random ?? Math.random;
  return async (attempt: (signal: AbortSignal) => Promise<Attempted>, estimatedTokens: number, signal: AbortSignal, adaptive?: Adaptive): Promise<PricedAnswer> => {
    let last = '';
    for (let n = 0; n <= limits.retries; n++) {
      const { probe } = await pacer.acquire(provider, keyId, estimatedTokens, signal);
      // A controller and timer of our own: a composed AbortSignal.any(…timeout) can be collected before it fires on Node 20.
      const attemptController = new AbortController();
      const timer = setTimeout(() => attemptController.abort(Object.assign(new Error('timed out'), { name: 'TimeoutError' })), limits.timeoutMs);
      const onAbort = () => attemptController.abort(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        const got = await attempt(attemptController.signal);
        await pacer.observe(provider, keyId, readLimitHeaders(provider, got.headers, Date.now()));
        const usage = usageFromBody(provider, got.body, deps.model);
        const cost = costMicrousd(usage, priceOf(limits.prices, usage.model));
        await pacer.succeeded(provider, keyId, probe, provider === 'serpapi' ? 0 : usage.inputTokens + usage.outputTokens - estimatedTokens, cost);
        adaptive?.increase();
        return { ...got.answer, usage, costMicrousd: cost };
      } catch (err) {
        if (signal.aborted) throw err;
        const f = failureOf(err);
        last = `${provider} ${f.message}`;
        await pacer.observe(provider, keyId, readLimitHeaders(provider, f.headers, Date.now()));
        if (f.status === 429 || f.status === 529) adaptive?.decrease();
        // An outage (5xx, timeout, dropped or cut-short answer) counts toward the circuit; a 429 is the pace, not an outage.
        if (f.status === undefined || f.status >= 500) await pacer.failed(provider, keyId, last);
        if (!retryable(f.status)) throw new Error(`${last}; not retried (a ${f.status} fails again)`);
        if (n === limits.retries) break;
        const wait = backoffMs(n, limits.retryBaseMs, limits.retryCapMs, random(), retryAfterMs(f.headers, f.body, Date.now()));
        await (adaptive ? adaptive.outside(() => abortableSleep(wait, signal)) : abortableSleep(wait, signal));
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      }
    }
    throw new Error(`${last} (gave up after ${limits.retries + 1} attempts)`);
  };
}
