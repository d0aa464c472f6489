// Pure rules of inbox provisioning: how a provider's answer is classed, and the outcome after
// several attempts. Kept apart from the HTTP adapter so that the rules are table-tested.

import { trimOf } from '../../lib/text/trim.ts';

export type AttemptOutcome =
  | { kind: 'provisioned'; email: string; inboxId: string }
  | { kind: 'conflict'; message: string }
  /** Worth another attempt: the network failed, the provider is overloaded or broken for now. */
  | { kind: 'retry'; message: string }
  /** Another attempt would fail the same way: bad key, bad request, unknown domain. */
  | { kind: 'permanent'; message: string };

const CONFLICT_NAMES = new Set(['AlreadyExistsError', 'IsTakenError', 'ConflictError']);

/**
 * AgentMail's answer to `POST /v0/inboxes`, classed. 200 carries the inbox (`inbox_id` is the
 * address); a taken username is 409 or an error named `AlreadyExistsError`/`IsTakenError`;
 * 408, 429 and 5xx are transient; any other status is permanent.
 */
export function classifyInboxResponse(status: number, body: unknown): AttemptOutcome {
  const obj = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const detail = typeof obj.message === 'string' ? obj.message : typeof obj.name === 'string' ? obj.name : `HTTP ${status}`;
  if (status >= 200 && status < 300) {
    const inboxId = typeof obj.inbox_id === 'string' ? obj.inbox_id : null;
    const email = typeof obj.email === 'string' ? obj.email : inboxId;
    if (!inboxId || !email || !email.includes('@')) return { kind: 'retry', message: 'the provider answered without an inbox address' };
    return { kind: 'provisioned', email, inboxId };
  }
  if (status === 409 || (typeof obj.name === 'string' && CONFLICT_NAMES.has(obj.name))) {
    return { kind: 'conflict', message: `The inbox name is taken at the provider: ${detail}` };
  }
  if (status === 408 || status === 429 || status >= 500) return { kind: 'retry', message: `provider answered ${status}: ${detail}` };
  return { kind: 'permanent', message: `provider refused (${status}): ${detail}` };
}

/** Delay before attempt `n` (n ≥ 2): 2^(n-2) × base, so 1×, 2×, 4×… */
export const backoffMs = (attempt: number, baseMs: number) => (attempt < 2 ? 0 : baseMs * 2 ** (attempt - 2));

/** The local part of an inbox address made from a workspace slug (already [a-z0-9-]). */
export const inboxUsername = (slug: string) => trimOf(slug, '-').slice(0, 64);

/** Backfill takes workspaces that have no inbox for a reason that may have gone away. */
export const needsBackfill = (status: string | null) => status === null || status === 'unconfigured' || status === 'failed';
