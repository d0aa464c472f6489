import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { unseal } from '../../lib/crypto.ts';
import { FetchRefusedError, type SafeFetcher } from '../../lib/safe-fetch/safe-fetch.ts';
import type { JobQueue } from '../jobs/jobs.queue.ts';
import { claimLeaseMs, delivered, LOST_ATTEMPT_ERROR, retryDelayMs, shouldDisable, type DeliveryPolicy } from './webhooks.fns.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './webhooks.tables.ts';

// The delivery worker. A pg-boss job of kind `webhook_delivery` names one delivery; each poller
// takes a batch of them (one fetch, one completion), claims them in one statement, POSTs them
// concurrently through the safe fetcher and records every attempt. A failed attempt schedules
// the next as a new job due later (exponential backoff); the queue itself never retries.

export const WEBHOOK_KIND = 'webhook_delivery';
/** Deliveries one poller sends at once; two pollers per process (workersFor) bound requests in flight to 2×this. */
export const WEBHOOK_BATCH_SIZE = 25;
/** A pending delivery nobody claimed this long after it was due has lost its job (pollers take one within a second). */
export const UNQUEUED_AFTER_MS = 120_000;

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export interface AttemptResult {
  startedAt: Date;
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
}

/** The sealed secret is bound to its workspace and endpoint: copied to another row it no longer opens. */
export const secretAad = (workspaceId: string, endpointId: string) => `webhook:${workspaceId}:${endpointId}`;

