import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { answerBody, dataforseoTask, errorBody, EMULATED_PROVIDERS, type Answer, type EmulatedProvider } from './bodies.ts';
import { createBatches, type BatchOptions, type Batches } from './batches.ts';

// A loopback stand-in for the engines' providers (OpenAI Responses, Anthropic Messages, Gemini
// generateContent, Perplexity chat completions, SerpAPI) for tests and benchmarks. Per key it
// enforces requests- and tokens-per-minute as token buckets (as the providers do: a per-minute
// limit enforced over a shorter burst window), advertises them in each provider's own headers,
// injects faults (429 with Retry-After, 5xx/529, hangs, truncated bodies) and counts what it
// received, so a test can assert that no limit was exceeded.

export { EMULATED_PROVIDERS, type EmulatedProvider };

export interface ProviderLimit {
  /** Requests per minute per key; 0 = unlimited. */
  rpm: number;
  /** Tokens (input + output) per minute per key; 0 = unlimited. */
  tpm?: number;
  /** The bucket holds this window's share of the minute (default 1,000 ms), like a quantised limit. */
  burstMs?: number;
  /** What the headers advertise as the limit (default: the enforced rpm/tpm). */
  advertisedRpm?: number;
  advertisedTpm?: number;
}

export interface Faults {
  /** Share of requests answered 429 with Retry-After while under the limit (a transient refusal). */
  rate429?: number;
  /** Share answered with one of `statuses5xx` (default 500, 502, 503, and 529 on Anthropic). */
  rate5xx?: number;
  statuses5xx?: number[];
  /** Share never answered (the client's timeout ends them). */
  rateHang?: number;
  /** Share whose body is cut short and the connection closed. */
  rateTruncate?: number;
  /** Retry-After of the injected 429s, seconds (may be fractional; sent rounded up on the header, exact in Gemini's RetryInfo). */
  retryAfterS?: number;
}

export interface EmulatorOptions {
  limits?: Partial<Record<EmulatedProvider, ProviderLimit>>;
  /** Answer latency: median and spread (a log-normal, ms). */
  latency?: { medianMs: number; sigma?: number };
  faults?: Faults | Partial<Record<EmulatedProvider, Faults>>;
  seed?: number;
  /** Anthropic Message Batches: when a batch ends and how each request ends (batches.ts). */
  batches?: BatchOptions;
}

export interface ReceivedRequest {
  provider: EmulatedProvider;
  key: string;
  at: number;
  status: number | 'hang' | 'truncated';
  /** Why it was refused: `limit` (over the bucket: a violation), `injected`, `down`. */
  cause?: 'limit' | 'injected' | 'down';
  usage?: Answer['usage'];
  model?: string;
}

export interface Counts {
  received: number;
  ok: number;
  /** Refusals because the key was over its limit: pacing that works keeps this at 0. */
  violations: number;
  injected429: number;
  injected5xx: number;
  hangs: number;
  truncated: number;
  down: number;
  inputTokens: number;
  outputTokens: number;
  searchCalls: number;
}

const MODEL_OF: Record<EmulatedProvider, string> = { openai: 'gpt-4.1-mini', anthropic: 'claude-sonnet-4-5', gemini: 'gemini-2.5-flash', perplexity: 'sonar', serpapi: 'google', dataforseo: 'dataforseo' };
const PATHS: Array<[RegExp, EmulatedProvider]> = [
  [/^\/openai\/v1\/responses$/, 'openai'], [/^\/anthropic\/v1\/messages$/, 'anthropic'],
  [/^\/gemini\/v1beta\/models\/[^/]+:generateContent$/, 'gemini'], [/^\/perplexity\/chat\/completions$/, 'perplexity'], [/^\/serpapi\/search\.json$/, 'serpapi'],
  [/^\/dataforseo\/v3\/.+\/live\/advanced$/, 'dataforseo'],
];
const BASE_PATH: Record<EmulatedProvider, string> = { openai: '/openai/v1', anthropic: '/anthropic/v1', gemini: '/gemini/v1beta', perplexity: '/perplexity', serpapi: '/serpapi', dataforseo: '/dataforseo' };

