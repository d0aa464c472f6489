import { randomBytes } from 'node:crypto';

// The rules of outbound webhooks as pure functions: the retry schedule, what counts as delivered,
// the body every attempt sends. The service and the worker ask these, and tests read them as tables.

/** A ping sent by `POST …/webhooks/{id}/test`; never a subscribable event. */
export const TEST_EVENT_TYPE = 'webhook.test';

export interface DeliveryPolicy {
  /** Attempts per delivery, the first included (default 6). */
  maxAttempts: number;
  /** Wait before the 2nd attempt; each later wait is 3× the previous (30 s: 30 s, 1.5, 4.5, 13.5, 40.5 min ≈ 1 h in all). */
  retryBaseMs: number;
  /** One attempt's limit, connection to last byte (default 10 s). */
  timeoutMs: number;
  /** Consecutive failed deliveries after which an endpoint is disabled (default 20). */
  disableAfter: number;
}

export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = { maxAttempts: 6, retryBaseMs: 30_000, timeoutMs: 10_000, disableAfter: 20 };
export const MAX_ENDPOINTS_PER_WORKSPACE = 10;
const BACKOFF_FACTOR = 3;
const JITTER = 0.1;

/**
 * The wait after attempt `attempt` (1-based) failed, or null when it was the last. `random` in
 * [0, 1) spreads retries by up to +10% so that endpoints that failed together are not retried in step.
 */
export function retryDelayMs(attempt: number, policy: Pick<DeliveryPolicy, 'maxAttempts' | 'retryBaseMs'>, random = 0): number | null {
  if (attempt >= policy.maxAttempts) return null;
  return Math.round(policy.retryBaseMs * BACKOFF_FACTOR ** (attempt - 1) * (1 + JITTER * random));
}

/**
 * How long a poller's claim on a delivery stands. An attempt ends within the timeout and a batch
 * within its slowest attempt, so a claim older than twice the timeout plus half a minute (for
 * recording) belongs to a process that died or hung: the maintenance sweep takes it back then.
 */
export const claimLeaseMs = (policy: Pick<DeliveryPolicy, 'timeoutMs'>) => 2 * policy.timeoutMs + 30_000;

/** What a lost attempt's row says: its claimant stopped before recording it (it may have reached the receiver). */
export const LOST_ATTEMPT_ERROR = 'attempt lost: the process that claimed it stopped before recording its outcome';

/** Delivered means a 2xx answer. A redirect is not followed (the target was never checked by the user), so 3xx fails too. */
export const delivered = (statusCode: number | null) => statusCode !== null && statusCode >= 200 && statusCode < 300;

/** The JSON body of every delivery of an event: `{type, timestamp, data}`. */
export function deliveryBody(event: { type: string; occurredAt: Date; data: Record<string, unknown> }): string {
  return JSON.stringify({ type: event.type, timestamp: event.occurredAt.toISOString(), data: event.data });
}

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** What one attempt's record says when the endpoint is to be disabled after this failure. */
export function shouldDisable(consecutiveFailures: number, policy: Pick<DeliveryPolicy, 'disableAfter'>): boolean {
  return consecutiveFailures >= policy.disableAfter;
}
