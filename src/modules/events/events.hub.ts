import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { newId } from '../../lib/ids.ts';
import { eventOutbox } from './events.tables.ts';

// One hub per process that modules publish domain events to and that alerts and outbound webhooks
// subscribe to, over a transactional outbox (docs/events.md). A change that causes an event
// writes it with `record(tx, …)` in its own transaction; once that has committed, `deliver` runs
// the listeners in this process and deletes the row. A process that dies between the commit and
// the end of `deliver` leaves the row behind, and the relay (the maintenance sweep, every minute,
// in any process) delivers it again: at least once. Listeners are idempotent by event id (a
// webhook delivery is unique per endpoint and event, an alert's stored event is keyed by it and its
// evaluation job's id derives from it), so a second delivery changes nothing. Listeners must be
// quick and durable on their own (insert a row, enqueue a job); a listener's error is logged,
// never reaches the publisher, and leaves the event to the relay.

/** The event types outbound webhooks deliver (docs/monitoring.md, "Outbound webhooks"). */
export const PUBLIC_EVENT_TYPES = ['run.succeeded', 'run.failed', 'score.changed', 'alert.fired', 'recommendation.created', 'credits.low'] as const;
export type PublicEventType = (typeof PUBLIC_EVENT_TYPES)[number];
/** Internal events: published and subscribed in-process, never delivered outside. */
export const INTERNAL_EVENT_TYPES = ['schedule.skipped'] as const;
export type InternalEventType = (typeof INTERNAL_EVENT_TYPES)[number];
export type EventType = PublicEventType | InternalEventType;

export interface DomainEvent {
  /** `evt_…`, also the Standard Webhooks `webhook-id` of its deliveries. */
  id: string;
  type: EventType;
  workspaceId: string;
  occurredAt: Date;
  data: Record<string, unknown>;
}

export type EventInput = Omit<DomainEvent, 'id' | 'occurredAt'> & { id?: string; occurredAt?: Date };
export type EventListener = (event: DomainEvent) => Promise<void> | void;

/**
 * Fault injection for tests (refused by buildApp unless GEO_ENV=test): `afterCommit` is called
 * when an event's transaction has committed, before any listener runs — a test kills the process
 * there to prove the relay delivers what the dead process could not.
 */
export interface EventFaults {
  afterCommit?(event: DomainEvent): void;
}

export interface EventHub {
  /** Writes the event to the outbox inside `tx`, the transaction that makes its change. Deliver it after the commit. */
  record(tx: Db, event: EventInput): Promise<DomainEvent>;
  /** After the commit of recorded events: runs the listeners (errors logged), then removes them from the outbox. */
  deliver(events: DomainEvent | readonly DomainEvent[]): Promise<void>;
  /** Records in a transaction of its own, then delivers: for a change already committed on its own. */
  publish(event: EventInput): Promise<DomainEvent>;
  /** Returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
  /** Delivers events left in the outbox RELAY_AFTER_MS after they were written (the maintenance sweep); returns how many. */
  relay(): Promise<number>;
}

/** How long the writer has to deliver its own event before the relay does it. */
export const RELAY_AFTER_MS = 30_000;
/** A relay's claim on an event lasts this long; a relay that died mid-delivery leaves it to the next. */
export const RELAY_LEASE_MS = 5 * 60_000;
/** Relay passes before an event whose listeners keep failing is given up (logged), about ten minutes of retries. */
export const RELAY_MAX_ATTEMPTS = 10;
const RELAY_BATCH = 200;

export function isPublicEventType(type: string): type is PublicEventType {
  return (PUBLIC_EVENT_TYPES as readonly string[]).includes(type);
}

export function createEventHub(deps: { db: Db; clock: Clock; log: Pick<FastifyBaseLogger, 'error' | 'warn'>; faults?: EventFaults }): EventHub {
  const { db, clock } = deps;
  const listeners = new Set<EventListener>();

  /** Runs every listener; true when all of them succeeded. */
  async function run(event: DomainEvent): Promise<boolean> {
    let ok = true;
    for (const listener of [...listeners]) {
      try {
        await listener(event);
      } catch (err) {
        ok = false;
        deps.log.error({ err, eventId: event.id, eventType: event.type }, 'event listener failed; the relay delivers the event again');
      }
    }
    return ok;
  }

  async function deliverOne(event: DomainEvent): Promise<void> {
    deps.faults?.afterCommit?.(event);
    if (!(await run(event))) return;
    await db.delete(eventOutbox).where(eq(eventOutbox.id, event.id))
      .catch((err) => deps.log.error({ err, eventId: event.id }, 'delivered event not removed from the outbox; the relay delivers it again'));
  }

  const hub: EventHub = {
    async record(tx, input) {
      const event: DomainEvent = { ...input, id: input.id ?? newId('evt'), occurredAt: input.occurredAt ?? clock.now() };
      // An event announced again (alert.fired on a retried evaluation) keeps its first row.
      await tx.insert(eventOutbox).values({ ...event, recordedAt: clock.now() }).onConflictDoNothing();
      return event;
    },
    async deliver(events) {
      for (const event of Array.isArray(events) ? events : [events as DomainEvent]) await deliverOne(event);
    },
    async publish(input) {
      const event = await hub.record(db, input);
      await deliverOne(event);
      return event;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async relay() {
      const now = clock.now();
      const takeable = and(
        lt(eventOutbox.recordedAt, new Date(now.getTime() - RELAY_AFTER_MS)), lt(eventOutbox.attempts, RELAY_MAX_ATTEMPTS),
        or(isNull(eventOutbox.claimedAt), lt(eventOutbox.claimedAt, new Date(now.getTime() - RELAY_LEASE_MS))),
      );
      const due = await db.select({ id: eventOutbox.id }).from(eventOutbox).where(takeable).orderBy(eventOutbox.recordedAt).limit(RELAY_BATCH);
      if (!due.length) return 0;
      // Claimed in one conditional update: two relays never take the same row.
      const claimed = await db.update(eventOutbox).set({ claimedAt: now, attempts: sql`${eventOutbox.attempts} + 1` })
        .where(and(inArray(eventOutbox.id, due.map((d) => d.id)), takeable)).returning();
      claimed.sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
      for (const row of claimed) {
        const event: DomainEvent = { id: row.id, type: row.type as EventType, workspaceId: row.workspaceId, occurredAt: row.occurredAt, data: row.data };
        if (!(await run(event))) {
          if (row.attempts >= RELAY_MAX_ATTEMPTS) deps.log.error({ eventId: row.id, eventType: row.type }, 'event given up after its relay attempts');
          continue;
        }
        await db.delete(eventOutbox).where(eq(eventOutbox.id, row.id));
      }
      if (claimed.length) deps.log.warn({ eventIds: claimed.map((r) => r.id) }, 'events relayed from the outbox: their writer did not deliver them');
      return claimed.length;
    },
  };
  return hub;
}
