import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { createBillingService } from './billing.service.ts';
import { billingRoutes } from './billing.routes.ts';

/** Top-ups through the payment processor (or the mock checkout outside production). */
export function billingModule(needs: Parameters<typeof createBillingService>[0]) {
  const billing = createBillingService(needs);
  return {
    name: 'billing', billing,
    http(app: FastifyInstance) {
      billingRoutes(app, { billing });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
