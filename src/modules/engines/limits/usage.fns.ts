import type { ProviderName } from '../provider-name.ts';

/** The providers engines call (limits.config.ts's PacedProvider; not imported: that file imports this one). */
type EngineProvider = Exclude<ProviderName, 'google'>;

// A call's usage from its provider's own response body, and its cost from the price table.
// Money is integer micro-USD: a price per million tokens in micro-USD makes a token cost
// price / 1e6 micro-USD, rounded once per call.

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  /** Web searches the provider billed (OpenAI web_search calls, Anthropic web_search_requests, a grounded Gemini prompt, a Perplexity request, a SerpAPI search). */
  searchCalls: number;
  model: string;
  /** What the provider says it billed for the call (DataForSEO's envelope `cost`), which then is the cost. */
  billedMicrousd?: number;
}

/** Prices of one model in micro-USD: per million input and output tokens, per search, per request. */
export interface ModelPrice {
  inputPerMTok: number;
  outputPerMTok: number;
  perSearch: number;
  perRequest: number;
}

/* eslint-disable @typescript-eslint/no-explicit-any */
const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.round(v) : 0);

export function usageFromBody(provider: ProviderName, body: any, fallbackModel: string): Usage {
  const model = typeof body?.model === 'string' ? body.model : typeof body?.modelVersion === 'string' ? body.modelVersion : fallbackModel;
  switch (provider) {
    case 'openai':
      return {
        model, inputTokens: n(body?.usage?.input_tokens), outputTokens: n(body?.usage?.output_tokens),
        searchCalls: Array.isArray(body?.output) ? body.output.filter((o: any) => o?.type === 'web_search_call').length : 0,
      };
    case 'anthropic':
      return { model, inputTokens: n(body?.usage?.input_tokens), outputTokens: n(body?.usage?.output_tokens), searchCalls: n(body?.usage?.server_tool_use?.web_search_requests) };
    case 'gemini': {
      // Gemini 2.5 bills grounding per prompt that searched, whatever the number of queries.
      const grounded = (body?.candidates ?? []).some((c: any) => (c?.groundingMetadata?.webSearchQueries ?? []).length > 0);
      return { model, inputTokens: n(body?.usageMetadata?.promptTokenCount), outputTokens: n(body?.usageMetadata?.candidatesTokenCount), searchCalls: grounded ? 1 : 0 };
    }
    case 'perplexity':
    case 'openai-compatible':
      return { model, inputTokens: n(body?.usage?.prompt_tokens), outputTokens: n(body?.usage?.completion_tokens), searchCalls: 0 };
    case 'xai':
      // xAI's Responses API bills like OpenAI's; its chat completions name the tokens as chat does.
      return {
        model, inputTokens: n(body?.usage?.input_tokens ?? body?.usage?.prompt_tokens), outputTokens: n(body?.usage?.output_tokens ?? body?.usage?.completion_tokens),
        searchCalls: n(body?.usage?.num_sources_used ?? body?.usage?.server_side_tool_usage_details?.web_search_calls),
      };
    case 'dataforseo': {
      // The envelope states the USD it billed for the request (`cost`); a page of results is one search.
      const billed = typeof body?.cost === 'number' && Number.isFinite(body.cost) && body.cost >= 0 ? Math.round(body.cost * 1e6) : undefined;
      return { model, inputTokens: 0, outputTokens: 0, searchCalls: body ? 1 : 0, ...(billed === undefined ? {} : { billedMicrousd: billed }) };
    }
    default:
      return { model, inputTokens: 0, outputTokens: 0, searchCalls: body ? 1 : 0 };
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */

export function costMicrousd(usage: Usage, price: ModelPrice | undefined): number {
  if (usage.billedMicrousd !== undefined) return usage.billedMicrousd;
  if (!price) return 0;
  return Math.round((usage.inputTokens * price.inputPerMTok + usage.outputTokens * price.outputPerMTok) / 1e6 + usage.searchCalls * price.perSearch + price.perRequest);
}

/**
 * List prices (USD, checked 2026-11; operators override with GEO_MODEL_PRICES): OpenAI
 * gpt-4.1-mini $0.40/$1.60 per Mtok and web search $25 per 1,000 calls; Anthropic Claude Sonnet
 * 4.5 $3/$15 and $10 per 1,000 searches; Gemini 2.5 Flash $0.30/$2.50 and $35 per 1,000 grounded
 * prompts; Perplexity sonar $1/$1 and $5 per 1,000 requests (low context); SerpAPI about $0.015 a
 * search on the Developer plan. DataForSEO (`dataforseo`): only for quotes, since each answer
 * states what it billed; $0.004 a Live call is an assumption (the Standard queue is listed from
 * $0.0012 a page; Live costs more), override with GEO_MODEL_PRICES.
 */
export const DEFAULT_MODEL_PRICES: Record<string, ModelPrice> = {
  'gpt-4.1-mini': { inputPerMTok: 400_000, outputPerMTok: 1_600_000, perSearch: 25_000, perRequest: 0 },
  'claude-sonnet-4-5': { inputPerMTok: 3_000_000, outputPerMTok: 15_000_000, perSearch: 10_000, perRequest: 0 },
  'gemini-2.5-flash': { inputPerMTok: 300_000, outputPerMTok: 2_500_000, perSearch: 35_000, perRequest: 0 },
  sonar: { inputPerMTok: 1_000_000, outputPerMTok: 1_000_000, perSearch: 0, perRequest: 5_000 },
  google: { inputPerMTok: 0, outputPerMTok: 0, perSearch: 15_000, perRequest: 0 },
  dataforseo: { inputPerMTok: 0, outputPerMTok: 0, perSearch: 4_000, perRequest: 0 },
};

/** The price of a model: exact id first, then the longest configured prefix (dated versions such as claude-sonnet-4-5-20250929). */
export function priceOf(prices: Record<string, ModelPrice>, model: string): ModelPrice | undefined {
  if (prices[model]) return prices[model];
  const prefix = Object.keys(prices).filter((k) => model.startsWith(k)).sort((a, b) => b.length - a.length)[0];
  return prefix ? prices[prefix] : undefined;
}

/**
 * Usage assumed for one call before it is made, for quotes: a GEO prompt of ~25 words and an
 * answer of ~400-600 words. Where the provider feeds the search results back as input (Anthropic's
 * web search tool, OpenAI's web_search) the input is the results' size, not the prompt's. These are
 * estimates, not measurements: a run's recorded cost (`providerCostMicrousd`) is what was billed.
 */
export const TYPICAL_USAGE: Record<EngineProvider, Omit<Usage, 'model'>> = {
  openai: { inputTokens: 3_000, outputTokens: 700, searchCalls: 1 },
  anthropic: { inputTokens: 12_000, outputTokens: 800, searchCalls: 1 },
  gemini: { inputTokens: 60, outputTokens: 800, searchCalls: 1 },
  perplexity: { inputTokens: 60, outputTokens: 600, searchCalls: 0 },
  serpapi: { inputTokens: 0, outputTokens: 0, searchCalls: 1 },
  xai: { inputTokens: 3_000, outputTokens: 700, searchCalls: 3 },
  'openai-compatible': { inputTokens: 60, outputTokens: 700, searchCalls: 0 },
  dataforseo: { inputTokens: 0, outputTokens: 0, searchCalls: 1 },
};

/** One call's estimated cost with the model's configured price (0 for a model without one). */
export const typicalCostMicrousd = (provider: EngineProvider, model: string, prices: Record<string, ModelPrice>) =>
  costMicrousd({ ...TYPICAL_USAGE[provider], model }, priceOf(prices, model));

/** Micro-USD as dollars: cents from a dollar up, four decimals below (a smoke run costs cents). */
export const formatUsd = (micros: number) => `$${(micros / 1e6).toFixed(Math.abs(micros) >= 1_000_000 ? 2 : 4)}`;
