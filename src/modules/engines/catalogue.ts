import type { ProviderName } from './provider-name.ts';
import type { EngineLimitsConfig } from './limits/limits.config.ts';

// The engine catalogue: which engines exist, which run by default, what a call costs, and which
// providers (and environment variables) serve them. Domain data of the engines module; config.ts
// reads the environment against it, and every other module imports it from here.

// The ids themselves are in engine-ids.ts, a file without imports that the dashboard's bundle shares.
export { ALL_ENGINE_IDS, ENGINE_IDS, isOptionalEngine, OPTIONAL_ENGINE_IDS, type EngineId, type OptionalEngineId } from './engine-ids.ts';
import type { EngineId, OptionalEngineId } from './engine-ids.ts';

export const DEFAULT_PRICING: Record<EngineId, number> = {
  chatgpt: 20_000, perplexity: 10_000, gemini: 8_000, claude: 25_000, 'google-aio': 5_000,
  // AI Mode is one SerpAPI search like an overview; Grok with web search is priced like ChatGPT's;
  // the OpenAI-compatible connector's price depends on the server: a middle default, override with GEO_PRICING.
  'google-ai-mode': 5_000, grok: 20_000, 'openai-compatible': 10_000,
  // Copilot is one SerpAPI search; DataForSEO's AI Mode is one live SERP, its LLM scrapers a live
  // scrape of the consumer chat (slower and dearer than a SERP).
  copilot: 5_000, 'dataforseo-ai-mode': 5_000, 'dataforseo-chatgpt': 10_000, 'dataforseo-gemini': 10_000,
};

/** Simulated engines are on unless turned off, and off in production unless turned on explicitly. */
export const simulationEnabled = (config: { env: string; simulation?: 'enabled' | 'disabled' }) => (config.simulation ?? (config.env === 'production' ? 'disabled' : 'enabled')) === 'enabled';

export interface ProviderConfig {
  /** Server-wide key from the environment; a workspace's stored credential takes precedence. */
  apiKey: string | undefined;
  /** Empty only for a provider without a default address (the OpenAI-compatible connector): it is off until set. */
  baseUrl: string;
  /** The model asked, where the operator chooses it (OPENAI_COMPATIBLE_MODEL). */
  model?: string;
}

// Provider endpoints are configurable so that tests (and proxies) can stand in for them.
export const PROVIDERS: Record<ProviderName, { keyVar?: string; passwordVar?: string; urlVar: string; defaultUrl: string; modelVar?: string }> = {
  openai: { keyVar: 'OPENAI_API_KEY', urlVar: 'OPENAI_BASE_URL', defaultUrl: 'https://api.openai.com/v1' },
  anthropic: { keyVar: 'ANTHROPIC_API_KEY', urlVar: 'ANTHROPIC_BASE_URL', defaultUrl: 'https://api.anthropic.com/v1' },
  gemini: { keyVar: 'GOOGLE_GENERATIVE_AI_API_KEY', urlVar: 'GEMINI_BASE_URL', defaultUrl: 'https://generativelanguage.googleapis.com/v1beta' },
  perplexity: { keyVar: 'PERPLEXITY_API_KEY', urlVar: 'PERPLEXITY_BASE_URL', defaultUrl: 'https://api.perplexity.ai' },
  serpapi: { keyVar: 'SERPAPI_API_KEY', urlVar: 'SERPAPI_BASE_URL', defaultUrl: 'https://serpapi.com' },
  google: { urlVar: 'GOOGLE_TOKEN_URL', defaultUrl: 'https://oauth2.googleapis.com/token' },
  xai: { keyVar: 'XAI_API_KEY', urlVar: 'XAI_BASE_URL', defaultUrl: 'https://api.x.ai/v1' },
  // Any server speaking OpenAI chat completions (DeepSeek, Mistral, a gateway): no default address.
  'openai-compatible': { keyVar: 'OPENAI_COMPATIBLE_API_KEY', urlVar: 'OPENAI_COMPATIBLE_BASE_URL', defaultUrl: '', modelVar: 'OPENAI_COMPATIBLE_MODEL' },
  // HTTP Basic with the account's API login and password: the key is held as "login:password".
  dataforseo: { keyVar: 'DATAFORSEO_LOGIN', passwordVar: 'DATAFORSEO_PASSWORD', urlVar: 'DATAFORSEO_BASE_URL', defaultUrl: 'https://api.dataforseo.com' },
};
/** The environment variables that turn a provider on (listed with an engine that is off). */
export const PROVIDER_VARS = PROVIDERS;

/** The engines' slice of the configuration (config.ts reads it from the environment). */
export interface EnginesConfig {
  env: string;
  simulation?: 'enabled' | 'disabled';
  providers: Record<ProviderName, ProviderConfig>;
  /** The simulator's latency and, in tests, the day that seeds its answers (see runs.config.ts). */
  pipeline: { simulatedLatencyMs: number; simulatedDay?: string; simulatedDayLog?: string };
  engineLimits?: EngineLimitsConfig;
  optionalEngines?: OptionalEngineId[];
}
