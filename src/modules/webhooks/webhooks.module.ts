import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import type { SafeFetcher } from '../../lib/safe-fetch/safe-fetch.ts';
import type { JobQueue } from '../jobs/jobs.queue.ts';
import { workersFor } from '../jobs/jobs.kinds.ts';
import { createDeliverer, WEBHOOK_KIND } from './webhooks.delivery.ts';
import { DEFAULT_DELIVERY_POLICY, type DeliveryPolicy } from './webhooks.fns.ts';
import { webhooksRoutes } from './webhooks.routes.ts';
import { createWebhooksService } from './webhooks.service.ts';

// Outbound webhooks wired into the app: the hub listener (every process: it only inserts and
// enqueues), the routes, and the delivery pollers in processes that work jobs.
export async function setupWebhooks(app: FastifyInstance, deps: {
  db: Db; clock: Clock; fetcher: SafeFetcher; queue: JobQueue; credentialsKey: Buffer;
  policy?: DeliveryPolicy; requireHttps: boolean; workJobs: boolean;
}) {
  const policy = deps.policy ?? DEFAULT_DELIVERY_POLICY;
  const deliverer = createDeliverer({ ...deps, policy, log: app.log });
  const webhooks = createWebhooksService({ ...deps, deliverer });
  const unsubscribe = app.events.subscribe((event) => webhooks.onEvent(event));
  webhooksRoutes(app, { webhooks });
  if (deps.workJobs) await deliverer.start(workersFor(WEBHOOK_KIND, 1));
  // onClose hooks run last-registered first: this one runs before the queue stops, so that
  // deliveries cut short are queued again while the queue still takes jobs.
  app.addHook('onClose', async () => {
    unsubscribe();
    await deliverer.stop();
  });
  // The maintenance sweep takes back deliveries whose claimant died mid-attempt (killed, not
  // stopped), and queues again those whose job was lost before any claim.
  return { ...webhooks, sweepStale: deliverer.sweepStale, sweepUnqueued: deliverer.sweepUnqueued };
}
