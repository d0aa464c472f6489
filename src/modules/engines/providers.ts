import { generateText, type EmbeddingModel, type LanguageModel, type ToolSet } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createPerplexity } from '@ai-sdk/perplexity';
import { createXai } from '@ai-sdk/xai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EngineId, ProviderConfig } from './catalogue.ts';
import type { ProviderName } from './provider-name.ts';
import { traceOf } from './capture/capture.ts';
import { overviewPageToken, serpAnswer, type SerpMode } from './capture/serpapi.fns.ts';
import { dataForSeoAnswer, dataForSeoResult, type DataForSeoKind } from './capture/dataforseo.fns.ts';
import { ProviderHttpError, type Attempted, type PricedAnswer } from './limits/guard.ts';

// The real engines, through the AI SDK where a provider speaks a model API, and over plain
// HTTP for the results providers (SerpAPI, DataForSEO) behind the product-surface engines. Each function here makes one attempt; pacing,
// timeouts, retries, the circuit and cost are the guard's (limits/guard.ts), so the SDK's own
// retries are off.

export const CONNECTOR_OF: Record<EngineId, ProviderName> = {
  chatgpt: 'openai', perplexity: 'perplexity', gemini: 'gemini', claude: 'anthropic', 'google-aio': 'serpapi',
  'google-ai-mode': 'serpapi', grok: 'xai', 'openai-compatible': 'openai-compatible', copilot: 'serpapi',
  'dataforseo-ai-mode': 'dataforseo', 'dataforseo-chatgpt': 'dataforseo', 'dataforseo-gemini': 'dataforseo',
};
type SerpEngine = 'google-aio' | 'google-ai-mode' | 'copilot';
type DataForSeoEngine = 'dataforseo-ai-mode' | 'dataforseo-chatgpt' | 'dataforseo-gemini';
type ModelEngine = Exclude<EngineId, SerpEngine | DataForSeoEngine>;
export const MODELS: Record<Exclude<ModelEngine, 'openai-compatible'>, string> = {
  chatgpt: 'gpt-4.1-mini', perplexity: 'sonar', gemini: 'gemini-2.5-flash', claude: 'claude-sonnet-4-5', grok: 'grok-4.3',
};
const SERP_MODE: Record<SerpEngine, SerpMode> = { 'google-aio': 'ai-overview', 'google-ai-mode': 'ai-mode', copilot: 'copilot' };
const SERP_ENGINE: Record<SerpMode, string> = { 'ai-overview': 'google', 'ai-mode': 'google_ai_mode', copilot: 'bing_copilot' };
/** DataForSEO's Live endpoints (one task, answered in the same request). */
const DATAFORSEO: Record<DataForSeoEngine, { kind: DataForSeoKind; path: string }> = {
  'dataforseo-ai-mode': { kind: 'ai-mode', path: '/v3/serp/google/ai_mode/live/advanced' },
  'dataforseo-chatgpt': { kind: 'chatgpt', path: '/v3/ai_optimization/chat_gpt/llm_scraper/live/advanced' },
  'dataforseo-gemini': { kind: 'gemini', path: '/v3/ai_optimization/gemini/llm_scraper/live/advanced' },
};
/** DataForSEO needs a location; the prompts carry a language, not a country: the United States (2840) for now. */
export const DATAFORSEO_DEFAULT_LOCATION = 2840;
/** Output tokens assumed before a call answers, for token pacing (corrected by the answer's usage). */
const EXPECTED_OUTPUT_TOKENS = 400;

type Ask = (prompt: { text: string; language: string }, signal: AbortSignal) => Promise<PricedAnswer>;
/** Runs attempts under the provider's limits (limits/guard.ts guardedCaller). */
export type Guard = (attempt: (signal: AbortSignal) => Promise<Attempted>, estimatedTokens: number, signal: AbortSignal) => Promise<PricedAnswer>;

