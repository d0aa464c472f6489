import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { createCanariesService } from './canaries.service.ts';
import { canariesRoutes } from './canaries.routes.ts';

/** Canary prompts: the service's own daily asks that flag engine changes (docs/monitoring.md). */
export function canariesModule(needs: Parameters<typeof createCanariesService>[0]) {
  const canaries = createCanariesService(needs);
  return {
    name: 'canaries', canaries,
    http(app: FastifyInstance) {
      canariesRoutes(app, { canaries });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
