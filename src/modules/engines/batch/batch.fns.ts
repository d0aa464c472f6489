import type { EngineId } from '../catalogue.ts';
import type { ModelPrice } from '../limits/usage.fns.ts';

// What can go through a provider's batch interface, at what price, and how a batch's results
// read. Pure: the HTTP client is anthropic-batches.ts, the poller runs/batches.ts.

/**
 * The engines a non-urgent run submits as a batch, and why the others are asked live. Only an
 * engine whose search tool is documented to run in its provider's batch interface is batched: a
 * batch without search would measure a different engine.
 */
export const BATCHABLE: Partial<Record<EngineId, { provider: 'anthropic'; interface: string }>> = {
  claude: { provider: 'anthropic', interface: 'Anthropic Message Batches' },
};
export const NOT_BATCHED_WHY = 'OpenAI documents no web_search in its Batch API; Gemini, Perplexity and the results providers have no batch path for searched answers';

/** Anthropic Message Batches bill tokens at half the list price; web search fees are not discounted. */
export const BATCH_TOKEN_DISCOUNT_PERCENT = 50;
export const BATCH_DISCOUNT_NOTE = `Anthropic Message Batches: ${BATCH_TOKEN_DISCOUNT_PERCENT}% off input and output tokens; web search fees at the full price; results within 24 hours`;

/** A model's price inside a batch: tokens discounted, searches and per-request fees not. */
export function batchPrice(price: ModelPrice | undefined): ModelPrice | undefined {
  if (!price) return undefined;
  const keep = (100 - BATCH_TOKEN_DISCOUNT_PERCENT) / 100;
  return { ...price, inputPerMTok: price.inputPerMTok * keep, outputPerMTok: price.outputPerMTok * keep };
}

/** A request's custom_id in its batch: its position (Anthropic allows 1-64 of [a-zA-Z0-9_-]). */
export const customIdOf = (index: number) => `r${index}`;

/** One line of a batch's results: the message, or why that request has no answer. */
export type BatchOutcome = { customId: string; message: unknown; error?: never } | { customId: string; error: string; message?: never };

/** Reads one JSONL line of Anthropic's batch results (`result.type` succeeded / errored / canceled / expired). */
export function batchOutcome(line: unknown): BatchOutcome | null {
  if (typeof line !== 'object' || line === null) return null;
  const { custom_id: customId, result } = line as { custom_id?: unknown; result?: { type?: unknown; message?: unknown; error?: unknown } };
  if (typeof customId !== 'string' || typeof result !== 'object' || result === null) return null;
  switch (result.type) {
    case 'succeeded':
      return { customId, message: result.message };
    case 'errored': {
      const e = (result.error as { error?: { type?: unknown; message?: unknown } } | undefined)?.error;
      const what = [e?.type, e?.message].filter((x) => typeof x === 'string').join(': ');
      return { customId, error: `anthropic batch request errored${what ? ` (${what})` : ''}` };
    }
    case 'expired':
      return { customId, error: 'anthropic batch request expired: the batch ended (24 h) before it was processed' };
    case 'canceled':
      return { customId, error: 'anthropic batch request canceled before it was processed' };
    default:
      return { customId, error: `anthropic batch request ended with an unknown result type ${JSON.stringify(result.type)}` };
  }
}

/** Every outcome of a results file by custom_id; lines that do not parse are skipped (counted as missing by the caller). */
export function parseBatchResults(jsonl: string): Map<string, BatchOutcome> {
  const out = new Map<string, BatchOutcome>();
  for (const raw of jsonl.split('\n')) {
    if (!raw.trim()) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      continue;
    }
    const o = batchOutcome(parsed);
    if (o) out.set(o.customId, o);
  }
  return out;
}

/**
 * When to read a batch again: 30 s after submission, doubling to at most 10 minutes. Most
 * batches end within the hour; a day-long one is read about 150 times.
 */
export function nextPollDelayMs(polls: number): number {
  return Math.min(600_000, 30_000 * 2 ** Math.min(polls, 5));
}
