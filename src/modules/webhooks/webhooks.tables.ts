import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { users } from '../accounts/accounts.tables.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';

// Outbound webhooks: endpoints a workspace registered, one delivery per (endpoint, event), and
// every attempt of a delivery. The signing secret is sealed like stored credentials (AES-256-GCM
// under CREDENTIALS_KEY, bound to workspace and endpoint): it is shown once and never stored in clear.
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    secretCiphertext: text('secret_ciphertext').notNull(),
    /** Deliveries that ended failed since the last success; at the limit the endpoint is disabled. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    disabledAt: ts('disabled_at'),
    disabledReason: text('disabled_reason'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('webhook_endpoints_workspace').on(t.workspaceId)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id').notNull().references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    /** The event's id: the `webhook-id` header, the same on every attempt (receivers dedupe on it). */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact JSON sent, so that every attempt signs and sends the same bytes. */
    body: text('body').notNull(),
    /** `pending` (waiting or being attempted), `succeeded`, `failed` (attempts exhausted). */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    /**
     * When a poller claimed it for an attempt; null when no attempt is under way. A claim older than
     * the lease (claimLeaseMs) belongs to a process that died: the maintenance sweep takes it back.
     */
    claimedAt: ts('claimed_at'),
    createdAt: ts('created_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    unique('webhook_deliveries_event').on(t.endpointId, t.eventId), index('webhook_deliveries_log').on(t.endpointId, t.id),
    index('webhook_deliveries_claimed').on(t.claimedAt).where(sql`${t.claimedAt} is not null`),
    // The sweep of lost jobs reads pending, unclaimed deliveries only.
    index('webhook_deliveries_unclaimed').on(t.createdAt).where(sql`status = 'pending' and claimed_at is null`),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    deliveryId: text('delivery_id').notNull().references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: ts('started_at').notNull(),
    /** The receiver's HTTP status; null when no answer came (refused address, timeout, network). */
    statusCode: integer('status_code'),
    error: text('error'),
    latencyMs: integer('latency_ms').notNull(),
    /** When the next attempt is due; null when this one was the last. */
    nextAttemptAt: ts('next_attempt_at'),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.attempt] })],
);
