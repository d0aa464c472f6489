import type { LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { claimIdempotencyKey, requestFingerprint } from '../../lib/idempotency/idempotency.ts';
import type { Principal, WorkspaceContext } from '../../lib/http/types.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import { modelConnector } from '../engines/providers.ts';
import type { ModelResolver } from '../engines/model-resolver.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import {
  DEFAULT_TITLE, LIMITS, newUserMessages, STEP_LEASE_MICROUSD, TURN_RESERVATION_MICROUSD, TURN_TIMEOUT_MS, type PostedMessage,
} from './chat.fns.ts';
import { chatRepo as repo, type MessageRow, type ThreadRow } from './chat.repo.ts';
import { chatToolSpecs, type ChatToolServices } from './chat.tools.ts';
import { createSimulatedChatModel, SIMULATED_MODEL_ID } from './simulated-model.ts';
import { createTurnRunner, type SseSink } from './chat.turn.ts';

// Threads and turns. A turn is started in one transaction (thread locked, idempotency key
// claimed, the user's new messages and a placeholder answer stored, credits held) before any
// byte is streamed, so every refusal is a plain 4xx; then it streams (chat.turn.ts).

export interface ChatSettings {
  /** A comment line is written when nothing else was for this long (proxies drop silent streams). */
  heartbeatMs: number;
  /** Pace of the simulated model's words. */
  simulatedTokenMs: number;
}
export const DEFAULT_CHAT_SETTINGS: ChatSettings = { heartbeatMs: 10_000, simulatedTokenMs: 15 };

export interface ChatDeps {
  db: Db;
  clock: Clock;
  credits: CreditsService;
  workspaces: WorkspacesService;
  /** The workspace's model (engines/model-resolver.ts); the simulated one stands in without a key. */
  models: ModelResolver;
  tools: ChatToolServices;
  settings?: Partial<ChatSettings>;
  log: FastifyBaseLogger;
}

export const threadView = (t: ThreadRow, slug: string) => ({
  id: t.id, workspace: slug, title: t.title, createdAt: t.createdAt.toISOString(), updatedAt: t.updatedAt.toISOString(),
  messageCount: t.messageCount, pinned: t.pinned,
});
export const messageView = (m: MessageRow) => ({ id: m.id, role: m.role, parts: m.parts as Array<{ type: string }>, metadata: m.metadata });

