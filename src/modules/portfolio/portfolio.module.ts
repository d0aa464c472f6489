import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { createPortfolioService } from './portfolio.service.ts';
import { portfolioRoutes } from './portfolio.routes.ts';

/** The agency portfolio: every workspace a person reaches, in one view and one report. */
export function portfolioModule(needs: Parameters<typeof createPortfolioService>[0]) {
  const portfolio = createPortfolioService(needs);
  return {
    name: 'portfolio', portfolio,
    http(app: FastifyInstance) {
      portfolioRoutes(app, { portfolio });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
