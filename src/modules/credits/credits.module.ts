import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { createCreditsService } from './credits.service.ts';
import { creditsRoutes } from './credits.routes.ts';

/** The credit ledger: grants, holds, charges and the low-balance event. */
export function creditsModule(needs: Parameters<typeof createCreditsService>[0] & { mockTopUpAllowed: boolean; checkoutAvailable: boolean }) {
  const credits = createCreditsService(needs);
  return {
    name: 'credits', credits,
    http(app: FastifyInstance) {
      creditsRoutes(app, { credits, mockTopUpAllowed: needs.mockTopUpAllowed, checkoutAvailable: needs.checkoutAvailable });
    },
    sweeps: [() => credits.sweep()],
  } satisfies ModuleParts & Record<string, unknown>;
}
