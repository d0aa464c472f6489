import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { createResearchService } from './research.service.ts';
import { researchRoutes } from './research.routes.ts';

/** Research: the questions people ask around the brand's category, from a model and a search API. */
export function researchModule(needs: Parameters<typeof createResearchService>[0]) {
  const research = createResearchService(needs);
  return {
    name: 'research', research,
    http(app: FastifyInstance) {
      researchRoutes(app, { research });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
