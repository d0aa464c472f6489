import type { ProviderName } from '../provider-name.ts';

// What a provider's answer says about its limits, read from its own headers and bodies, and
// which failures are worth another attempt. Pure: the pacer applies what these return.

export type Headers = Record<string, string | undefined>;

/** What an answer's headers say: the account's limits and, when a bucket is empty, when it refills. */
export interface LimitSignal {
  rpm?: number;
  tpm?: number;
  /** Epoch ms before which no request should be sent (an empty bucket's reset). */
  pauseUntil?: number;
}

/** OpenAI's durations: "1s", "6m0s", "20ms", "1h2m3.5s". */
export function parseDuration(value: string | undefined): number | undefined {
  if (!value) return undefined;
  // A number starts where a run of digits starts ((?<!\d)): retrying inside a long run of digits
  // without a unit was quadratic, and from inside a run the match fails whenever it fails from its start.
  const re = /(?<!\d)(\d+(?:\.\d+)?)(ms|h|m|s)/g;
  let total = 0;
  let matched = '';
  for (const m of value.matchAll(re)) {
    total += Number(m[1]) * { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
    matched += m[0];
  }
  return matched === value.trim() && matched ? total : undefined;
}

const int = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v.trim()) ? Number(v) : undefined);

export function readLimitHeaders(provider: ProviderName, h: Headers, now: number): LimitSignal {
  const signal: LimitSignal = {};
  const pause = (at: number | undefined) => {
    if (at !== undefined && at > now) signal.pauseUntil = Math.max(signal.pauseUntil ?? 0, at);
  };
  if (provider === 'openai') {
    signal.rpm = int(h['x-ratelimit-limit-requests']);
    signal.tpm = int(h['x-ratelimit-limit-tokens']);
    const reset = (kind: string) => parseDuration(h[`x-ratelimit-reset-${kind}`]);
    if (int(h['x-ratelimit-remaining-requests']) === 0) pause(now + (reset('requests') ?? 1_000));
    if (int(h['x-ratelimit-remaining-tokens']) === 0) pause(now + (reset('tokens') ?? 1_000));
  } else if (provider === 'anthropic') {
    signal.rpm = int(h['anthropic-ratelimit-requests-limit']);
    signal.tpm = int(h['anthropic-ratelimit-tokens-limit']);
    const reset = (kind: string) => {
      const at = Date.parse(h[`anthropic-ratelimit-${kind}-reset`] ?? '');
      return Number.isNaN(at) ? now + 1_000 : at;
    };
    if (int(h['anthropic-ratelimit-requests-remaining']) === 0) pause(reset('requests'));
    if (int(h['anthropic-ratelimit-tokens-remaining']) === 0) pause(reset('tokens'));
  }
  if (!signal.rpm) delete signal.rpm;
  if (!signal.tpm) delete signal.tpm;
  return signal;
}

/** Retry-After in seconds or as an HTTP date; else Gemini's google.rpc.RetryInfo `retryDelay` ("2s", "1.5s") in the error body. */
export function retryAfterMs(h: Headers, body: unknown, now: number): number | undefined {
  const header = h['retry-after-ms'] !== undefined ? Number(h['retry-after-ms']) : undefined;
  if (header !== undefined && Number.isFinite(header) && header >= 0) return header;
  const value = h['retry-after']?.trim();
  if (value) {
    if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1_000;
    const at = Date.parse(value);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  const details = (body as { error?: { details?: Array<Record<string, unknown>> } } | null)?.error?.details;
  const info = details?.find((d) => String(d['@type'] ?? '').endsWith('google.rpc.RetryInfo'));
  return typeof info?.retryDelay === 'string' ? parseDuration(info.retryDelay) : undefined;
}

/**
 * Whether a failure may be retried: 408, 409, 429, every 5xx (Anthropic's 529 included),
 * timeouts, dropped connections and cut-short bodies; never another 4xx, which would fail again.
 */
export function retryable(status: number | undefined): boolean {
  if (status === undefined) return true;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Full jitter (AWS architecture blog): a uniform wait in [0, min(cap, base·2^attempt)), never shorter than the provider's Retry-After. */
export function backoffMs(attempt: number, baseMs: number, capMs: number, random: number, retryAfter?: number): number {
  const jitter = Math.floor(random * Math.min(capMs, baseMs * 2 ** attempt));
  return Math.max(jitter, retryAfter ?? 0);
}
