import { Type } from 'typebox';
import { Closed, Nullable, StringEnum, Timestamp } from '../../lib/http/schema-helpers.ts';
import { PUBLIC_EVENT_TYPES } from '../events/events.hub.ts';
import { MAX_ENDPOINTS_PER_WORKSPACE } from './webhooks.fns.ts';

export const EventTypes = Type.Array(StringEnum(PUBLIC_EVENT_TYPES), {
  minItems: 1, maxItems: PUBLIC_EVENT_TYPES.length, uniqueItems: true, description: `Events to receive: ${PUBLIC_EVENT_TYPES.join(', ')}.`,
});

export const WebhookCreateBody = Closed({
  url: Type.String({ minLength: 1, maxLength: 2048, description: 'Where events are POSTed; the fetching rules apply (no private, loopback or reserved addresses; https in production).' }),
  events: EventTypes,
}, { description: `At most ${MAX_ENDPOINTS_PER_WORKSPACE} endpoints per workspace.` });

export const WebhookCreated = Type.Object({
  id: Type.String({ description: '`whk_…`' }),
  url: Type.String(),
  events: Type.Array(Type.String()),
  secret: Type.String({ description: 'The Standard Webhooks signing secret (`whsec_…`), shown only in this answer.' }),
  createdAt: Timestamp,
});

export const WebhookEndpoint = Type.Object({
  id: Type.String(), url: Type.String(), events: Type.Array(Type.String()), createdAt: Timestamp,
  disabled: Type.Boolean({ description: 'True after too many consecutive failed deliveries; a successful test send enables it again.' }),
  disabledAt: Nullable(Timestamp), disabledReason: Nullable(Type.String()),
  consecutiveFailures: Type.Integer({ description: 'Deliveries that ended failed since the last success.' }),
});

export const Attempt = Type.Object({
  attempt: Type.Integer({ minimum: 1 }),
  startedAt: Timestamp,
  statusCode: Nullable(Type.Integer({ description: 'The receiver’s HTTP status; null when no answer came.' })),
  error: Nullable(Type.String({ description: 'Why the attempt failed without an answer (refused address, timeout, network), or that a redirect was not followed.' })),
  latencyMs: Type.Integer(),
  nextAttemptAt: Nullable(Timestamp),
});

export const TestResult = Type.Intersect([Attempt, Type.Object({
  deliveryId: Type.String(), eventId: Type.String(), type: Type.String({ description: '`webhook.test`' }),
  succeeded: Type.Boolean({ description: 'The endpoint answered 2xx.' }),
})]);

export const Delivery = Type.Object({
  id: Type.String({ description: '`wdl_…`' }),
  eventId: Type.String({ description: 'The `webhook-id` header, the same on every attempt.' }),
  type: Type.String(),
  status: StringEnum(['pending', 'succeeded', 'failed'] as const),
  payload: Type.Object({}, { additionalProperties: true, description: 'The JSON body sent: {type, timestamp, data}.' }),
  createdAt: Timestamp, finishedAt: Nullable(Timestamp), nextAttemptAt: Nullable(Timestamp),
  attemptCount: Type.Integer(),
  attempts: Type.Array(Attempt, { description: 'Every attempt, newest first.' }),
});

export const DeliveryPage = Type.Object({
  items: Type.Array(Delivery),
  nextCursor: Nullable(Type.String({ description: 'Pass as `cursor` for the next (older) page; null on the last.' })),
});

export const DeliveriesQuery = Closed({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  cursor: Type.Optional(Type.String({ maxLength: 100 })),
});
