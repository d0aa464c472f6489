import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { hmacSha256Hex } from '../../lib/crypto.ts';
import { createDeliveryService } from './delivery.service.ts';
import { deliveryRoutes } from './delivery.routes.ts';
import { createPortfolioDeliveryService } from './portfolio-delivery.service.ts';
import { portfolioDeliveryRoutes } from './portfolio-delivery.routes.ts';

type DeliveryNeeds = Parameters<typeof createDeliveryService>[0];
type PortfolioNeeds = Parameters<typeof createPortfolioDeliveryService>[0];

/**
 * Scheduled report mail (docs/reports.md): a workspace's reports and a person's portfolio, each
 * on its own schedule, attached up to a size and linked beyond it (signed links).
 */
export function reportDeliveryModule(needs: Omit<DeliveryNeeds, 'secret'> & Pick<PortfolioNeeds, 'portfolio'> & { sessionSecret: Buffer | string }) {
  const secret = hmacSha256Hex(needs.sessionSecret, 'report-delivery-links');
  const delivery = createDeliveryService({ ...needs, secret });
  const portfolioDelivery = createPortfolioDeliveryService({ ...needs, secret });
  return {
    name: 'report-delivery', delivery, portfolioDelivery,
    http(app: FastifyInstance) {
      deliveryRoutes(app, { delivery, portfolioDelivery });
      portfolioDeliveryRoutes(app, { portfolioDelivery });
    },
    startWorkers: async () => {
      await Promise.all([delivery.startWorkers(), portfolioDelivery.startWorkers()]);
    },
    // The minute's sweep finds due slots.
    sweeps: [() => delivery.tick(), () => portfolioDelivery.tick()],
  } satisfies ModuleParts & Record<string, unknown>;
}
