import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';

/**
 * The transactional outbox (docs/events.md): every domain event is a row written by the
 * transaction whose change causes it, so an event exists exactly when its change committed.
 * The row is deleted once the hub's listeners have all run for it; a row still here after
 * RELAY_AFTER_MS (its process died between the commit and the listeners) is published by the
 * relay. The table holds only events not yet published: it stays small.
 */
export const eventOutbox = pgTable(
  'event_outbox',
  {
    /** `evt_…`: the event's id, the `webhook-id` of its deliveries, the key consumers dedupe on. */
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    workspaceId: text('workspace_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    occurredAt: ts('occurred_at').notNull(),
    /** When the row was written (the relay's clock: it waits RELAY_AFTER_MS for the writer itself). */
    recordedAt: ts('recorded_at').notNull(),
    /** Relay passes that took it; one that keeps failing is given up after RELAY_MAX_ATTEMPTS. */
    attempts: integer('attempts').notNull().default(0),
    /** When a relay took the row: a lease, so that a relay that died leaves it to the next one. */
    claimedAt: ts('claimed_at'),
  },
  (t) => [index('event_outbox_recorded_idx').on(t.recordedAt)],
);