/** A small seeded generator (mulberry32): runs with the same seed inject the same faults. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Bucket {
  private level: number;
  private last: number;
  constructor(readonly perMinute: number, readonly capacity: number, now: number) {
    this.level = capacity;
    this.last = now;
  }
  private refill(now: number) {
    this.level = Math.min(this.capacity, this.level + ((now - this.last) * this.perMinute) / 60_000);
    this.last = now;
  }
  take(n: number, now: number) {
    this.refill(now);
    if (this.level < n) return false;
    this.level -= n;
    return true;
  }
  remaining(now: number) {
    this.refill(now);
    return Math.max(0, Math.floor(this.level));
  }
  /** Milliseconds until the bucket is full again. */
  resetMs(now: number) {
    this.refill(now);
    return Math.ceil(((this.capacity - this.level) * 60_000) / this.perMinute);
  }
}

function keyOf(provider: EmulatedProvider, req: IncomingMessage, url: URL) {
  if (provider === 'serpapi') return url.searchParams.get('api_key') ?? '';
  if (provider === 'anthropic') return String(req.headers['x-api-key'] ?? '');
  if (provider === 'gemini') return String(req.headers['x-goog-api-key'] ?? url.searchParams.get('key') ?? '');
  if (provider === 'dataforseo') return Buffer.from(String(req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
  return String(req.headers.authorization ?? '').replace(/^Bearer /, '');
}

/** The provider's own rate-limit headers (OpenAI x-ratelimit-*, Anthropic anthropic-ratelimit-*); Gemini, Perplexity and SerpAPI send none. */
function limitHeaders(provider: EmulatedProvider, limit: ProviderLimit | undefined, req: Bucket | undefined, tok: Bucket | undefined, now: number): Record<string, string> {
  if (!limit || !req) return {};
  const h: Record<string, string> = {};
  if (provider === 'openai') {
    h['x-ratelimit-limit-requests'] = String(limit.advertisedRpm ?? limit.rpm);
    h['x-ratelimit-remaining-requests'] = String(req.remaining(now));
    h['x-ratelimit-reset-requests'] = `${req.resetMs(now)}ms`;
    if (tok) {
      h['x-ratelimit-limit-tokens'] = String(limit.advertisedTpm ?? limit.tpm);
      h['x-ratelimit-remaining-tokens'] = String(tok.remaining(now));
      h['x-ratelimit-reset-tokens'] = `${(tok.resetMs(now) / 1000).toFixed(3)}s`;
    }
  } else if (provider === 'anthropic') {
    h['anthropic-ratelimit-requests-limit'] = String(limit.advertisedRpm ?? limit.rpm);
    h['anthropic-ratelimit-requests-remaining'] = String(req.remaining(now));
    h['anthropic-ratelimit-requests-reset'] = new Date(now + req.resetMs(now)).toISOString();
    if (tok) {
      h['anthropic-ratelimit-tokens-limit'] = String(limit.advertisedTpm ?? limit.tpm);
      h['anthropic-ratelimit-tokens-remaining'] = String(tok.remaining(now));
      h['anthropic-ratelimit-tokens-reset'] = new Date(now + tok.resetMs(now)).toISOString();
    }
  }
  return h;
}

export interface Emulator {
  /** The base URL to configure for a provider (OPENAI_BASE_URL and the like). */
  url(provider: EmulatedProvider): string;
  /** The environment a server or worker needs to reach the emulator for every provider. */
  env(): Record<string, string>;
  counts(provider: EmulatedProvider): Counts;
  requests: ReceivedRequest[];
  /** 'request' is emitted with each ReceivedRequest once answered (or hung). */
  events: EventEmitter;
  /** A provider answers every request with `status` (e.g. 503) until set back to null. */
  setDown(provider: EmulatedProvider, status: number | null): void;
  /** Anthropic Message Batches received, and the test's hand on when they end (batches.ts). */
  batches: Pick<Batches, 'end' | 'counts' | 'ids'>;
  /** Changes a provider's limit (new buckets, full). */
  setLimit(provider: EmulatedProvider, limit: ProviderLimit | undefined): void;
  close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const rand = random(options.seed ?? 1);
  const limits: Partial<Record<EmulatedProvider, ProviderLimit>> = { ...options.limits };
  const buckets = new Map<string, { req: Bucket; tok?: Bucket }>();
  const down = new Map<EmulatedProvider, number>();
  const requests: ReceivedRequest[] = [];
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const hanging = new Set<ServerResponse>();
  const faultsOf = (p: EmulatedProvider): Faults => {
    const f = options.faults as Record<string, Faults> | undefined;
    return (f && (p in f ? f[p] : EMULATED_PROVIDERS.some((x) => x in f) ? {} : (f as Faults))) ?? {};
  };
  const bucketsOf = (p: EmulatedProvider, key: string, now: number) => {
    const limit = limits[p];
    if (!limit?.rpm) return undefined;
    const id = `${p}\u0000${key}`;
    let b = buckets.get(id);
    if (!b) {
      const burst = limit.burstMs ?? 1_000;
      b = { req: new Bucket(limit.rpm, Math.max(1, (limit.rpm * burst) / 60_000), now) };
      if (limit.tpm) b.tok = new Bucket(limit.tpm, Math.max(1, (limit.tpm * burst) / 60_000), now);
      buckets.set(id, b);
    }
    return b;
  };
  const latency = () => {
    const l = options.latency;
    if (!l) return 0;
    // Box-Muller: a log-normal around the median.
    const z = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
    return Math.max(0, l.medianMs * Math.exp((l.sigma ?? 0.3) * z));
  };
  const batches = createBatches(options.batches ?? {}, { events, rand });
  let origin = '';
  const record = (r: ReceivedRequest) => {
    requests.push(r);
    events.emit('request', r);
  };

  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? '/', 'http://emulator');
    if (batches.handle(req, res, url.pathname, raw, origin)) return;
    const provider = PATHS.find(([re]) => re.test(url.pathname))?.[1];
    if (!provider) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `no route ${url.pathname}` }));
      return;
    }
    const now = Date.now();
    const key = keyOf(provider, req, url);
    const b = bucketsOf(provider, key, now);
    const taskOf = () => { try { return (JSON.parse(raw) as Array<{ keyword?: string }>)[0]?.keyword ?? ''; } catch { return ''; } };
    const query = provider === 'serpapi' ? url.searchParams.get('q') ?? '' : provider === 'dataforseo' ? taskOf() : raw;
    const usage = { inputTokens: Math.ceil(query.length / 4), outputTokens: 150 + Math.floor(rand() * 250), searchCalls: provider === 'anthropic' ? 1 + Math.floor(rand() * 2) : 1 };
    if (provider === 'serpapi' || provider === 'dataforseo') Object.assign(usage, { inputTokens: 0, outputTokens: 0 });
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...limitHeaders(provider, limits[provider], b?.req, b?.tok, Date.now()), ...headers });
      res.end(JSON.stringify(body));
    };
    const refuse = (status: number, cause: ReceivedRequest['cause'], retryAfterS?: number) => {
      // DataForSEO refuses over its limit with HTTP 200 and the task's status 40202.
      if (provider === 'dataforseo' && status === 429) {
        send(200, dataforseoTask({ text: '', sources: [], model: '', query, usage }, 'refused', url.pathname, 40202));
        return record({ provider, key, at: now, status, cause });
      }
      send(status, errorBody(provider, status, cause === 'limit' ? 'Rate limit reached' : 'Injected fault', retryAfterS), retryAfterS !== undefined ? { 'retry-after': String(Math.ceil(retryAfterS)) } : {});
      record({ provider, key, at: now, status, cause });
    };

    const downStatus = down.get(provider);
    if (downStatus) return refuse(downStatus, 'down');
    // The limit first, as a provider does: a refused request consumes nothing.
    if (b && (!b.req.take(1, now) || (b.tok && !b.tok.take(usage.inputTokens + usage.outputTokens, now)))) {
      return refuse(429, 'limit', Math.max(0.001, Math.min(b.req.resetMs(now), b.tok?.resetMs(now) ?? Infinity) / 1000));
    }
    const f = faultsOf(provider);
    const roll = rand();
    let edge = f.rate429 ?? 0;
    if (roll < edge) return refuse(429, 'injected', f.retryAfterS ?? 1);
    if (roll < (edge += f.rate5xx ?? 0)) {
      const statuses = f.statuses5xx ?? (provider === 'anthropic' ? [500, 502, 503, 529] : [500, 502, 503]);
      return refuse(statuses[Math.floor(rand() * statuses.length)]!, 'injected');
    }
    if (roll < (edge += f.rateHang ?? 0)) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      record({ provider, key, at: now, status: 'hang', cause: 'injected' });
      return;
    }
    const truncate = roll < edge + (f.rateTruncate ?? 0);
    const wait = latency();
    if (wait) await new Promise((r) => setTimeout(r, wait));
    const model = provider === 'gemini' ? url.pathname.split('/').pop()!.replace(/:generateContent$/, '') : (JSON.parse(raw || '{}').model as string | undefined) ?? MODEL_OF[provider];
    const answer: Answer = {
      text: `Acme is a good choice for ${provider}; Globex is an alternative.`, model, query: query.slice(0, 80), usage,
      sources: [{ url: 'https://acme.com/pricing', title: 'Acme pricing' }, { url: 'https://www.g2.com/categories/crm', title: 'G2' }],
    };
    const body = JSON.stringify(answerBody(provider, answer, String(requests.length), provider === 'serpapi' ? url.searchParams.get('engine') ?? '' : url.pathname));
    if (truncate) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
      res.write(body.slice(0, Math.floor(body.length / 2)));
      res.destroy();
      record({ provider, key, at: now, status: 'truncated', cause: 'injected' });
      return;
    }
    send(200, JSON.parse(body));
    record({ provider, key, at: now, status: 200, usage, model });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const url = (p: EmulatedProvider) => `${origin}${BASE_PATH[p]}`;

  return {
    url, requests, events, batches,
    env: () => ({ OPENAI_BASE_URL: url('openai'), ANTHROPIC_BASE_URL: url('anthropic'), GEMINI_BASE_URL: url('gemini'), PERPLEXITY_BASE_URL: url('perplexity'), SERPAPI_BASE_URL: url('serpapi'), DATAFORSEO_BASE_URL: url('dataforseo') }),
    counts(p) {
      const c: Counts = { received: 0, ok: 0, violations: 0, injected429: 0, injected5xx: 0, hangs: 0, truncated: 0, down: 0, inputTokens: 0, outputTokens: 0, searchCalls: 0 };
      for (const r of requests) {
        if (r.provider !== p) continue;
        c.received++;
        if (r.status === 200) {
          c.ok++;
          c.inputTokens += r.usage!.inputTokens;
          c.outputTokens += r.usage!.outputTokens;
          c.searchCalls += r.usage!.searchCalls;
        } else if (r.cause === 'limit') c.violations++;
        else if (r.cause === 'down') c.down++;
        else if (r.status === 'hang') c.hangs++;
        else if (r.status === 'truncated') c.truncated++;
        else if (r.status === 429) c.injected429++;
        else c.injected5xx++;
      }
      return c;
    },
    setDown: (p, status) => void (status ? down.set(p, status) : down.delete(p)),
    setLimit(p, limit) {
      limits[p] = limit;
      for (const id of [...buckets.keys()]) if (id.startsWith(`${p}\u0000`)) buckets.delete(id);
    },
    close: () => new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
