import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import type { ModuleParts } from '../../lib/module.ts';
import type { SafeFetcher } from '../../lib/safe-fetch/safe-fetch.ts';
import type { EventHub } from '../events/events.hub.ts';
import type { JobQueue } from '../jobs/jobs.queue.ts';
import { workersFor } from '../jobs/jobs.kinds.ts';
import { createDeliverer, WEBHOOK_KIND } from './webhooks.delivery.ts';
import { DEFAULT_DELIVERY_POLICY, type DeliveryPolicy } from './webhooks.fns.ts';
import { webhooksRoutes } from './webhooks.routes.ts';
import { createWebhooksService } from './webhooks.service.ts';

/**
 * Outbound webhooks: public events become signed deliveries through the safe fetcher (pg-boss,
 * with backoff). The hub listener runs in every process (it only inserts and enqueues); the
 * delivery pollers run where jobs are worked.
 */
export function webhooksModule(needs: {
  db: Db; clock: Clock; fetcher: SafeFetcher; queue: JobQueue; events: EventHub; log: FastifyBaseLogger;
  credentialsKey: Buffer; policy?: DeliveryPolicy; requireHttps: boolean;
}) {
  const policy = needs.policy ?? DEFAULT_DELIVERY_POLICY;
  const deliverer = createDeliverer({ ...needs, policy });
  const webhooks = createWebhooksService({ ...needs, deliverer });
  const unsubscribe = needs.events.subscribe((event) => webhooks.onEvent(event));
  return {
    name: 'webhooks', webhooks,
    http(app: FastifyInstance) {
      webhooksRoutes(app, { webhooks });
    },
    startWorkers: () => deliverer.start(workersFor(WEBHOOK_KIND, 1)),
    // Takes back deliveries whose claimant died mid-attempt (killed, not stopped), and queues
    // again those whose job was lost before any claim.
    sweeps: [() => deliverer.sweepStale(), () => deliverer.sweepUnqueued()],
    // Closes before the queue (modules close in reverse order): deliveries cut short are queued
    // again while the queue still takes jobs.
    async close() {
      unsubscribe();
      await deliverer.stop();
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
