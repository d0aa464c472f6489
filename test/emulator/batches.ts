import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { anthropicMessage, type Answer } from './bodies.ts';

// Anthropic Message Batches in the emulator: create (POST /v1/messages/batches with
// `requests[{custom_id, params}]`), retrieve (GET …/{id}: `processing_status`, `request_counts`,
// `results_url` once ended), results (GET …/{id}/results: JSONL, one line per request with
// `result.type` succeeded / errored / canceled / expired) and cancel (POST …/{id}/cancel).
// A batch ends when the test says so (`end`), or after `endAfterPolls` retrieves: never on a clock.

export type BatchOutcome = 'succeeded' | 'errored' | 'expired' | 'canceled';

export interface BatchOptions {
  /** Retrieves of a batch before it ends by itself (default: never; the test calls `end`). */
  endAfterPolls?: number;
  /** The outcome of each request (default: succeeded). */
  outcome?: (customId: string, index: number) => BatchOutcome;
}

export interface BatchCounts {
  created: number;
  requests: number;
  retrieves: number;
  succeeded: number;
  errored: number;
  expired: number;
  canceled: number;
  inputTokens: number;
  outputTokens: number;
  searchCalls: number;
}

interface Batch {
  id: string;
  key: string;
  requests: Array<{ custom_id: string; params: { model?: string; messages?: Array<{ content?: unknown }> } }>;
  status: 'in_progress' | 'canceling' | 'ended';
  polls: number;
  createdAt: string;
  endedAt: string | null;
  cancelled: boolean;
  results: Array<{ custom_id: string; result: unknown }>;
}

export interface Batches {
  /** Handles a Message Batches path (true) or leaves it to the live routes (false). */
  handle(req: IncomingMessage, res: ServerResponse, path: string, raw: string, origin: string): boolean;
  /** Ends every batch in progress (or one), processing its requests now. */
  end(id?: string): void;
  counts(): BatchCounts;
  /** The ids created so far, oldest first. */
  ids(): string[];
}

