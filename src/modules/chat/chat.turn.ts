import { convertToModelMessages, streamText, type LanguageModel, type UIMessage } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Principal, WorkspaceContext } from '../../lib/http/types.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import { estimateTokens, MAX_STEPS, shortTitle, STEP_LEASE_MICROUSD, turnCost, TURN_TIMEOUT_MS } from './chat.fns.ts';
import { chatRepo as repo, type MessageRow } from './chat.repo.ts';
import { toolSetFor, type ChatToolSpec } from './chat.tools.ts';

// One streamed turn: the AI SDK's `streamText` loop over the workspace's tools, at most six
// steps, each step leased from the turn's hold before it runs. Text deltas go to the client as
// they come; the answer is stored in the UI message shape and the hold settled before the final
// `finish` event, so a client that reads `finish` finds the thread up to date.

export interface SseSink {
  event(name: string, data: unknown): void;
  /** An SSE comment line: keeps proxies from closing a silent stream. */
  comment(): void;
  /** Resolves when the client has gone: the turn stops. */
  readonly closed: AbortSignal;
  end(): void;
}

export interface Turn {
  ws: WorkspaceContext;
  principal: Principal;
  threadId: string;
  messageId: string;
  history: MessageRow[];
  titleSource: 'default' | 'auto' | 'user';
  reservationId: string;
  model: { model: LanguageModel; name: string; priceId: string; simulated: boolean; standsInFor?: string };
  brand: { name: string; competitors: string[]; domains: string[] };
}

type Part = Record<string, unknown>;

function systemPrompt(turn: Turn, today: string) {
  return [
    `You are the GEO visibility assistant of the workspace "${turn.ws.slug}" for the brand ${turn.brand.name} (${turn.brand.domains.join(', ')}); tracked competitors: ${turn.brand.competitors.join(', ')}. Today is ${today}.`,
    'Answer from the workspace\'s own data, read through the tools; never invent figures. Give numbers with their sample size (n) and 95% interval when the data has them, and say when results come from simulated engines.',
    'If a tool is missing or refuses, say which data you could not read. Be concise.',
  ].join('\n');
}

