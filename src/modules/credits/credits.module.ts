import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { createCreditsService } from './credits.service.ts';
import { creditsRoutes } from './credits.routes.ts';
import { createTransferService, type TransferService } from './transfer.ts';

/** The credit ledger: grants, holds, charges and the low-balance event. */
export function creditsModule(needs: Parameters<typeof createCreditsService>[0] & {
  mockTopUpAllowed: boolean; checkoutAvailable: boolean;
  /** The caller's membership of a workspace by slug (read at request time: workspaces are made after credits). */
  membership: Parameters<typeof createTransferService>[0]['membership'];
}) {
  const credits = createCreditsService(needs);
  const transfers: TransferService = createTransferService({ db: needs.db, clock: needs.clock, credits, membership: needs.membership });
  return {
    name: 'credits', credits,
    http(app: FastifyInstance) {
      creditsRoutes(app, { credits, transfers, mockTopUpAllowed: needs.mockTopUpAllowed, checkoutAvailable: needs.checkoutAvailable });
    },
    sweeps: [() => credits.sweep()],
  } satisfies ModuleParts & Record<string, unknown>;
}
