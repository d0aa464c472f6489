import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';

// One in-process hub that modules publish domain events to after their transaction commits,
// and that alerts and outbound webhooks subscribe to. It lives in every process (API or worker):
// an event is published where the change happened. Listeners must be quick and durable on their
// own (enqueue a job, insert a row); a listener's error is logged and never reaches the publisher,
// so a flood of events or a broken endpoint can never fail or block a run.

/** The event types outbound webhooks deliver (decisions: "Monitoring and operations"). */
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

export interface EventHub {
  /** Call after the change has committed. Resolves when every listener has run (errors logged). */
  publish(event: EventInput): Promise<DomainEvent>;
  /** Returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
}

export function isPublicEventType(type: string): type is PublicEventType {
  return (PUBLIC_EVENT_TYPES as readonly string[]).includes(type);
}

export function createEventHub(deps: { clock: Clock; log: Pick<FastifyBaseLogger, 'error'> }): EventHub {
  const listeners = new Set<EventListener>();
  return {
    async publish(input) {
      const event: DomainEvent = { ...input, id: input.id ?? newId('evt'), occurredAt: input.occurredAt ?? deps.clock.now() };
      for (const listener of [...listeners]) {
        try {
          await listener(event);
        } catch (err) {
          deps.log.error({ err, eventId: event.id, eventType: event.type }, 'event listener failed');
        }
      }
      return event;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