export function createTurnRunner(deps: { db: Db; clock: Clock; credits: CreditsService; specs: ChatToolSpec[]; settings: { heartbeatMs: number }; log: FastifyBaseLogger }) {
  const { db, clock, credits } = deps;
  const live = new Map<string, AbortController>();

  async function run(turn: Turn, sink: SseSink) {
    const stop = new AbortController();
    const timeout = AbortSignal.timeout(TURN_TIMEOUT_MS);
    const signal = AbortSignal.any([stop.signal, timeout]);
    live.set(turn.threadId, stop);
    const onClosed = () => stop.abort(new Error('client disconnected'));
    sink.closed.addEventListener('abort', onClosed, { once: true });
    const parts: Part[] = [];
    let text: Part | null = null;
    let index = 0;
    let leased = 0;
    let stoppedCredits = false;
    let finishReason = 'stop';
    let failed: string | null = null;
    let stepChars = 0;
    let stepOpen = false;
    const usage = { promptTokens: 0, completionTokens: 0 };
    let promptChars = 0;

    // A comment line whenever the stream has been silent for the heartbeat interval (tool steps).
    let lastWrite = Date.now();
    const send = (name: string, data: unknown) => {
      lastWrite = Date.now();
      sink.event(name, data);
    };
    const heartbeat = setInterval(() => {
      if (Date.now() - lastWrite < deps.settings.heartbeatMs) return;
      lastWrite = Date.now();
      sink.comment();
    }, Math.max(5, Math.floor(deps.settings.heartbeatMs / 2)));

    try {
      send('start', { type: 'start', threadId: turn.threadId, messageId: turn.messageId, model: turn.model.name, simulated: turn.model.simulated });
      const first = await credits.lease(turn.reservationId, STEP_LEASE_MICROUSD);
      if (!first.granted) throw new Error('the turn\'s credit hold refused its first step');
      leased += STEP_LEASE_MICROUSD;
      const tools = toolSetFor(deps.specs, turn.principal, { ws: turn.ws });
      const messages = await convertToModelMessages(
        turn.history.map((m) => ({ id: m.id, role: m.role, parts: m.parts, metadata: m.metadata }) as unknown as UIMessage),
        { tools, ignoreIncompleteToolCalls: true },
      );
      promptChars = JSON.stringify(messages).length;
      const result = streamText({
        model: turn.model.model, system: systemPrompt(turn, clock.now().toISOString().slice(0, 10)), messages, tools, maxRetries: 2,
        abortSignal: signal,
        // The next step runs only with its lease; the last allowed step must answer in text.
        stopWhen: async ({ steps }) => {
          if (steps.length >= MAX_STEPS) return true;
          const lease = await credits.lease(turn.reservationId, STEP_LEASE_MICROUSD);
          if (!lease.granted) return (stoppedCredits = true);
          leased += STEP_LEASE_MICROUSD;
          return false;
        },
        prepareStep: ({ stepNumber }) => (stepNumber === MAX_STEPS - 1 ? { toolChoice: 'none' } : undefined),
        onError: () => {}, // reported in the stream below
      });
      for await (const part of result.fullStream) {
        switch (part.type) {
          case 'start-step':
            parts.push({ type: 'step-start' });
            text = null;
            stepChars = 0;
            stepOpen = true;
            break;
          case 'text-delta':
            if (!text) parts.push((text = { type: 'text', text: '', state: 'streaming' }));
            text.text += part.text;
            stepChars += part.text.length;
            send('text-delta', { type: 'text-delta', text: part.text, index: index++ });
            break;
          case 'tool-call':
            text = null;
            parts.push({ type: `tool-${part.toolName}`, toolCallId: part.toolCallId, state: 'input-available', input: part.input });
            send('tool-call', { type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
            break;
          case 'tool-result':
          case 'tool-error': {
            const ok = part.type === 'tool-result';
            const found = parts.find((p) => p.toolCallId === part.toolCallId);
            const settled = ok ? { state: 'output-available', output: part.output } : { state: 'output-error', errorText: String((part.error as Error)?.message ?? part.error) };
            if (found) Object.assign(found, settled);
            else parts.push({ type: `tool-${part.toolName}`, toolCallId: part.toolCallId, input: part.input, ...settled });
            send('tool-result', { type: 'tool-result', toolCallId: part.toolCallId, toolName: part.toolName, ...(ok ? { output: part.output } : { error: settled.errorText }) });
            break;
          }
          case 'finish-step':
            usage.promptTokens += part.usage.inputTokens ?? 0;
            usage.completionTokens += part.usage.outputTokens ?? 0;
            stepOpen = false;
            break;
          case 'finish':
            finishReason = part.finishReason;
            break;
          case 'error':
            failed = (part.error as Error)?.message ?? String(part.error);
            break;
          default:
            break;
        }
      }
    } catch (err) {
      if (!signal.aborted) failed = (err as Error).message;
    } finally {
      clearInterval(heartbeat);
      sink.closed.removeEventListener('abort', onClosed);
      if (live.get(turn.threadId) === stop) live.delete(turn.threadId);
    }

    // A step cut short (client gone, provider error) reported no usage: estimate it.
    if (stepOpen) {
      usage.promptTokens += estimateTokens(promptChars);
      usage.completionTokens += estimateTokens(stepChars);
    }
    if (timeout.aborted && !stop.signal.aborted) failed = `The turn was cut off after ${TURN_TIMEOUT_MS / 1000} seconds.`;
    // Stopped from here: the client went away, or the thread was deleted while it streamed.
    const reason = failed ? 'error' : stop.signal.aborted ? 'aborted' : stoppedCredits ? 'stopped_credits' : finishReason;
    if (failed) send('error', { type: 'error', message: failed });
    for (const p of parts) if (p.type === 'text') p.state = 'done';

    let charged = 0;
    try {
      // The simulated model stands in when no model is configured: a template over the data is
      // not charged. Its turn still holds and leases like any other, so step limits and
      // the 402 before a stream behave the same whichever model answers.
      charged = turn.model.simulated ? 0 : turnCost(usage, turn.model.priceId, leased);
      await credits.settle(turn.reservationId, charged);
    } catch (err) {
      deps.log.error({ err, reservationId: turn.reservationId }, 'chat turn settlement failed');
    }
    try {
      await save(turn, parts, { usage, finishReason: reason, steps: parts.filter((p) => p.type === 'step-start').length, creditsMicrousd: charged });
    } catch (err) {
      deps.log.error({ err, threadId: turn.threadId }, 'chat turn could not be stored');
    }
    if (!sink.closed.aborted) send('finish', { type: 'finish', finishReason: reason, usage });
    sink.end();
  }

  /** The answer, its metadata, the thread's lock released and, after the first exchange, its title. */
  async function save(turn: Turn, parts: Part[], outcome: Record<string, unknown>) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const existing = await repo.message(tx, turn.threadId, turn.messageId);
      if (!existing) return; // the thread was deleted while streaming
      await repo.saveMessage(tx, turn.threadId, turn.messageId, { parts, metadata: { ...existing.metadata, ...outcome, completedAt: now.toISOString() } });
      const firstQuestion = turn.titleSource === 'default' ? turn.history.find((m) => m.role === 'user') : undefined;
      const title = firstQuestion ? shortTitle(firstQuestion.parts.map((p) => (p.type === 'text' ? String(p.text) : '')).join(' ')) : undefined;
      await repo.updateThread(tx, turn.threadId, { activeMessageId: null, activeSince: null, updatedAt: now });
      if (title) await repo.autoTitle(tx, turn.threadId, title);
    });
  }

  return {
    run,
    /** Stops a turn streaming in this process (its thread was deleted). */
    abortThread(threadId: string) {
      live.get(threadId)?.abort(new Error('thread deleted'));
    },
  };
}

/** A stored answer streamed again (an `Idempotency-Key` replay): same events, no model call, no charge. */
export function replayAnswer(threadId: string, message: { id: string; parts: Part[]; metadata: Record<string, unknown> }, sink: SseSink) {
  const meta = message.metadata;
  sink.event('start', { type: 'start', threadId, messageId: message.id, model: meta.model, simulated: meta.simulated, replayed: true });
  let index = 0;
  for (const part of message.parts) {
    if (part.type === 'text' && typeof part.text === 'string' && part.text) sink.event('text-delta', { type: 'text-delta', text: part.text, index: index++ });
  }
  sink.event('finish', { type: 'finish', finishReason: meta.finishReason ?? 'error', usage: meta.usage ?? { promptTokens: 0, completionTokens: 0 } });
  sink.end();
}