export function createChatService(deps: ChatDeps) {
  const { db, clock, credits } = deps;
  const settings = { ...DEFAULT_CHAT_SETTINGS, ...deps.settings };
  const specs = chatToolSpecs(deps.tools);
  const scopeOf = (name: string) => specs.find((s) => s.name === name)?.scope;
  const runner = createTurnRunner({ db, clock, credits, specs, settings, log: deps.log });

  async function threadOf(ws: WorkspaceContext, id: string) {
    const row = await repo.thread(db, ws.id, id);
    if (!row) throw notFound('Thread');
    return row;
  }

  /**
   * The workspace's model when the resolver says it is usable (the same `status` Settings shows),
   * else the simulated model in its place, which answers from the figures in the question's language.
   */
  type Row = { model: string | null; displayName: string; languages: string[]; competitors: Array<{ name: string; aliases?: string[] | null }> };
  async function modelFor(ws: WorkspaceContext, row: Row): Promise<{ model: LanguageModel; name: string; priceId: string; simulated: boolean; standsInFor?: string }> {
    const status = await deps.models.status(ws.id, row);
    const real = status.usable ? await deps.models.model(ws.id, row) : null;
    if (real) return { ...real, simulated: false };
    const id = modelConnector(status.model).id;
    const asker = { brand: row.displayName, competitors: row.competitors, languages: row.languages };
    return {
      model: createSimulatedChatModel({ tokenDelayMs: settings.simulatedTokenMs, scopeOf, asker, standsInFor: { model: status.model, reason: status.reason ?? 'no_key' } }),
      name: SIMULATED_MODEL_ID, priceId: id, simulated: true, standsInFor: status.model,
    };
  }

  /** Holds min(720,000, available) when at least one step is covered, else 402 (docs/chat.md, "Credits"). */
  async function hold(tx: Db, ws: WorkspaceContext, metadata: Record<string, unknown>) {
    const options = { ttlMs: TURN_TIMEOUT_MS + 60_000, metadata };
    try {
      return await credits.reserveIn(tx, ws.id, 'chat', TURN_RESERVATION_MICROUSD, options);
    } catch (err) {
      const available = (err as AppError).details?.availableMicrousd as number | undefined;
      if (!(err instanceof AppError) || err.code !== 'insufficient_credits' || available === undefined) throw err;
      if (available < STEP_LEASE_MICROUSD) {
        throw new AppError('insufficient_credits', `A chat turn needs at least one step of ${STEP_LEASE_MICROUSD} micro-USD; ${available} are available.`, {
          requiredMicrousd: STEP_LEASE_MICROUSD, availableMicrousd: available,
        });
      }
      return credits.reserveIn(tx, ws.id, 'chat', available, options);
    }
  }

  return {
    async createThread(ws: WorkspaceContext, title?: string) {
      const now = clock.now();
      const row = await repo.insertThread(db, {
        id: newId('thr'), workspaceId: ws.id, title: title?.trim() || DEFAULT_TITLE, titleSource: title?.trim() ? 'user' : 'default',
        pinned: false, messageCount: 0, createdAt: now, updatedAt: now,
      });
      return { ...threadView(row, ws.slug), messages: [] };
    },

    listThreads: async (ws: WorkspaceContext) => (await repo.threads(db, ws.id)).map((t) => threadView(t, ws.slug)),

    async getThread(ws: WorkspaceContext, id: string) {
      const row = await threadOf(ws, id);
      return { ...threadView(row, ws.slug), messages: (await repo.messages(db, id)).map(messageView) };
    },

    async updateThread(ws: WorkspaceContext, id: string, patch: { title?: string; pinned?: boolean }) {
      await threadOf(ws, id);
      const title = patch.title?.trim();
      if (patch.title !== undefined && !title) throw new AppError('invalid_request', 'body.title must hold some text');
      const row = await repo.updateThread(db, id, {
        ...(title ? { title, titleSource: 'user' as const } : {}), ...(patch.pinned !== undefined ? { pinned: patch.pinned } : {}), updatedAt: clock.now(),
      });
      return threadView(row!, ws.slug);
    },

    async deleteThread(ws: WorkspaceContext, id: string) {
      if (!(await repo.deleteThread(db, ws.id, id))) throw notFound('Thread');
      runner.abortThread(id); // a turn streaming in this process stops; its hold is still settled
      return { id, deleted: true as const };
    },

    /**
     * Everything a turn needs before streaming, or a replay of a stored answer. Throws the 4xx
     * (404 thread, 400 input, 409 busy or idempotency conflict, 402 credits) with nothing stored.
     */
    async startTurn(ws: WorkspaceContext, principal: Principal, body: { threadId: string; messages: PostedMessage[] }, idempotencyKey: string) {
      const workspace = await deps.workspaces.getRow(ws);
      const chosen = await modelFor(ws, workspace);
      const assistantId = newId('msg');
      const requestHash = requestFingerprint({ threadId: body.threadId, messages: body.messages });
      const started = await db.transaction(async (tx) => {
        const now = clock.now();
        const thread = await repo.thread(tx, ws.id, body.threadId, true);
        if (!thread) throw notFound('Thread');
        const claim = await claimIdempotencyKey(tx, { workspaceId: ws.id, scope: `chat.turn:${thread.id}`, key: idempotencyKey, requestHash, resourceId: assistantId, now });
        const busy = thread.activeMessageId !== null && thread.activeSince !== null && now.getTime() - thread.activeSince.getTime() < TURN_TIMEOUT_MS + 60_000;
        if (!claim.fresh) {
          if (busy && thread.activeMessageId === claim.resourceId) throw new AppError('job_already_running', 'This turn is still streaming; replay it once it has finished.');
          const stored = await repo.message(tx, thread.id, claim.resourceId);
          if (!stored) throw new AppError('idempotency_conflict', 'The turn of this idempotency key left no answer (its thread history was changed).');
          return { kind: 'replay' as const, message: stored };
        }
        if (busy) throw new AppError('job_already_running', 'A turn is already streaming in this thread; wait for its finish event.');
        const fresh = newUserMessages(body.messages, await repo.messageIds(tx, thread.id));
        if (thread.activeMessageId) await repo.markInterrupted(tx, thread.id, thread.activeMessageId);
        const metadata = { model: chosen.name, simulated: chosen.simulated, ...(chosen.standsInFor ? { standsInFor: chosen.standsInFor } : {}), finishReason: null, createdAt: now.toISOString() };
        await repo.insertMessages(tx, [
          ...fresh.map((m, i) => ({ threadId: thread.id, id: m.id, seq: thread.messageCount + i + 1, role: 'user' as const, parts: m.parts, metadata: { createdAt: now.toISOString() }, createdAt: now })),
          { threadId: thread.id, id: assistantId, seq: thread.messageCount + fresh.length + 1, role: 'assistant', parts: [], metadata, createdAt: now },
        ]);
        await repo.updateThread(tx, thread.id, { messageCount: thread.messageCount + fresh.length + 1, activeMessageId: assistantId, activeSince: now, updatedAt: now });
        // Last: the workspace's credit account stays locked from here to the commit only.
        const reservation = await hold(tx, ws, { threadId: thread.id, messageId: assistantId });
        return { kind: 'turn' as const, thread, reservationId: reservation.reservationId, reserved: reservation.amount, low: reservation.low };
      });
      if (started.kind === 'turn') await credits.announceLow(started.low); // after the commit
      if (started.kind === 'replay') return { kind: 'replay' as const, threadId: body.threadId, message: messageView(started.message) };
      const history = await repo.latestMessages(db, body.threadId, LIMITS.historyMessages + 1);
      return {
        kind: 'turn' as const,
        run: (sink: SseSink) => runner.run({
          ws, principal, threadId: body.threadId, messageId: assistantId, history: history.filter((m) => m.id !== assistantId && m.parts.length > 0).slice(-LIMITS.historyMessages),
          titleSource: started.thread.titleSource, reservationId: started.reservationId, model: chosen,
          brand: { name: workspace.displayName, competitors: workspace.competitors.map((c) => c.name), domains: workspace.domains },
        }, sink),
      };
    },
  };
}
export type ChatService = ReturnType<typeof createChatService>;