export function createBatches(options: BatchOptions, deps: { events: EventEmitter; rand: () => number }): Batches {
  const batches = new Map<string, Batch>();
  const counts: BatchCounts = { created: 0, requests: 0, retrieves: 0, succeeded: 0, errored: 0, expired: 0, canceled: 0, inputTokens: 0, outputTokens: 0, searchCalls: 0 };

  const countsOf = (b: Batch) => {
    const c = { processing: 0, succeeded: 0, errored: 0, canceled: 0, expired: 0 };
    if (b.status !== 'ended') c.processing = b.requests.length;
    else for (const r of b.results) c[(r.result as { type: BatchOutcome }).type]++;
    return c;
  };
  const view = (b: Batch, origin: string) => ({
    id: b.id, type: 'message_batch', processing_status: b.status, request_counts: countsOf(b), ended_at: b.endedAt, created_at: b.createdAt,
    expires_at: new Date(Date.parse(b.createdAt) + 24 * 3600_000).toISOString(), cancel_initiated_at: b.cancelled ? b.endedAt : null,
    archived_at: null, results_url: b.status === 'ended' ? `${origin}/anthropic/v1/messages/batches/${b.id}/results` : null,
  });

  function process(b: Batch) {
    if (b.status === 'ended') return;
    b.results = b.requests.map((r, i) => {
      const outcome: BatchOutcome = b.cancelled ? 'canceled' : options.outcome?.(r.custom_id, i) ?? 'succeeded';
      counts[outcome]++;
      if (outcome === 'errored') return { custom_id: r.custom_id, result: { type: 'errored', error: { type: 'error', error: { type: 'invalid_request_error', message: 'Injected batch entry error' } } } };
      if (outcome !== 'succeeded') return { custom_id: r.custom_id, result: { type: outcome } };
      const content = r.params.messages?.[0]?.content;
      const query = typeof content === 'string' ? content : JSON.stringify(content ?? '');
      const usage = { inputTokens: Math.ceil(query.length / 4), outputTokens: 150 + Math.floor(deps.rand() * 250), searchCalls: 1 + Math.floor(deps.rand() * 2) };
      counts.inputTokens += usage.inputTokens;
      counts.outputTokens += usage.outputTokens;
      counts.searchCalls += usage.searchCalls;
      const answer: Answer = {
        text: 'Acme is a good choice for anthropic; Globex is an alternative.', model: r.params.model ?? 'claude-sonnet-4-5', query: query.slice(0, 80), usage,
        sources: [{ url: 'https://acme.com/pricing', title: 'Acme pricing' }, { url: 'https://www.g2.com/categories/crm', title: 'G2' }],
      };
      return { custom_id: r.custom_id, result: { type: 'succeeded', message: anthropicMessage(answer, `${b.id}_${i}`) } };
    });
    b.status = 'ended';
    b.endedAt = new Date().toISOString();
    deps.events.emit('batch', { id: b.id, status: 'ended' });
  }

  const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const notFound = (res: ServerResponse) => json(res, 404, { type: 'error', error: { type: 'not_found_error', message: 'No such batch' } });

  return {
    handle(req, res, path, raw, origin) {
      const m = /^\/anthropic\/v1\/messages\/batches(?:\/([^/]+))?(?:\/(results|cancel))?$/.exec(path);
      if (!m) return false;
      const key = String(req.headers['x-api-key'] ?? '');
      if (!key) return json(res, 401, { type: 'error', error: { type: 'authentication_error', message: 'x-api-key header is required' } }), true;
      const [, id, action] = m;
      if (!id && req.method === 'POST') {
        let body: { requests?: Batch['requests'] };
        try {
          body = JSON.parse(raw);
        } catch {
          return json(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'invalid JSON' } }), true;
        }
        const requests = body.requests;
        if (!Array.isArray(requests) || !requests.length || requests.some((r) => !/^[a-zA-Z0-9_-]{1,64}$/.test(String(r?.custom_id)) || typeof r.params !== 'object')) {
          return json(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'requests: each needs a custom_id (1-64 of [a-zA-Z0-9_-]) and params' } }), true;
        }
        const b: Batch = { id: `msgbatch_${String(batches.size + 1).padStart(6, '0')}`, key, requests, status: 'in_progress', polls: 0, createdAt: new Date().toISOString(), endedAt: null, cancelled: false, results: [] };
        batches.set(b.id, b);
        counts.created++;
        counts.requests += requests.length;
        deps.events.emit('batch', { id: b.id, status: 'created' });
        return json(res, 200, view(b, origin)), true;
      }
      const b = id ? batches.get(id) : undefined;
      if (!b || b.key !== key) return notFound(res), true;
      if (action === 'cancel' && req.method === 'POST') {
        if (b.status !== 'ended') {
          b.cancelled = true;
          process(b);
        }
        return json(res, 200, view(b, origin)), true;
      }
      if (action === 'results' && req.method === 'GET') {
        if (b.status !== 'ended') return json(res, 400, { type: 'error', error: { type: 'invalid_request_error', message: 'the batch has not ended' } }), true;
        res.writeHead(200, { 'content-type': 'application/x-jsonl' }).end(b.results.map((r) => JSON.stringify(r)).join('\n') + '\n');
        return true;
      }
      if (!action && req.method === 'GET') {
        counts.retrieves++;
        b.polls++;
        if (options.endAfterPolls !== undefined && b.polls >= options.endAfterPolls) process(b);
        deps.events.emit('batch', { id: b.id, status: 'retrieved' });
        return json(res, 200, view(b, origin)), true;
      }
      return notFound(res), true;
    },
    end(id) {
      for (const b of batches.values()) if (!id || b.id === id) process(b);
    },
    counts: () => ({ ...counts }),
    ids: () => [...batches.keys()],
  };
}