function modelAndTools(id: ModelEngine, apiKey: string, provider: ProviderConfig): { model: LanguageModel; tools?: ToolSet } {
  const baseURL = provider.baseUrl;
  switch (id) {
    case 'chatgpt': {
      const openai = createOpenAI({ apiKey, baseURL });
      return { model: openai.responses(MODELS.chatgpt), tools: { web_search: openai.tools.webSearch({}) } as ToolSet };
    }
    case 'perplexity':
      return { model: createPerplexity({ apiKey, baseURL })(MODELS.perplexity) };
    case 'gemini': {
      const google = createGoogleGenerativeAI({ apiKey, baseURL });
      return { model: google(MODELS.gemini), tools: { google_search: google.tools.googleSearch({}) } as ToolSet };
    }
    case 'claude': {
      const anthropic = createAnthropic({ apiKey, baseURL });
      return { model: anthropic(MODELS.claude), tools: { web_search: anthropic.tools.webSearch_20250305({ maxUses: 3 }) } as ToolSet };
    }
    case 'grok': {
      const xai = createXai({ apiKey, baseURL });
      return { model: xai.responses(MODELS.grok), tools: { web_search: xai.tools.webSearch() } as ToolSet };
    }
    case 'openai-compatible':
      // No search tool in the format: the server searches (or not) on its own, and reports sources
      // in its body, which the capture reads.
      return { model: createOpenAICompatible({ name: 'openai-compatible', apiKey, baseURL })(provider.model ?? '') };
  }
}

export function instruction(language: string) {
  return `Answer as you would for any user, in the language of the question (${language}). Name specific products or companies where relevant and cite your sources.`;
}

/** A results provider's JSON answer; a non-2xx one becomes a ProviderHttpError the guard classifies. */
export async function providerJson(res: Response, who: string): Promise<{ headers: Record<string, string>; body: unknown }> {
  const headers = Object.fromEntries(res.headers);
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    if (res.ok) throw new Error(`${who} answered a cut-short or non-JSON body`);
  }
  if (!res.ok) throw new ProviderHttpError(res.status, headers, body ?? text);
  return { headers, body };
}

/** One SerpAPI request. */
const serpGet = async (url: string, signal: AbortSignal) => providerJson(await fetch(url, { signal }), 'SERP provider');

/** Google's AI Overview (`engine=google`, with its follow-up page), AI Mode (`engine=google_ai_mode`) or Bing Copilot (`engine=bing_copilot`) through SerpAPI, as one attempt. */
async function serpEngine(mode: SerpMode, query: string, apiKey: string, baseUrl: string, signal: AbortSignal): Promise<Attempted> {
  const key = `api_key=${encodeURIComponent(apiKey)}`;
  let got = await serpGet(`${baseUrl}/search.json?engine=${SERP_ENGINE[mode]}&q=${encodeURIComponent(query)}&${key}`, signal);
  const token = mode === 'ai-overview' ? overviewPageToken(got.body) : null;
  if (token) got = await serpGet(`${baseUrl}/search.json?engine=google_ai_overview&page_token=${encodeURIComponent(token)}&${key}`, signal);
  return { answer: serpAnswer(got.body, mode), headers: got.headers, body: got.body };
}

/**
 * One DataForSEO Live task as one attempt: HTTP Basic with "login:password", the task in a JSON
 * array. Its HTTP status is 200 even for most failures; the task's `status_code` says (a rate limit
 * becomes a 429 and DataForSEO's own errors a 500 for the guard, other task errors fail the call).
 */
