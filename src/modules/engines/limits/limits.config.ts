import { DEFAULT_MODEL_PRICES, type ModelPrice } from './usage.fns.ts';

// The engines' provider limits, retries, circuit and prices as configuration. config.ts reads the
// environment and hands the strings here; every problem is reported with its variable's name.

export type PacedProvider = 'openai' | 'anthropic' | 'gemini' | 'perplexity' | 'serpapi' | 'xai' | 'openai-compatible' | 'dataforseo';
export const PACED_PROVIDERS: readonly PacedProvider[] = ['openai', 'anthropic', 'gemini', 'perplexity', 'serpapi', 'xai', 'openai-compatible', 'dataforseo'];

export interface ProviderLimits {
  /** Requests per minute per key, fleet-wide: the starting pace until the provider's headers say otherwise. */
  rpm: number;
  /** Tokens (input + output) per minute per key, fleet-wide; 0 = not paced by tokens until headers give one. */
  tpm: number;
  /** Most calls in flight per process; adaptive concurrency moves below it. */
  concurrency: number;
  /** Daily spend ceiling in micro-USD (UTC day, fleet-wide); 0 = none. */
  dailyMicrousd: number;
}

export interface EngineLimitsConfig {
  providers: Record<PacedProvider, ProviderLimits>;
  /** Attempts after the first for a retryable failure (GEO_PROVIDER_RETRIES). */
  retries: number;
  /** Full-jitter base and cap of the backoff (GEO_PROVIDER_RETRY_BASE_MS, GEO_PROVIDER_RETRY_CAP_MS). */
  retryBaseMs: number;
  retryCapMs: number;
  /** One attempt's timeout (GEO_PROVIDER_TIMEOUT_MS). */
  timeoutMs: number;
  /** Consecutive failed attempts (fleet-wide) that open a provider's circuit, and how long it stays open before a probe. */
  circuitFailures: number;
  circuitOpenMs: number;
  /** Prices per model in micro-USD (GEO_MODEL_PRICES overrides entries). */
  prices: Record<string, ModelPrice>;
}

/**
 * Tier-1 list limits as a cautious start (OpenAI gpt-4.1-mini 500 RPM, Anthropic 50 RPM,
 * Gemini 2.5 Flash paid tier 1 1,000 RPM, Perplexity sonar 50 RPM, SerpAPI 100 a minute; xAI and
 * an OpenAI-compatible server start at a cautious 60 RPM until their headers say otherwise;
 * DataForSEO allows 2,000 API calls a minute per account, and each Live call holds its connection
 * for seconds to a minute and a half, so its concurrency, not its RPM, is what binds).
 */
export const DEFAULT_PROVIDER_LIMITS: Record<PacedProvider, ProviderLimits> = {
  openai: { rpm: 500, tpm: 0, concurrency: 16, dailyMicrousd: 0 },
  anthropic: { rpm: 50, tpm: 0, concurrency: 8, dailyMicrousd: 0 },
  gemini: { rpm: 1_000, tpm: 0, concurrency: 16, dailyMicrousd: 0 },
  perplexity: { rpm: 50, tpm: 0, concurrency: 8, dailyMicrousd: 0 },
  serpapi: { rpm: 100, tpm: 0, concurrency: 8, dailyMicrousd: 0 },
  xai: { rpm: 60, tpm: 0, concurrency: 8, dailyMicrousd: 0 },
  'openai-compatible': { rpm: 60, tpm: 0, concurrency: 4, dailyMicrousd: 0 },
  dataforseo: { rpm: 2_000, tpm: 0, concurrency: 8, dailyMicrousd: 0 },
};

export function defaultEngineLimits(): EngineLimitsConfig {
  return {
    providers: structuredClone(DEFAULT_PROVIDER_LIMITS), retries: 4, retryBaseMs: 500, retryCapMs: 30_000, timeoutMs: 90_000,
    circuitFailures: 8, circuitOpenMs: 30_000, prices: { ...DEFAULT_MODEL_PRICES },
  };
}

const isCount = (v: unknown, max: number) => Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= max;

/** GEO_PROVIDER_LIMITS: JSON {provider: {rpm, tpm, concurrency, dailyUsd}}; GEO_MODEL_PRICES: JSON {model: {inputPerMTok, outputPerMTok, perSearch, perRequest}} in micro-USD. */
export function parseEngineLimits(env: Record<string, string | undefined>, problems: string[]): EngineLimitsConfig {
  const out = defaultEngineLimits();
  if (env.GEO_PROVIDER_LIMITS) {
    try {
      const given = JSON.parse(env.GEO_PROVIDER_LIMITS) as Record<string, Record<string, unknown>>;
      for (const [provider, limits] of Object.entries(given)) {
        if (!(PACED_PROVIDERS as readonly string[]).includes(provider)) throw new Error(`unknown provider ${provider}`);
        const target = out.providers[provider as PacedProvider];
        for (const [field, value] of Object.entries(limits ?? {})) {
          if (field === 'rpm' && isCount(value, 10_000_000) && (value as number) > 0) target.rpm = value as number;
          else if (field === 'tpm' && isCount(value, 1e12)) target.tpm = value as number;
          else if (field === 'concurrency' && isCount(value, 1_000) && (value as number) > 0) target.concurrency = value as number;
          else if (field === 'dailyUsd' && typeof value === 'number' && value >= 0 && value <= 1e9) target.dailyMicrousd = Math.round(value * 1e6);
          else throw new Error(`${provider}.${field}`);
        }
      }
    } catch (err) {
      problems.push(`GEO_PROVIDER_LIMITS must be JSON {provider: {rpm, tpm, concurrency, dailyUsd}} over ${PACED_PROVIDERS.join(', ')} (${(err as Error).message})`);
    }
  }
  if (env.GEO_MODEL_PRICES) {
    try {
      const given = JSON.parse(env.GEO_MODEL_PRICES) as Record<string, Record<string, unknown>>;
      for (const [model, price] of Object.entries(given)) {
        const p = { inputPerMTok: 0, outputPerMTok: 0, perSearch: 0, perRequest: 0, ...price };
        if (Object.keys(p).length !== 4 || !Object.values(p).every((v) => isCount(v, 1e12))) throw new Error(model);
        out.prices[model] = p as never;
      }
    } catch (err) {
      problems.push(`GEO_MODEL_PRICES must be JSON {model: {inputPerMTok, outputPerMTok, perSearch, perRequest}} in integer micro-USD (${(err as Error).message})`);
    }
  }
  const int = (name: string, fallback: number, min: number, max: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value < min || value > max) problems.push(`${name} must be an integer ${min}-${max} (got "${env[name]}")`);
    return value;
  };
  out.retries = int('GEO_PROVIDER_RETRIES', out.retries, 0, 20);
  out.retryBaseMs = int('GEO_PROVIDER_RETRY_BASE_MS', out.retryBaseMs, 1, 60_000);
  out.retryCapMs = int('GEO_PROVIDER_RETRY_CAP_MS', out.retryCapMs, 1, 600_000);
  out.timeoutMs = int('GEO_PROVIDER_TIMEOUT_MS', out.timeoutMs, 100, 600_000);
  out.circuitFailures = int('GEO_CIRCUIT_FAILURES', out.circuitFailures, 1, 1_000);
  out.circuitOpenMs = int('GEO_CIRCUIT_OPEN_MS', out.circuitOpenMs, 10, 3_600_000);
  return out;
}
