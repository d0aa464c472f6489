import type { ProviderConfig } from '../catalogue.ts';
import { anthropicAnswer } from '../capture/anthropic.fns.ts';
import { ProviderHttpError, type PricedAnswer } from '../limits/guard.ts';
import { retryable } from '../limits/headers.fns.ts';
import { abortableSleep } from '../limits/sleep.ts';
import { costMicrousd, priceOf, usageFromBody, type ModelPrice } from '../limits/usage.fns.ts';
import { instruction, MODELS, providerJson } from '../providers.ts';
import { batchPrice, parseBatchResults, type BatchOutcome } from './batch.fns.ts';

// Anthropic Message Batches over HTTP: create (POST /v1/messages/batches), retrieve (GET
// …/{id}), results (the batch's `results_url`, JSONL) and cancel. Each request's params are what
// the live call sends through the AI SDK (model, system, the question, the web search tool with
// at most 3 uses, the SDK's max_tokens for the model), so a batched answer is the same engine's.

const VERSION = '2023-06-01';
/** What the AI SDK sends as max_tokens for claude-sonnet-4-5 when none is set (its known maximum). */
const MAX_TOKENS = 64_000;
const ATTEMPTS = 3;

export interface BatchView {
  id: string;
  processing_status: 'in_progress' | 'canceling' | 'ended';
  request_counts: Record<string, number>;
  results_url: string | null;
}

export interface BatchClient {
  provider: 'anthropic';
  /** The params of one request: the live call's, as a Messages request body. */
  params(prompt: { text: string; language: string }): Record<string, unknown>;
  create(requests: Array<{ custom_id: string; params: Record<string, unknown> }>): Promise<BatchView>;
  retrieve(batchId: string): Promise<BatchView>;
  results(batchId: string, resultsUrl: string | null): Promise<Map<string, BatchOutcome>>;
  cancel(batchId: string): Promise<BatchView>;
  /** A succeeded request's answer, read by the live capture path, priced at the batch price. */
  answer(message: unknown): PricedAnswer;
}

export function anthropicBatches(apiKey: string, provider: ProviderConfig, prices: Record<string, ModelPrice>, sleep = abortableSleep): BatchClient {
  const base = `${provider.baseUrl.replace(/\/$/, '')}/messages/batches`;
  const headers = { 'x-api-key': apiKey, 'anthropic-version': VERSION, 'content-type': 'application/json' };
  /** A few attempts at what may succeed again (429, 5xx, network); other refusals at once. */
  async function send(url: string, init: RequestInit, read: (res: Response) => Promise<unknown>): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(60_000) });
        return await read(res);
      } catch (err) {
        const status = err instanceof ProviderHttpError ? err.status : undefined;
        if (attempt >= ATTEMPTS || !retryable(status)) throw new Error(`anthropic batch ${init.method ?? 'GET'} ${status ? `answered ${status}` : (err as Error).message}`);
        await sleep(500 * 4 ** (attempt - 1), new AbortController().signal);
      }
    }
  }
  const json = async (res: Response) => (await providerJson(res, 'Anthropic')).body;
  const text = async (res: Response) => {
    const body = await res.text();
    if (!res.ok) throw new ProviderHttpError(res.status, Object.fromEntries(res.headers), body);
    return body;
  };
  return {
    provider: 'anthropic',
    params: (prompt) => ({
      model: MODELS.claude, max_tokens: MAX_TOKENS, system: instruction(prompt.language),
      messages: [{ role: 'user', content: [{ type: 'text', text: prompt.text }] }],
      tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 3 }],
    }),
    create: async (requests) => (await send(base, { method: 'POST', body: JSON.stringify({ requests }) }, json)) as BatchView,
    retrieve: async (batchId) => (await send(`${base}/${encodeURIComponent(batchId)}`, { method: 'GET' }, json)) as BatchView,
    cancel: async (batchId) => (await send(`${base}/${encodeURIComponent(batchId)}/cancel`, { method: 'POST' }, json)) as BatchView,
    async results(batchId, resultsUrl) {
      // The key goes only to the provider's own origin: a results_url elsewhere is not followed.
      const url = resultsUrl && new URL(resultsUrl).origin === new URL(base).origin ? resultsUrl : `${base}/${encodeURIComponent(batchId)}/results`;
      return parseBatchResults((await send(url, { method: 'GET' }, text)) as string);
    },
    answer(message) {
      const usage = usageFromBody('anthropic', message, MODELS.claude);
      return { ...anthropicAnswer(message), usage, costMicrousd: costMicrousd(usage, batchPrice(priceOf(prices, usage.model))) };
    },
  };
}