async function dataForSeoEngine(id: DataForSeoEngine, prompt: { text: string; language: string }, credentials: string, baseUrl: string, signal: AbortSignal): Promise<Attempted> {
  const { kind, path } = DATAFORSEO[id];
  const task = { keyword: prompt.text.slice(0, kind === 'ai-mode' ? 700 : 2000), language_code: prompt.language, location_code: DATAFORSEO_DEFAULT_LOCATION, ...(kind === 'chatgpt' ? { force_web_search: true } : {}) };
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST', signal,
    headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}`, 'content-type': 'application/json' },
    body: JSON.stringify([task]),
  });
  const { headers, body } = await providerJson(res, 'DataForSEO');
  const { failure } = dataForSeoResult(body);
  if (failure) throw Object.assign(new ProviderHttpError(failure.status, headers, body), { message: `answered ${failure.message}` });
  return { answer: dataForSeoAnswer(body, kind), headers, body };
}

export function realEngine(id: EngineId, apiKey: string, provider: ProviderConfig, guard: Guard): Ask {
  if (id in DATAFORSEO) return (prompt, signal) => guard((s) => dataForSeoEngine(id as DataForSeoEngine, prompt, apiKey, provider.baseUrl, s), 0, signal);
  if (id === 'google-aio' || id === 'google-ai-mode' || id === 'copilot') return (prompt, signal) => guard((s) => serpEngine(SERP_MODE[id], prompt.text, apiKey, provider.baseUrl, s), 0, signal);
  const { model, tools } = modelAndTools(id as ModelEngine, apiKey, provider);
  return (prompt, signal) => guard(async (abortSignal) => {
    const result = await generateText({ model, tools, system: instruction(prompt.language), prompt: prompt.text, maxRetries: 0, abortSignal });
    // A provider may report a page both as a search result and as a citation: one source per URL.
    const sources = [...new Map(result.sources.flatMap((s) => (s.sourceType === 'url' ? [[s.url, { url: s.url, title: s.title }] as const] : []))).values()];
    // What it searched and read, from the provider's own body (the last step's: the answer's).
    const body = result.steps.at(-1)?.response.body ?? result.response.body;
    return { answer: { text: result.text, sources, trace: traceOf(id as ModelEngine, body) }, headers: result.response.headers ?? {}, body };
  }, Math.ceil((prompt.text.length + instruction(prompt.language).length) / 4) + EXPECTED_OUTPUT_TOKENS, signal);
}

/** The language model behind a workspace's `model` setting ("provider:model-id"), or null without a key. */
export function modelConnector(model: string): { connector: ProviderName | null; id: string } {
  const [provider, id] = model.includes(':') ? (model.split(/:(.*)/s) as [string, string]) : ['openai', model];
  const connector = ({ openai: 'openai', anthropic: 'anthropic', google: 'gemini', gemini: 'gemini', perplexity: 'perplexity' } as Record<string, ProviderName>)[provider] ?? null;
  return { connector, id };
}

/**
 * The embedding model of the workspace model's provider, for near-duplicate prompts: OpenAI's
 * text-embedding-3-small, Google's gemini-embedding-001; null for providers without one
 * (Anthropic, Perplexity) or without a key.
 */
export function workspaceEmbeddingModel(model: string, apiKey: string | null, providers: Record<ProviderName, ProviderConfig>): { model: EmbeddingModel; name: string } | null {
  const { connector } = modelConnector(model);
  if (!connector || !apiKey) return null;
  const baseURL = providers[connector].baseUrl;
  if (connector === 'openai') return { model: createOpenAI({ apiKey, baseURL }).embedding('text-embedding-3-small'), name: 'openai:text-embedding-3-small' };
  if (connector === 'gemini') return { model: createGoogleGenerativeAI({ apiKey, baseURL }).embedding('gemini-embedding-001'), name: 'google:gemini-embedding-001' };
  return null;
}

export function workspaceModel(model: string, apiKey: string | null, providers: Record<ProviderName, ProviderConfig>): LanguageModel | null {
  const { connector, id } = modelConnector(model);
  if (!connector || !apiKey || !id) return null;
  const baseURL = providers[connector].baseUrl;
  switch (connector) {
    case 'openai': return createOpenAI({ apiKey, baseURL }).chat(id);
    case 'anthropic': return createAnthropic({ apiKey, baseURL })(id);
    case 'gemini': return createGoogleGenerativeAI({ apiKey, baseURL })(id);
    default: return createPerplexity({ apiKey, baseURL })(id);
  }
}
