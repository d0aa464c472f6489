import { generateText, type LanguageModel, type ToolSet } from 'ai';
import { createOpenAI } from '@ai-sdk/openai';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createPerplexity } from '@ai-sdk/perplexity';
import type { EngineId, ProviderConfig, ProviderName } from '../../config.ts';
import { ProviderHttpError, type Attempted, type PricedAnswer } from './limits/guard.ts';

// The real engines, through the AI SDK where a provider speaks a model API, and over plain
// HTTP for the SERP provider behind google-aio. Each function here makes one attempt; pacing,
// timeouts, retries, the circuit and cost are the guard's (limits/guard.ts), so the SDK's own
// retries are off.

export const CONNECTOR_OF: Record<EngineId, ProviderName> = {
  chatgpt: 'openai', perplexity: 'perplexity', gemini: 'gemini', claude: 'anthropic', 'google-aio': 'serpapi',
};
export const MODELS: Record<Exclude<EngineId, 'google-aio'>, string> = {
  chatgpt: 'gpt-4.1-mini', perplexity: 'sonar', gemini: 'gemini-2.5-flash', claude: 'claude-sonnet-4-5',
};
/** Output tokens assumed before a call answers, for token pacing (corrected by the answer's usage). */
const EXPECTED_OUTPUT_TOKENS = 400;

type Ask = (prompt: { text: string; language: string }, signal: AbortSignal) => Promise<PricedAnswer>;
/** Runs attempts under the provider's limits (limits/guard.ts guardedCaller). */
export type Guard = (attempt: (signal: AbortSignal) => Promise<Attempted>, estimatedTokens: number, signal: AbortSignal) => Promise<PricedAnswer>;

function modelAndTools(id: Exclude<EngineId, 'google-aio'>, apiKey: string, baseURL: string): { model: LanguageModel; tools?: ToolSet } {
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
  }
}

function instruction(language: string) {
  return `Answer as you would for any user, in the language of the question (${language}). Name specific products or companies where relevant and cite your sources.`;
}

async function serpOverview(query: string, apiKey: string, baseUrl: string, signal: AbortSignal): Promise<Attempted> {
  const url = `${baseUrl}/search.json?engine=google&q=${encodeURIComponent(query)}&api_key=${encodeURIComponent(apiKey)}`;
  const res = await fetch(url, { signal });
  const headers = Object.fromEntries(res.headers);
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    if (res.ok) throw new Error('SERP provider answered a cut-short or non-JSON body');
  }
  if (!res.ok) throw new ProviderHttpError(res.status, headers, body ?? text);
  const overview = (body as { ai_overview?: { text_blocks?: Array<{ snippet?: string; list?: Array<{ snippet?: string; title?: string }> }>; references?: Array<{ link: string; title?: string }> } }).ai_overview;
  const blocks = overview?.text_blocks ?? [];
  const answer = blocks.flatMap((b) => [b.snippet, ...(b.list ?? []).map((i) => `- ${[i.title, i.snippet].filter(Boolean).join(': ')}`)]).filter(Boolean).join('\n');
  return { answer: { text: answer, sources: (overview?.references ?? []).map((r) => ({ url: r.link, title: r.title })) }, headers, body };
}

export function realEngine(id: EngineId, apiKey: string, provider: ProviderConfig, guard: Guard): Ask {
  if (id === 'google-aio') return (prompt, signal) => guard((s) => serpOverview(prompt.text, apiKey, provider.baseUrl, s), 0, signal);
  const { model, tools } = modelAndTools(id, apiKey, provider.baseUrl);
  return (prompt, signal) => guard(async (abortSignal) => {
    const result = await generateText({ model, tools, system: instruction(prompt.language), prompt: prompt.text, maxRetries: 0, abortSignal });
    // A provider may report a page both as a search result and as a citation: one source per URL.
    const sources = [...new Map(result.sources.flatMap((s) => (s.sourceType === 'url' ? [[s.url, { url: s.url, title: s.title }] as const] : []))).values()];
    return { answer: { text: result.text, sources }, headers: result.response.headers ?? {}, body: result.response.body };
  }, Math.ceil((prompt.text.length + instruction(prompt.language).length) / 4) + EXPECTED_OUTPUT_TOKENS, signal);
}

/** The language model behind a workspace's `model` setting ("provider:model-id"), or null without a key. */
export function modelConnector(model: string): { connector: ProviderName | null; id: string } {
  const [provider, id] = model.includes(':') ? (model.split(/:(.*)/s) as [string, string]) : ['openai', model];
  const connector = ({ openai: 'openai', anthropic: 'anthropic', google: 'gemini', gemini: 'gemini', perplexity: 'perplexity' } as Record<string, ProviderName>)[provider] ?? null;
  return { connector, id };
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
