import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { seal } from '../../lib/crypto.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { FetchRefusedError, type SafeFetcher } from '../../lib/safe-fetch/safe-fetch.ts';
import type { JobQueue } from '../jobs/jobs.queue.ts';
import { isPublicEventType, type DomainEvent, type PublicEventType } from '../events/events.hub.ts';
import { secretAad, WEBHOOK_KIND, type Deliverer } from './webhooks.delivery.ts';
import { deliveryBody, delivered, MAX_ENDPOINTS_PER_WORKSPACE, newWebhookSecret, TEST_EVENT_TYPE } from './webhooks.fns.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './webhooks.tables.ts';

// Endpoints (create with a secret shown once, list, delete), the test send, the delivery log, and
// the event hub's listener that turns each public event into one delivery per subscribed endpoint.

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

export interface WebhooksDeps {
  db: Db;
  clock: Clock;
  fetcher: SafeFetcher;
  queue: Pick<JobQueue, 'sendMany'>;
  deliverer: Deliverer;
  credentialsKey: Buffer;
  /** Production: only https addresses. */
  requireHttps: boolean;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function endpointView(row: EndpointRow) {
  return {
    id: row.id, url: row.url, events: row.events, createdAt: row.createdAt.toISOString(),
    disabled: row.disabledAt !== null, disabledAt: iso(row.disabledAt), disabledReason: row.disabledReason, consecutiveFailures: row.consecutiveFailures,
  };
}

const attemptView = (a: Pick<AttemptRow, 'attempt' | 'startedAt' | 'statusCode' | 'error' | 'latencyMs' | 'nextAttemptAt'>) => ({
  attempt: a.attempt, startedAt: a.startedAt.toISOString(), statusCode: a.statusCode, error: a.error, latencyMs: a.latencyMs, nextAttemptAt: iso(a.nextAttemptAt),
});

function deliveryView(d: DeliveryRow, attempts: AttemptRow[]) {
  return {
    id: d.id, eventId: d.eventId, type: d.eventType, status: d.status as 'pending' | 'succeeded' | 'failed', payload: JSON.parse(d.body) as Record<string, unknown>,
    createdAt: d.createdAt.toISOString(), finishedAt: iso(d.finishedAt), nextAttemptAt: iso(d.nextAttemptAt),
    attemptCount: d.attempts, attempts: attempts.sort((a, b) => b.attempt - a.attempt).map(attemptView),
  };
}

export function createWebhooksService(deps: WebhooksDeps) {
  const { db, clock } = deps;

  /** The fetching rules at creation: a forbidden address (literal or resolved) or plain http in production → 400 naming `url`. */
  async function checkUrl(url: string): Promise<string> {
    try {
      const parsed = deps.fetcher.checkUrl(url);
      if (deps.requireHttps && parsed.protocol !== 'https:') throw new FetchRefusedError('scheme', 'webhook addresses must use https');
      await deps.fetcher.resolve(parsed.hostname, parsed.port, parsed.protocol as 'http:' | 'https:');
      return parsed.href;
    } catch (err) {
      if (err instanceof FetchRefusedError) throw invalid(`body.url: ${err.message}`, { field: 'url', reason: err.reason });
      throw err;
    }
  }

  async function endpointOf(ws: WorkspaceContext, id: string) {
    const [row] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, ws.id)));
    if (!row) throw notFound('Webhook');
    return row;
  }

  return {
    async create(ws: WorkspaceContext, userId: string | null, body: { url: string; events: PublicEventType[] }) {
      const url = await checkUrl(body.url);
      const secret = newWebhookSecret();
      const id = newId('whk');
      const row = await db.transaction(async (tx) => {
        // Creations in one workspace take turns, so that two at once cannot pass the cap together.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${ws.id}`}))`);
        const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, ws.id))) as [{ count: number }];
        if (count >= MAX_ENDPOINTS_PER_WORKSPACE) {
          throw invalid(`A workspace has at most ${MAX_ENDPOINTS_PER_WORKSPACE} webhook endpoints; delete one first.`, { limit: MAX_ENDPOINTS_PER_WORKSPACE });
        }
        const [inserted] = await tx.insert(webhookEndpoints).values({
          id, workspaceId: ws.id, url, events: [...new Set(body.events)], secretCiphertext: seal(deps.credentialsKey, secret, secretAad(ws.id, id)),
          createdBy: userId, createdAt: clock.now(),
        }).returning();
        return inserted!;
      });
      return { id: row.id, url: row.url, events: row.events, secret, createdAt: row.createdAt.toISOString() };
    },

    async list(ws: WorkspaceContext) {
      const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, ws.id)).orderBy(webhookEndpoints.id);
      return rows.map(endpointView);
    },

    /** Deletes the endpoint with its delivery log; its queued deliveries are dropped when their job finds no row. */
    async remove(ws: WorkspaceContext, id: string) {
      const [row] = await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, ws.id))).returning({ id: webhookEndpoints.id });
      if (!row) throw notFound('Webhook');
    },

    /**
     * Sends a `webhook.test` ping now, once (no retries), and answers with the attempt. It is logged
     * like any delivery, works on a disabled endpoint, and a success enables a disabled endpoint again.
     */
    async test(ws: WorkspaceContext, id: string) {
      const endpoint = await endpointOf(ws, id);
      const eventId = newId('evt');
      const now = clock.now();
      const body = deliveryBody({ type: TEST_EVENT_TYPE, occurredAt: now, data: { webhookId: endpoint.id, message: 'A test event: your endpoint received and can verify it.' } });
      const [delivery] = await db.insert(webhookDeliveries).values({
        id: newId('wdl'), endpointId: endpoint.id, workspaceId: ws.id, eventId, eventType: TEST_EVENT_TYPE, body, status: 'pending', attempts: 1, createdAt: now,
      }).returning();
      const result = await deps.deliverer.post(endpoint, { eventId, body });
      const ok = delivered(result.statusCode);
      await db.insert(webhookAttempts).values({ deliveryId: delivery!.id, attempt: 1, ...result, nextAttemptAt: null });
      await db.update(webhookDeliveries).set({ status: ok ? 'succeeded' : 'failed', finishedAt: clock.now() }).where(eq(webhookDeliveries.id, delivery!.id));
      if (ok && (endpoint.disabledAt || endpoint.consecutiveFailures)) {
        await db.update(webhookEndpoints).set({ disabledAt: null, disabledReason: null, consecutiveFailures: 0 }).where(eq(webhookEndpoints.id, endpoint.id));
      }
      return { deliveryId: delivery!.id, eventId, type: TEST_EVENT_TYPE, succeeded: ok, ...attemptView({ attempt: 1, ...result, nextAttemptAt: null }) };
    },

    /** The delivery log, newest first; `cursor` is the last id of the previous page. */
    async deliveries(ws: WorkspaceContext, id: string, page: { limit: number; cursor?: string }) {
      const endpoint = await endpointOf(ws, id);
      const rows = await db.select().from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpointId, endpoint.id), page.cursor ? lt(webhookDeliveries.id, page.cursor) : undefined))
        .orderBy(desc(webhookDeliveries.id)).limit(page.limit + 1);
      const items = rows.slice(0, page.limit);
      const attempts = items.length ? await db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, items.map((d) => d.id))) : [];
      return {
        items: items.map((d) => deliveryView(d, attempts.filter((a) => a.deliveryId === d.id))),
        nextCursor: rows.length > page.limit ? items.at(-1)!.id : null,
      };
    },

    /**
     * The hub listener: one delivery row per enabled endpoint subscribed to the event, all inserted
     * in one statement and queued in one more, so that publishing never waits on a receiver.
     */
    async onEvent(event: DomainEvent) {
      if (!isPublicEventType(event.type)) return;
      const targets = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(and(
        eq(webhookEndpoints.workspaceId, event.workspaceId), isNull(webhookEndpoints.disabledAt),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([event.type])}::jsonb`,
      ));
      if (!targets.length) return;
      const body = deliveryBody(event);
      const now = clock.now();
      const inserted = await db.insert(webhookDeliveries).values(targets.map((t) => ({
        id: newId('wdl'), endpointId: t.id, workspaceId: event.workspaceId, eventId: event.id, eventType: event.type, body, status: 'pending', createdAt: now,
      }))).onConflictDoNothing().returning({ id: webhookDeliveries.id });
      await deps.queue.sendMany(WEBHOOK_KIND, inserted.map((d) => ({ jobId: d.id })));
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