export interface DelivererDeps {
  db: Db;
  clock: Clock;
  fetcher: SafeFetcher;
  queue: Pick<JobQueue, 'sendMany' | 'workBatches'>;
  credentialsKey: Buffer;
  policy: DeliveryPolicy;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/** drizzle wraps the driver's error; PostgreSQL's code for a foreign key violation is 23503. */
const isForeignKeyViolation = (err: unknown) => [(err as { code?: string }).code, (err as { cause?: { code?: string } }).cause?.code].includes('23503');

export function createDeliverer(deps: DelivererDeps) {
  const { db, clock, policy } = deps;
  const inFlight = new Set<AbortController>();
  const handling = new Set<Promise<void>>();
  let stopping = false;

  /** One signed POST. Never throws: a refusal, timeout or network error is the attempt's `error`. */
  async function post(endpoint: EndpointRow, delivery: Pick<DeliveryRow, 'eventId' | 'body'>, signal?: AbortSignal): Promise<AttemptResult> {
    const startedAt = clock.now();
    const t0 = performance.now();
    const latency = () => Math.round(performance.now() - t0);
    try {
      const secret = unseal(deps.credentialsKey, endpoint.secretCiphertext, secretAad(endpoint.workspaceId, endpoint.id));
      const headers = {
        'content-type': 'application/json',
        'webhook-id': delivery.eventId,
        'webhook-timestamp': String(Math.floor(startedAt.getTime() / 1000)),
        // Signed again at each attempt: receivers refuse timestamps older than a few minutes.
        'webhook-signature': new Webhook(secret).sign(delivery.eventId, startedAt, delivery.body),
      };
      const res = await deps.fetcher.fetch(endpoint.url, {
        method: 'POST', headers, body: delivery.body, timeoutMs: policy.timeoutMs, followRedirects: false, maxBytes: 4096, signal,
      });
      const redirect = res.status >= 300 && res.status < 400 ? `redirects are not followed (location: ${(res.headers.location ?? '').slice(0, 200)})` : null;
      return { startedAt, statusCode: res.status, error: redirect, latencyMs: latency() };
    } catch (err) {
      const error = err instanceof FetchRefusedError ? `${err.reason}: ${err.message}` : (err as Error).message;
      return { startedAt, statusCode: null, error, latencyMs: latency() };
    }
  }

  /** Attempts a batch of deliveries (the worker's handler). */
  async function handle(ids: string[]) {
    // Claiming increments `attempts` only for deliveries still pending and not claimed: a job for a
    // delivery that ended (or was deleted with its endpoint), or that another poller holds (a
    // duplicate job), does nothing. The claim's time is its lease (claimLeaseMs).
    const claimedAt = clock.now();
    const claimed = await db.update(webhookDeliveries).set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: null, claimedAt })
      .where(and(inArray(webhookDeliveries.id, ids), eq(webhookDeliveries.status, 'pending'), isNull(webhookDeliveries.claimedAt))).returning();
    if (!claimed.length) return;
    const endpointIds = [...new Set(claimed.map((d) => d.endpointId))];
    const endpoints = new Map((await db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, endpointIds))).map((e) => [e.id, e]));
    const controller = new AbortController();
    inFlight.add(controller);
    let results: Array<AttemptResult | null>;
    try {
      results = await Promise.all(claimed.map(async (d) => {
        const endpoint = endpoints.get(d.endpointId);
        if (!endpoint) return null;
        if (endpoint.disabledAt) return { startedAt: clock.now(), statusCode: null, error: `endpoint disabled: ${endpoint.disabledReason ?? ''}`.trim(), latencyMs: 0 };
        return post(endpoint, d, controller.signal);
      }));
    } finally {
      inFlight.delete(controller);
    }
    if (stopping && controller.signal.aborted) return requeue(claimed);
    await record(claimed, results, endpoints);
  }

  /** Shutdown cut the batch short: its attempts did not happen; they are given back and queued again. */
  async function requeue(claimed: DeliveryRow[]) {
    await db.update(webhookDeliveries).set({ attempts: sql`${webhookDeliveries.attempts} - 1`, claimedAt: null })
      .where(and(inArray(webhookDeliveries.id, claimed.map((d) => d.id)), eq(webhookDeliveries.status, 'pending')));
    await deps.queue.sendMany(WEBHOOK_KIND, claimed.map((d) => ({ jobId: d.id })));
  }

  /**
   * Records a batch's attempts and moves each delivery on (succeeded, due again later, failed).
   * Only rows still claimed as `claimed` are moved: a claimant that outlived its lease finds its
   * deliveries taken back by the sweep, and the sweep's record stands.
   */
  async function record(claimed: DeliveryRow[], results: Array<AttemptResult | null>, endpoints: Map<string, EndpointRow>) {
    const now = clock.now();
    const mine = (ids: string[]) => and(inArray(webhookDeliveries.id, ids), eq(webhookDeliveries.claimedAt, claimed[0]!.claimedAt!));
    const rows: Array<typeof webhookAttempts.$inferInsert> = [];
    const succeeded: string[] = [];
    const retries: Array<{ jobId: string; startAfter: Date }> = [];
    const failed: DeliveryRow[] = [];
    claimed.forEach((d, i) => {
      const result = results[i];
      if (!result) return;
      const ok = delivered(result.statusCode);
      const disabled = Boolean(endpoints.get(d.endpointId)?.disabledAt);
      const wait = ok || disabled ? null : retryDelayMs(d.attempts, policy, Math.random());
      const nextAttemptAt = wait === null ? null : new Date(now.getTime() + wait);
      rows.push({ deliveryId: d.id, attempt: d.attempts, ...result, nextAttemptAt });
      if (ok) succeeded.push(d.id);
      else if (nextAttemptAt) retries.push({ jobId: d.id, startAfter: nextAttemptAt });
      else failed.push(d);
    });
    let alive = new Set(claimed.map((d) => d.id));
    try {
      if (rows.length) await db.insert(webhookAttempts).values(rows).onConflictDoNothing();
    } catch (err) {
      if (!isForeignKeyViolation(err)) throw err;
      // A delivery deleted meanwhile (its endpoint was removed) has nothing left to record.
      alive = new Set((await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(inArray(webhookDeliveries.id, [...alive]))).map((d) => d.id));
      const kept = rows.filter((r) => alive.has(r.deliveryId));
      if (kept.length) await db.insert(webhookAttempts).values(kept).onConflictDoNothing();
    }
    // A delivery's end and its endpoint's failure count change in one transaction: whoever reads
    // a delivery as ended also reads the endpoint as counted (and disabled, at the limit).
    if (succeeded.length) {
      const okEndpoints = [...new Set(claimed.filter((d) => succeeded.includes(d.id)).map((d) => d.endpointId))].filter((id) => endpoints.get(id)?.consecutiveFailures);
      await db.transaction(async (tx) => {
        await lockEndpoints(tx, okEndpoints);
        await tx.update(webhookDeliveries).set({ status: 'succeeded', finishedAt: now, claimedAt: null }).where(mine(succeeded));
        if (okEndpoints.length) await tx.update(webhookEndpoints).set({ consecutiveFailures: 0 }).where(inArray(webhookEndpoints.id, okEndpoints));
      });
    }
    const due: typeof retries = [];
    for (const retry of retries) {
      const moved = await db.update(webhookDeliveries).set({ nextAttemptAt: retry.startAfter, claimedAt: null }).where(mine([retry.jobId])).returning({ id: webhookDeliveries.id });
      if (moved.length && alive.has(retry.jobId)) due.push(retry);
    }
    if (failed.length) {
      const disabled = await db.transaction(async (tx) => {
        const ended = new Set((await tx.update(webhookDeliveries).set({ status: 'failed', finishedAt: now, claimedAt: null })
          .where(mine(failed.map((d) => d.id))).returning({ id: webhookDeliveries.id })).map((d) => d.id));
        return countFailures(tx, failed.filter((d) => ended.has(d.id)), now);
      });
      for (const d of disabled) deps.log.warn(d, `webhook endpoint disabled: ${d.reason}`);
    }
    await deps.queue.sendMany(WEBHOOK_KIND, due);
  }

  /**
   * The maintenance sweep: deliveries claimed longer ago than the lease belong to a process that
   * was killed mid-attempt. Each is taken back in one statement (so two sweeps cannot both take
   * it), its lost attempt is logged and counted — it may have reached the receiver, and a
   * delivery that kills its process must not be retried without end — and it goes on as any
   * failed attempt does: due again after the backoff, or failed when that was the last attempt.
   */
  async function sweepStale(): Promise<number> {
    const now = clock.now();
    const cutoff = new Date(now.getTime() - claimLeaseMs(policy));
    const isStale = and(eq(webhookDeliveries.status, 'pending'), isNotNull(webhookDeliveries.claimedAt), lt(webhookDeliveries.claimedAt, cutoff));
    const lostAt = new Map((await db.select({ id: webhookDeliveries.id, claimedAt: webhookDeliveries.claimedAt }).from(webhookDeliveries).where(isStale)).map((d) => [d.id, d.claimedAt!]));
    if (!lostAt.size) return 0;
    // The sweep claims them itself (claimedAt = now), so that record() below moves exactly these rows.
    const stale = await db.update(webhookDeliveries).set({ claimedAt: now }).where(and(inArray(webhookDeliveries.id, [...lostAt.keys()]), isStale)).returning();
    if (!stale.length) return 0;
    const endpointIds = [...new Set(stale.map((d) => d.endpointId))];
    const endpoints = new Map((await db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, endpointIds))).map((e) => [e.id, e]));
    const lost = stale.map((d) => ({ startedAt: lostAt.get(d.id)!, statusCode: null, error: LOST_ATTEMPT_ERROR, latencyMs: 0 }));
    await record(stale, lost, endpoints);
    deps.log.warn({ deliveryIds: stale.map((d) => d.id) }, 'webhook deliveries taken back from a lost claimant');
    return stale.length;
  }

  /**
   * The maintenance sweep's second half: pending deliveries that no poller claimed within
   * UNQUEUED_AFTER_MS of being due lost their pg-boss job (the listener's send failed after the
   * insert, or its process died between the two): they are queued again. A delivery that was
   * only slow to be taken gets a second job, which finds it claimed or ended and does nothing.
   */
  async function sweepUnqueued(): Promise<number> {
    const cutoff = new Date(clock.now().getTime() - UNQUEUED_AFTER_MS);
    const lost = await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(and(
      eq(webhookDeliveries.status, 'pending'), isNull(webhookDeliveries.claimedAt),
      lt(sql`coalesce(${webhookDeliveries.nextAttemptAt}, ${webhookDeliveries.createdAt})`, cutoff),
    ));
    if (!lost.length) return 0;
    await deps.queue.sendMany(WEBHOOK_KIND, lost.map((d) => ({ jobId: d.id })));
    deps.log.warn({ deliveryIds: lost.map((d) => d.id) }, 'webhook deliveries queued again: their job was lost');
    return lost.length;
  }

  /**
   * Takes the endpoints' row locks in id order, first thing in a transaction that changes them:
   * two batches sharing endpoints then wait for each other instead of deadlocking (a batch's
   * success and another's failures would otherwise lock them in opposite orders).
   */
  async function lockEndpoints(tx: Pick<Db, 'select'>, ids: string[]) {
    if (ids.length) await tx.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(inArray(webhookEndpoints.id, ids)).orderBy(webhookEndpoints.id).for('update');
  }

  /** Failed deliveries count against their endpoint; at the limit it is disabled (a successful test send enables it again). */
  async function countFailures(tx: Pick<Db, 'update' | 'select'>, failed: DeliveryRow[], now: Date) {
    const perEndpoint = new Map<string, number>();
    for (const d of failed) perEndpoint.set(d.endpointId, (perEndpoint.get(d.endpointId) ?? 0) + 1);
    await lockEndpoints(tx, [...perEndpoint.keys()]);
    const disabled: Array<{ endpointId: string; workspaceId: string; reason: string }> = [];
    for (const [endpointId, count] of perEndpoint) {
      const [row] = await tx.update(webhookEndpoints).set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + ${count}` })
        .where(eq(webhookEndpoints.id, endpointId)).returning();
      if (row && !row.disabledAt && shouldDisable(row.consecutiveFailures, policy)) {
        const reason = `${row.consecutiveFailures} consecutive deliveries failed`;
        await tx.update(webhookEndpoints).set({ disabledAt: now, disabledReason: reason }).where(eq(webhookEndpoints.id, endpointId));
        disabled.push({ endpointId, workspaceId: row.workspaceId, reason });
      }
    }
    return disabled;
  }

  return {
    post,
    handle,
    sweepStale,
    sweepUnqueued,
    /** Starts this process's pollers (processes that work jobs). */
    start: (workers: number) => deps.queue.workBatches(WEBHOOK_KIND, workers, WEBHOOK_BATCH_SIZE, (ids) => {
      const work = handle(ids).catch((err) => deps.log.error({ err, deliveryIds: ids }, 'webhook delivery batch failed')).finally(() => handling.delete(work));
      handling.add(work);
      return work;
    }),
    /** Shutting down: requests in flight are cut short and their deliveries queued again for another process. */
    async stop() {
      stopping = true;
      for (const controller of inFlight) controller.abort(new Error('shutdown'));
      await Promise.allSettled([...handling]);
    },
  };
}
export type Deliverer = ReturnType<typeof createDeliverer>;
