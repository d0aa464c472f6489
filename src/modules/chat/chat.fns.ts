import { AppError, invalid } from '../../lib/errors.ts';
import { trimEndWhere } from '../../lib/text/trim.ts';

// The rules of a chat turn, free of I/O: request limits and validation, the automatic title,
// credits per step and the settlement price of token usage, and the SSE wire format.

export const LIMITS = {
  /** Characters of text in one user message (all its text parts together). */
  messageChars: 8_000,
  /** Messages in one request body (clients may post the whole history; stored ones are skipped). */
  postedMessages: 200,
  /** Parts in one posted message. */
  partsPerMessage: 20,
  /** Stored messages the model sees: the thread's latest. */
  historyMessages: 40,
  titleChars: 100,
  idempotencyKeyChars: 200,
} as const;

/** Decisions "Chat": 6 steps of 120,000 micro-USD each; the turn holds at most their sum. */
export const MAX_STEPS = 6;
export const STEP_LEASE_MICROUSD = 120_000;
export const TURN_RESERVATION_MICROUSD = MAX_STEPS * STEP_LEASE_MICROUSD;
/** A turn is cut off after this long; a thread locked longer by a dead process is taken over. */
export const TURN_TIMEOUT_MS = 5 * 60_000;
export const DEFAULT_TITLE = 'New conversation';

export interface PostedMessage {
  id: string;
  role: 'user' | 'assistant';
  parts: Array<Record<string, unknown>>;
  metadata?: object;
}

/**
 * The messages of a request this thread has not stored, checked: the last posted message is the
 * user's, every new message is the user's (assistant messages are written by the server), and
 * every part of a new message is a non-empty text part within the limits. Throws 400 naming the
 * field; returns the new messages with their text parts only.
 */
export function newUserMessages(posted: PostedMessage[], stored: Set<string>): Array<{ id: string; parts: Array<{ type: 'text'; text: string }> }> {
  if (!posted.length) throw invalid('body.messages must hold at least the new user message');
  const last = posted.at(-1)!;
  if (last.role !== 'user') throw invalid(`body.messages[${posted.length - 1}] must be the user's message: a turn answers the last message, and it must be the user's`);
  const ids = new Set<string>();
  const fresh: Array<{ id: string; parts: Array<{ type: 'text'; text: string }> }> = [];
  posted.forEach((message, i) => {
    if (ids.has(message.id)) throw invalid(`body.messages[${i}].id repeats an earlier message id`);
    ids.add(message.id);
    if (stored.has(message.id)) return;
    if (message.role !== 'user') throw invalid(`body.messages[${i}] is an assistant message this thread does not hold; the server writes assistant messages`);
    let chars = 0;
    const parts = message.parts.map((part, j) => {
      const where = `body.messages[${i}].parts[${j}]`;
      if (part.type !== 'text') throw invalid(`${where}.type "${String(part.type)}" is not supported in a user message; send {type: "text", text}`);
      const extra = Object.keys(part).find((k) => k !== 'type' && k !== 'text');
      if (extra) throw invalid(`${where}.${extra} is not an allowed field`);
      if (typeof part.text !== 'string') throw invalid(`${where}.text must be a string`);
      chars += part.text.length;
      return { type: 'text' as const, text: part.text };
    });
    if (!parts.some((p) => p.text.trim().length)) throw invalid(`body.messages[${i}] is empty: it needs some text`);
    if (chars > LIMITS.messageChars) throw invalid(`body.messages[${i}] has ${chars} characters; a message holds at most ${LIMITS.messageChars}`);
    fresh.push({ id: message.id, parts });
  });
  if (!fresh.length) {
    throw invalid('body.messages holds no message this thread has not stored; to see a stored answer again, repeat its Idempotency-Key');
  }
  return fresh;
}

/** A short title from the first question: its first line, cut at a word boundary. */
export function shortTitle(text: string, max = 48): string {
  const line = text.replace(/\s+/g, ' ').trim().replace(/^[#>*\-\s]+/, '');
  if (!line) return DEFAULT_TITLE;
  const sentence = /^(.{12,}?[?.!])(\s|$)/.exec(line)?.[1] ?? line;
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${trimEndWhere(space > max / 2 ? cut.slice(0, space) : cut, /[\s,;:.-]/)}…`;
}

/**
 * Token prices in micro-USD per 1,000 tokens (input, output), by model id; providers' list
 * prices. A model not listed is priced at the dearest listed rate, so that an unknown model is
 * never under-charged. The simulated model is priced as the model it stands in for.
 */
export const TOKEN_PRICES: Record<string, { input: number; output: number }> = {
  'gpt-4.1-mini': { input: 400, output: 1_600 },
  'gpt-4.1': { input: 2_000, output: 8_000 },
  'gpt-4.1-nano': { input: 100, output: 400 },
  'gpt-4o-mini': { input: 150, output: 600 },
  'gpt-4o': { input: 2_500, output: 10_000 },
  'claude-sonnet-4-5': { input: 3_000, output: 15_000 },
  'claude-haiku-4-5': { input: 1_000, output: 5_000 },
  'gemini-2.5-flash': { input: 300, output: 2_500 },
  'gemini-2.5-pro': { input: 1_250, output: 10_000 },
  sonar: { input: 1_000, output: 1_000 },
};
const DEAREST = { input: 3_000, output: 15_000 };

export function priceOf(modelId: string) {
  return TOKEN_PRICES[modelId] ?? DEAREST;
}

/** What a turn costs: its tokens at the model's rates, rounded up, never above what was leased. */
export function turnCost(usage: { promptTokens: number; completionTokens: number }, modelId: string, leased: number): number {
  const price = priceOf(modelId);
  const cost = Math.ceil((usage.promptTokens * price.input + usage.completionTokens * price.output) / 1_000);
  return Math.min(leased, Math.max(0, cost));
}

/** Rough token count of text never seen by a tokenizer (an aborted step, the simulated model). */
export const estimateTokens = (chars: number) => Math.ceil(chars / 4);

/** One SSE event: the `event:` line and one JSON `data:` line (JSON never holds a raw newline). */
export function sseEvent(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}
export const SSE_HEARTBEAT = ': keep-alive\n\n';

/** The Idempotency-Key header: 1-200 visible ASCII characters, else 400. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^[\x21-\x7e]{1,200}$/.test(value)) {
    throw new AppError('invalid_request', 'The Idempotency-Key header must be 1-200 visible ASCII characters.');
  }
  return value;
}
